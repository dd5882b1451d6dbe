// Search state in the URL and Confirm Booking's deep link, in real Chromium with the service
// worker: back and forward between the results and Confirm Booking, a reload, then the same
// URLs offline, answered from the local store. The changed screens are photographed.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillSearch, shoot } from '../support/e2e-browser';
import { type E2eServer, startE2eServer } from '../support/e2e-server';
import { listingBody } from '../support/e2e-users';
import { Api, testUser } from '../support/pwa-api';
import { launchPersistent, openApp, type PwaBrowser } from '../support/pwa-browser';

const run = `url${Date.now().toString(36)}`;
const CARRIER = testUser('Carrier', run);
const TRAVELLER = { ...testUser('Traveller', run), phone: '9123456780' };
const DEPARTURE = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

let server: E2eServer;
let browser: PwaBrowser;
let page: Page;
let listingId = '';

const results = (n: number, of: number) => page.getByText(`Showing ${n} of ${of} results`);

describe('URL state', () => {
  beforeAll(async () => {
    server = await startE2eServer();
    const carrierApi = await new Api(server.url).signIn(CARRIER);
    await new Api(server.url).signIn(TRAVELLER);
    for (const [flightNo, cost] of [
      ['AI101', 800],
      ['AI102', 4000],
    ] as const) {
      await carrierApi.json(
        'POST',
        '/carrier/carrier/add-listing',
        listingBody(CARRIER, DEPARTURE, { to: 'BOM', flightNo, weight: 10, cost }),
      );
    }
    listingId = (await carrierApi.listings(CARRIER.email)).find((l) => l.flightNo === 'AI101')?.id ?? '';
    browser = await launchPersistent();
    page = await openApp(browser, server.url, TRAVELLER, 'Traveller');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.remove();
  });

  it('keeps the search and filters in the URL across Confirm Booking, back, forward and reload', async () => {
    // The airport picker open on a typed city, photographed at both sizes.
    const from = page.getByRole('combobox', { name: 'From', exact: true });
    await from.fill('mumbai');
    await page.getByRole('option').filter({ hasText: '(BOM)' }).first().waitFor();
    await shoot(page, 'airport-picker-open');
    await from.press('Escape');
    await fillSearch(page, { from: 'del', to: 'bom', departure: DEPARTURE, flightNo: 'AI101' });
    await page.getByRole('button', { name: 'Search' }).click();
    await results(2, 2).waitFor();
    await page.getByText('Under ₹1,000').click();
    await results(1, 2).waitFor();
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      from: 'DEL',
      to: 'BOM',
      departure: DEPARTURE,
      flightNo: 'AI101',
      airline: 'AI',
    });
    expect(url.searchParams.get('budgets')).toContain('under-1000');
    await shoot(page, 'search-results');

    await page.getByRole('button', { name: /Book Now/ }).click();
    await page.getByRole('heading', { name: 'Flight & Carrier Information' }).waitFor();
    expect(new URL(page.url()).search).toBe(`?listing=${listingId}`);
    await page.goBack();
    await results(1, 2).waitFor();
    // The search that ran is folded into its summary above the results; Edit opens it as it was.
    const summary = page.getByRole('region', { name: 'Your search' });
    expect(await summary.textContent()).toContain('DEL → BOM');
    await summary.getByRole('button', { name: 'Edit search' }).click();
    expect(await page.getByRole('combobox', { name: 'From', exact: true }).inputValue()).toContain('(DEL)');
    await page.goForward();
    await page.getByRole('heading', { name: 'Flight & Carrier Information' }).waitFor();
    await page.goBack();
    await page.reload();
    await results(1, 2).waitFor();
    expect(await page.getByRole('region', { name: 'Your search' }).textContent()).toContain('AI101');
  });

  it('restores the results and opens the deep link to Confirm Booking offline', async () => {
    const searchUrl = page.url();
    await page.context().setOffline(true);
    await page.reload();
    await results(1, 2).waitFor();
    const opened = await page.goto(`${server.url}/booking?listing=${listingId}`);
    expect(opened?.fromServiceWorker()).toBe(true);
    await page.getByRole('heading', { name: 'Flight & Carrier Information' }).waitFor();
    expect(await page.getByLabel('Weight (KG)').inputValue()).toBe('10');
    await shoot(page, 'confirm-booking-deep-link');
    await page.goto(searchUrl);
    await results(1, 2).waitFor();
    await page.context().setOffline(false);
  });
});
