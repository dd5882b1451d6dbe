// A watched route in real headless Chromium against the real server: the traveller searches, taps
// "Watch this route", and the device mirrors the route's listings (a carrier's new listing on it
// arrives by poke). With no network, a search on the route answers from the mirror, first result
// well within the goal, saying "as of" when; Book Now queues the booking, and when the network is
// back the server's refusal (someone took the space meanwhile) comes back with its reason.
// Unwatch removes the mirrored rows. axe runs on the search screen at both widths; screenshots.
import { loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, expectNoAxeViolations, fillSearch, PHONE, shoot } from '../support/e2e-browser';
import { type E2eServer, startE2eServer } from '../support/e2e-server';
import { listingBody } from '../support/e2e-users';
import { Api, testUser } from '../support/pwa-api';
import { launchPersistent, openApp, type PwaBrowser } from '../support/pwa-browser';

const run = Date.now().toString(36);
const CARRIER = testUser('Carrier', run);
const TRAVELLER = testUser('Traveller', run);
const OTHER = testUser('Other', run);
const DEPARTURE = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
const poll = { timeout: 30_000, interval: 250 };

let server: E2eServer;
let carrierApi: Api;
let otherApi: Api;
let browser: PwaBrowser;
let page: Page;

function listing(flightNo: string, weight: number, cost: number) {
  return listingBody(CARRIER, DEPARTURE, { to: 'GOI', flightNo, weight, cost });
}

/** The mirrored listings and watches as the page's IndexedDB holds them. */
function mirror(p: Page): Promise<{ watched: string[]; watches: string[] }> {
  return p.evaluate(
    () =>
      new Promise<{ watched: string[]; watches: string[] }>((resolve, reject) => {
        const open = indexedDB.open('carry');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(['watched', 'watches']);
          const watched = tx.objectStore('watched').getAll();
          const watches = tx.objectStore('watches').getAll();
          tx.oncomplete = () => {
            resolve({
              watched: (watched.result as { flightNo: string }[]).map((r) => r.flightNo).sort(),
              watches: (watches.result as { syncState: string }[]).map((r) => r.syncState),
            });
            open.result.close();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}

const SEARCH = { from: 'DEL', to: 'GOI', departure: DEPARTURE, flightNo: 'AI601' };

describe('a watched route', () => {
  beforeAll(async () => {
    server = await startE2eServer();
    carrierApi = await new Api(server.url).signIn(CARRIER);
    otherApi = await new Api(server.url).signIn(OTHER);
    await new Api(server.url).signIn(TRAVELLER);
    await carrierApi.json('POST', '/carrier/carrier/add-listing', listing('AI601', 4, 600));
    browser = await launchPersistent();
    page = await openApp(browser, server.url, TRAVELLER, 'Traveller');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.remove();
  });

  it('is watched after a search, mirrored, kept fresh by pokes, and accessible', async () => {
    await page.goto(`${server.url}/travellerhome`);
    await page.getByRole('heading', { name: "Can't Carry Your Luggage?" }).waitFor();
    await fillSearch(page, SEARCH);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Showing 1 of 1 results').waitFor();
    await page.getByLabel('Dates to watch').selectOption({ label: '± 1 day' });
    await page.getByRole('button', { name: 'Watch this route' }).click();
    await page.getByText(/^Watching DEL → GOI/).waitFor();
    await expect.poll(() => mirror(page), poll).toEqual({ watched: ['AI601'], watches: ['synced'] });

    // A new listing on the watched route reaches the open page by poke, with no navigation.
    await carrierApi.json('POST', '/carrier/carrier/add-listing', listing('AI602', 6, 450));
    await expect.poll(async () => (await mirror(page)).watched, poll).toEqual(['AI601', 'AI602']);

    await page.reload();
    await page.getByText('Watched routes').waitFor();
    await page.waitForLoadState('networkidle');
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await expectNoAxeViolations(page, `/travellerhome (watched) @${size.width}px`);
    }
    await shoot(page, 'watched-route-online');
  });

  it('answers a search with no network from the mirror, with its age, and books through the outbox', async () => {
    await page.context().setOffline(true);
    await page.goto(`${server.url}/travellerhome`);
    await page.getByRole('heading', { name: "Can't Carry Your Luggage?" }).waitFor();
    await fillSearch(page, SEARCH);
    const started = Date.now();
    await page.getByRole('button', { name: 'Search' }).click();
    const line = page.getByText(
      /Showing 2 of 2 results · from your watched route, as of \d{1,2}:\d{2}( [ap]m)?/i,
    );
    await line.waitFor();
    const firstResultMs = Date.now() - started;
    console.log(`offline watched search, first result: ${firstResultMs} ms (load ${loadAverage()})`);
    // The goal is 300 ms (measured by npm run bench); a loaded test machine gets slack.
    expect(firstResultMs).toBeLessThan(3000);
    await shoot(page, 'watched-route-offline');

    // Book Now from a mirrored result: queued like any change.
    await page
      .getByRole('listitem')
      .filter({ hasText: 'AI601' })
      .getByRole('button', { name: /Book Now/ })
      .click();
    await page.getByLabel('Weight (KG)').fill('3');
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await page.getByText('Booking Conformed').waitFor();

    // Meanwhile someone else takes the space; back online, the server refuses with its reason.
    const [first] = (await carrierApi.listings(CARRIER.email)).filter((l) => l.flightNo === 'AI601');
    await otherApi.json('POST', '/api/book', {
      name: OTHER.name,
      email: OTHER.email,
      phone: OTHER.phone,
      weight: 4,
      listingId: first?.id,
    });
    await page.context().setOffline(false);
    await page.goto(`${server.url}/mybookings`);
    await page
      .getByText('There is not enough space left on this listing.')
      .first()
      .waitFor({ timeout: 30_000 });
    // And the full listing leaves the mirror.
    await expect.poll(async () => (await mirror(page)).watched, poll).toEqual(['AI602']);
  });

  it('Unwatch removes the watch and its mirrored listings', async () => {
    await page.goto(`${server.url}/travellerhome`);
    await page.getByRole('button', { name: /^Unwatch DEL → GOI/ }).click();
    await page.getByText('Watched routes').waitFor({ state: 'detached' });
    expect(await mirror(page)).toEqual({ watched: [], watches: [] });
  });
});

function loadAverage(): string {
  return loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
}
