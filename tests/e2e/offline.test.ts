// The offline promise in real headless Chromium against the real server: after one online visit
// every route opens with no network; every kind of write is accepted offline, shows as waiting,
// and reaches the server exactly once when the network is back (one of them by Background Sync
// with the page closed); a server answering 503 (some after applying the write) loses and
// duplicates nothing; a booking refused for want of space offers the space still free, not Retry;
// a session that ended while offline keeps the queue until the same user logs in again.
import type { BrowserContext, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bookResult, fillSearch, pickCode, searchFlight, shoot, synced } from '../support/e2e-browser';
import { fillCourierRequest } from '../support/e2e-courier';
import { twoDevicesPerFile } from '../support/e2e-parties';
import { bookingBody, listingBody } from '../support/e2e-users';
import { testUser } from '../support/pwa-api';
import { loginThroughUi, storedToken } from '../support/pwa-browser';

const run = Date.now().toString(36);
const CARRIER = testUser('Carrier', run);
const TRAVELLER = testUser('Traveller', run);
const DEPARTURE = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const SYNC_TIMEOUT_MS = 30_000;

const poll = { timeout: SYNC_TIMEOUT_MS, interval: 250 };

// A listing of the carrier's to BOM, 2 KG of it booked by the traveller.
const devices = twoDevicesPerFile(CARRIER, TRAVELLER, async ({ carrierApi, travellerApi }) => {
  await carrierApi.json(
    'POST',
    '/carrier/carrier/add-listing',
    listingBody(CARRIER, DEPARTURE, { to: 'BOM', flightNo: 'AI101', weight: 10, cost: 800 }),
  );
  const [listing] = await carrierApi.listings(CARRIER.email);
  await travellerApi.json('POST', '/api/book', bookingBody(TRAVELLER, listing?.id ?? '', 2));
});

/** Waits until the app-wide indicator has nothing left to send. */
async function drained(page: Page): Promise<void> {
  await synced(page, SYNC_TIMEOUT_MS);
}

async function expectWaiting(page: Page, count: number): Promise<void> {
  const label = `${count} ${count === 1 ? 'change' : 'changes'} waiting to be sent`;
  await page.getByText(label).waitFor();
}

async function addListing(page: Page, flightNo: string, weight: number): Promise<void> {
  await page.goto(`${devices.server.url}/carrier/add-listing`);
  await page.getByLabel('Flight No').waitFor();
  await pickCode(page, 'From', 'DEL');
  await pickCode(page, 'To', 'BOM');
  await page.getByLabel('Departure').fill(DEPARTURE);
  await page.getByLabel('Time').fill('11:45');
  await pickCode(page, 'Airline', 'AI');
  await page.getByLabel('Flight No').fill(flightNo);
  await page.getByLabel('Weight (KG)').fill(String(weight));
  await page.getByLabel('Cost per KG (₹)').fill('500');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByText('Uploaded Successfully!').waitFor();
}

/** The card of the carrier's listing on `flightNo`, on /carrierhome. */
function listingCard(page: Page, flightNo: string) {
  return page.getByRole('listitem').filter({ hasText: flightNo });
}

async function sendContact(page: Page, message: string): Promise<void> {
  await page.goto(`${devices.server.url}/contact`);
  await page.getByLabel('Your Query').fill(message);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page.getByText('Message sent successfully!').waitFor();
}

async function submitCourier(page: Page, description: string, seed: number): Promise<void> {
  await page.goto(`${devices.server.url}/senderhome`);
  await page.getByRole('heading', { name: 'Courier Service Request' }).waitFor();
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  await fillCourierRequest(page, {
    from: 'DEL',
    to: 'GOI',
    firstDay: day(3),
    lastDay: day(9),
    weight: 2,
    description,
    seed,
  });
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await page.getByAltText('Preview of the item').waitFor({ state: 'detached' });
}

/** The outbox as the page's IndexedDB holds it. */
function outboxStates(page: Page): Promise<Array<{ kind: string; state: string }>> {
  return page.evaluate(
    () =>
      new Promise<Array<{ kind: string; state: string }>>((resolve, reject) => {
        const open = indexedDB.open('carry');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('outbox').objectStore('outbox').getAll();
          req.onerror = () => reject(req.error);
          req.onsuccess = () => {
            resolve(
              (req.result as Array<{ kind: string; state: string }>).map(({ kind, state }) => ({
                kind,
                state,
              })),
            );
            open.result.close();
          };
        };
      }),
  );
}

describe('offline', () => {
  it('opens every route offline after one online visit, still logged in', async () => {
    const { server, carrier } = devices;
    // The online visit: the screens whose data the offline reloads will read from the mirror.
    await carrier.getByText('AI101').waitFor();
    await carrier.goto(`${server.url}/carrier/orders`);
    await carrier.getByRole('button', { name: 'Accept' }).waitFor();
    await carrier.goto(`${server.url}/set-profile`);
    await carrier.getByText('Gender: female').waitFor();
    await carrier.goto(`${server.url}/carrier/add-listing`);
    await carrier.getByLabel('Flight No').waitFor();

    await carrier.context().setOffline(true);
    const token = await storedToken(carrier);
    expect(token).toBeTruthy();
    const screens: Array<[string, (p: Page) => Promise<void>]> = [
      ['/', (p) => p.getByRole('heading', { name: 'Who are you?' }).waitFor()],
      ['/signup', (p) => p.getByRole('heading', { name: 'Create your account' }).waitFor()],
      ['/choose_user_type', (p) => p.getByRole('heading', { name: 'Who are you?' }).waitFor()],
      ['/travellerhome', (p) => p.getByRole('heading', { name: "Can't Carry Your Luggage?" }).waitFor()],
      ['/mybookings', (p) => p.getByRole('heading', { name: 'Your Bookings' }).waitFor()],
      ['/contact', (p) => p.getByRole('heading', { name: "We'd love to hear from you!" }).waitFor()],
      ['/carrierhome', (p) => listingCard(p, 'AI101').waitFor()],
      ['/carrier/orders', (p) => p.getByRole('button', { name: 'Accept' }).waitFor()],
      ['/carrier/add-listing', (p) => p.getByLabel('Flight No').waitFor()],
      ['/booking', (p) => p.getByRole('heading', { name: 'Confirm Your Booking' }).waitFor()],
      ['/senderhome', (p) => p.getByLabel('Upload Item Image').waitFor()],
      ['/profile', (p) => p.getByText('Gender: female').waitFor()],
      ['/set-profile', (p) => p.getByText('Gender: female').waitFor()],
    ];
    for (const [path, shows] of screens) {
      const response = await carrier.goto(`${server.url}${path}`);
      expect(response?.fromServiceWorker(), path).toBe(true);
      await shows(carrier);
      expect(await storedToken(carrier), path).toBe(token);
      if (!['/', '/signup', '/choose_user_type'].includes(path)) {
        await carrier.getByRole('button', { name: 'Profile menu' }).waitFor();
        await carrier.getByText("You're offline").waitFor();
      }
    }
  });

  it('accepts every kind of write offline and delivers each once, one of them with the page closed', async () => {
    const { server, carrierApi, travellerApi, carrierBrowser, carrier, traveller } = devices;
    // The traveller's online search puts the listing in the local store.
    await traveller.getByRole('heading', { name: "Can't Carry Your Luggage?" }).waitFor();
    const search = () =>
      searchFlight(traveller, { from: 'DEL', to: 'BOM', departure: DEPARTURE, flightNo: 'AI101' });
    await search();
    await traveller.context().setOffline(true);
    await traveller.reload();
    await search();
    await bookResult(traveller, 3);
    await traveller.goto(`${server.url}/mybookings`);
    await traveller.getByRole('article').filter({ hasText: 'Waiting to send' }).waitFor();
    await sendContact(traveller, 'Can I carry a guitar as cabin baggage?');
    await submitCourier(traveller, 'A box of sweets', 1);
    await expectWaiting(traveller, 3);

    // The carrier (offline since the previous test): a new listing and an accepted booking.
    await addListing(carrier, 'AI202', 5);
    await carrier.goto(`${server.url}/carrierhome`);
    await listingCard(carrier, 'AI202').getByText('Waiting to send').waitFor();
    await carrier.goto(`${server.url}/carrier/orders`);
    await carrier.getByRole('button', { name: 'Accept' }).click();
    await carrier.getByText('Waiting to send').waitFor();
    await expectWaiting(carrier, 2);
    expect(await carrierApi.listings(CARRIER.email)).toHaveLength(1);

    // The carrier's page closes; the network comes back; Background Sync delivers.
    await carrier.close();
    await carrierBrowser.context.setOffline(false);
    await expect
      .poll(async () => (await carrierApi.listings(CARRIER.email)).map((l) => l.flightNo).sort(), poll)
      .toEqual(['AI101', 'AI202']);
    await expect
      .poll(async () => (await carrierApi.carrierOrders(CARRIER.email)).map((o) => o.status), poll)
      .toEqual(['accepted']);
    // A new page of the carrier's, for the rest of this file.
    const reopened = await carrierBrowser.context.newPage();
    devices.carrier = reopened;
    await reopened.goto(`${server.url}/carrierhome`);
    await listingCard(reopened, 'AI202').waitFor();
    expect(await reopened.getByText('Waiting to send').count()).toBe(0);
    await reopened.goto(`${server.url}/carrier/orders`);
    await reopened.getByRole('button', { name: 'Complete', exact: true }).waitFor();
    expect(await reopened.getByText(/Waiting to send|waiting to be sent/).count()).toBe(0);

    // The traveller stays on the page.
    await traveller.context().setOffline(false);
    await drained(traveller);
    await traveller.goto(`${server.url}/mybookings`);
    await traveller.getByRole('heading', { name: 'Your Bookings' }).waitFor();
    await expect
      .poll(async () => (await travellerApi.orders(TRAVELLER.email)).map((o) => o.weight).sort(), poll)
      .toEqual([2, 3]);
    expect(await traveller.getByText('Waiting to send').count()).toBe(0);
    expect((await travellerApi.profile(TRAVELLER.email)).bookings.sender.pending).toBe(1);
    expect(await outboxStates(traveller)).toEqual([]);
  });

  it('loses and duplicates nothing while the server answers 503 for a while', async () => {
    const { travellerApi, traveller } = devices;
    // Outbox writes only: analytics batches are not the subject here.
    const answered: string[] = [];
    const flaky = async (route: Route) => {
      const request = route.request();
      const path = new URL(request.url()).pathname;
      if (request.method() === 'GET' || path === '/api/events') return route.continue();
      answered.push(path);
      // The first two writes reach the server and their answers are lost; the next three never
      // arrive; then the server is back.
      if (answered.length <= 2) await route.fetch();
      if (answered.length <= 5)
        return route.fulfill({ status: 503, json: { message: 'Service unavailable' } });
      return route.continue();
    };
    const context: BrowserContext = traveller.context();
    await context.route('**/api/**', flaky);
    try {
      await sendContact(traveller, 'Do you cover Chennai?');
      await submitCourier(traveller, 'Two paperback books', 2);
      // The contact message's push was applied and its answer lost: a pull may bring its result
      // first and settle it (the courier request still waits), or it still waits beside it.
      await traveller.getByText(/[12] changes? waiting to be sent/).waitFor();
      await drained(traveller);
      // Every refused answer was tried again until the server took it.
      expect(answered.length).toBeGreaterThan(5);
      expect(answered.filter((p) => p === '/api/sync/push').length).toBeGreaterThanOrEqual(2);
    } finally {
      await context.unroute('**/api/**', flaky);
    }
    // Applied once each: the last test counts the rows in the database.
    await expect
      .poll(async () => (await travellerApi.profile(TRAVELLER.email)).bookings.sender.pending, poll)
      .toBe(2);
    expect(await outboxStates(traveller)).toEqual([]);
  });

  it('shows a booking refused for want of space as Refused, offers no Retry, and books the space still free', async () => {
    const { server, carrierApi, travellerApi, traveller } = devices;
    await traveller.goto(`${server.url}/travellerhome`);
    await traveller.getByRole('heading', { name: "Can't Carry Your Luggage?" }).waitFor();
    // AI101 has 5 KG free: booked offline in full, then 4 KG of it go elsewhere meanwhile.
    // The carrier's AI202 flies the same route that day: the search offers it after AI101.
    await fillSearch(traveller, { from: 'DEL', to: 'BOM', departure: DEPARTURE, flightNo: 'AI101' });
    await traveller.getByRole('button', { name: 'Search' }).click();
    const book = traveller.getByRole('button', { name: 'Book Now: AI101 DEL to BOM' });
    await book.waitFor();
    await traveller.context().setOffline(true);
    await book.click();
    await traveller.getByLabel('Weight (KG)').fill('5');
    await traveller.getByRole('button', { name: 'Confirm Booking' }).click();
    await traveller.getByText('Booking Conformed').waitFor();
    const listing = (await carrierApi.listings(CARRIER.email)).find((l) => l.flightNo === 'AI101');
    await travellerApi.json('POST', '/api/book', bookingBody(TRAVELLER, listing?.id ?? '', 4));
    await traveller.goto(`${server.url}/mybookings`);
    await traveller.context().setOffline(false);

    const card = traveller.getByRole('article').filter({ hasText: 'Refused' });
    await card.getByText('Not sent: There is not enough space left on this listing.').waitFor(poll);
    expect(await card.getByText('Pending', { exact: true }).count()).toBe(0);
    const offer = card.getByRole('button', { name: 'Book the 1 KG still free' });
    await offer.waitFor(poll);
    expect(await card.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await card.scrollIntoViewIfNeeded();
    await shoot(traveller, 'refused-booking');
    await offer.click();
    await traveller.getByRole('heading', { name: 'Confirm Your Booking' }).waitFor();
    expect(await traveller.getByLabel('Weight (KG)').inputValue()).toBe('1');
    await traveller.getByRole('button', { name: 'Confirm Booking' }).click();
    await traveller.getByText('Booking Conformed').waitFor();
    await drained(traveller);
    await expect
      .poll(async () => (await travellerApi.orders(TRAVELLER.email)).map((o) => o.weight).sort(), poll)
      .toEqual([1, 2, 3, 4]);
    expect(await outboxStates(traveller)).toEqual([]);
  });

  it('keeps the queue through a session that ended offline, and drains it after logging in again', async () => {
    const { server, carrierApi, carrier } = devices;
    await carrier.context().setOffline(true);
    await addListing(carrier, 'AI404', 4);
    await expectWaiting(carrier, 1);
    const token = await storedToken(carrier);
    await carrierApi.revoke(token ?? '');
    await carrier.context().setOffline(false);
    // Sent to log in, the change kept and not failed.
    await carrier.getByRole('heading', { name: 'Welcome back' }).waitFor({ timeout: SYNC_TIMEOUT_MS });
    expect(await outboxStates(carrier)).toEqual([{ kind: 'add-listing', state: 'queued' }]);
    expect((await carrierApi.listings(CARRIER.email)).map((l) => l.flightNo)).not.toContain('AI404');

    await loginThroughUi(carrier, server.url, CARRIER, 'Carrier');
    await listingCard(carrier, 'AI404').waitFor();
    await drained(carrier);
    await expect
      .poll(async () => (await carrierApi.listings(CARRIER.email)).map((l) => l.flightNo).sort(), poll)
      .toEqual(['AI101', 'AI202', 'AI404']);
    expect(await listingCard(carrier, 'AI404').getByText('Waiting to send').count()).toBe(0);
    expect(await outboxStates(carrier)).toEqual([]);
  });

  it('asks to log in as soon as a write meets an ended session while online', async () => {
    const { server, carrierApi, carrier } = devices;
    await carrier.goto(`${server.url}/contact`);
    await carrier.getByLabel('Your Query').fill('Is my session still valid?');
    await carrierApi.revoke((await storedToken(carrier)) ?? '');
    // Online the whole time and no navigation: the replayer's 401 alone sends the user to log in.
    await carrier.getByRole('button', { name: 'Send Message' }).click();
    await carrier.getByRole('heading', { name: 'Welcome back' }).waitFor({ timeout: SYNC_TIMEOUT_MS });
    expect(await outboxStates(carrier)).toEqual([{ kind: 'contact', state: 'queued' }]);

    await loginThroughUi(carrier, server.url, CARRIER, 'Carrier');
    await drained(carrier);
  });

  it('holds every contact message and image once in the database', async () => {
    const { server, carrierBrowser, travellerBrowser } = devices;
    await carrierBrowser.close();
    await travellerBrowser.close();
    await server.stop();
    const database = await server.openDatabase();
    try {
      const { contactMessages, courierRequests, files } = await import('../../src/server/db/schema');
      const messages = await database.db.select().from(contactMessages);
      expect(messages.map((m) => m.message).sort()).toEqual([
        'Can I carry a guitar as cabin baggage?',
        'Do you cover Chennai?',
        'Is my session still valid?',
      ]);
      expect(await database.db.select().from(courierRequests)).toHaveLength(2);
      expect(await database.db.select().from(files)).toHaveLength(2);
    } finally {
      await database.close();
    }
  });
});
