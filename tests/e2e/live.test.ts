// Live pokes in real headless Chromium: carrier and traveller in two browser contexts on one
// server. The traveller books; the carrier's open Order History shows the booking with no
// navigation or reload; the carrier accepts; the traveller's open My Bookings shows Accepted, also
// with no navigation, and says so to screen readers.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, navigations } from '../support/e2e-browser';
import { type E2eServer, startE2eServer } from '../support/e2e-server';
import { carrierAndTraveller, travellerBooksTheFlight } from '../support/e2e-users';

const DEPARTURE = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
/** Within this a poke's pull has long landed; no screen here is refreshed by anything else. */
const LIVE = { timeout: 10_000 };

let server: E2eServer;
let browser: Browser;
let carrier: Page;
let traveller: Page;

const announcer = (page: Page) => page.locator('#booking-announcements');

describe('live: the other party sees a change without navigating', () => {
  beforeAll(async () => {
    server = await startE2eServer();
    browser = await launchBrowser();
    ({ carrier, traveller } = await carrierAndTraveller(browser, server.url, DEPARTURE, {
      viewport: DESKTOP,
    }));
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.remove();
  });

  it('the carrier’s open Order History shows a new booking; the traveller’s My Bookings shows Accepted', async () => {
    await carrier.getByRole('link', { name: 'Order History' }).click();
    await carrier.getByText('No orders found.').waitFor();
    const carrierNavigations = navigations(carrier);

    // The traveller finds and books the flight.
    await travellerBooksTheFlight(traveller, DEPARTURE);

    await carrier.getByRole('article').getByText('Pending').waitFor(LIVE);
    await expect.poll(() => announcer(carrier).textContent(), LIVE).toBe('New booking AI995.');
    expect(carrierNavigations()).toBe(0);

    await traveller.getByRole('link', { name: 'My Bookings' }).click();
    await traveller.getByRole('article').getByText('Pending').waitFor();
    const travellerNavigations = navigations(traveller);

    await carrier.getByRole('button', { name: 'Accept', exact: true }).click();
    await traveller.getByRole('article').getByText('Accepted').waitFor(LIVE);
    await expect.poll(() => announcer(traveller).textContent(), LIVE).toBe('Booking AI995 accepted.');
    expect(travellerNavigations()).toBe(0);
    expect(carrierNavigations()).toBe(0);
  }, 120_000);
});
