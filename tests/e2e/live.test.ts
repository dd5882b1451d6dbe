// Live pokes in real headless Chromium: carrier and traveller in two browser contexts on one
// server. The traveller books; the carrier's open Order History shows the booking with no
// navigation or reload; the carrier accepts; the traveller's open My Bookings shows Accepted, also
// with no navigation, and says so to screen readers.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, pickCode } from '../support/e2e-browser';
import { type E2eServer, startE2eServer } from '../support/e2e-server';
import { type ApiUser, createApiUser, loginInBrowser } from '../support/e2e-users';

const DEPARTURE = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
/** Within this a poke's pull has long landed; no screen here is refreshed by anything else. */
const LIVE = { timeout: 10_000 };

let server: E2eServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let carrier: Page;
let traveller: Page;
let carrierUser: ApiUser;
let travellerUser: ApiUser;

/** Counts the page's main-frame navigations from now on. */
function navigations(page: Page): () => number {
  let n = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) n += 1;
  });
  return () => n;
}
const announcer = (page: Page) => page.locator('#booking-announcements');

describe('live: the other party sees a change without navigating', () => {
  beforeAll(async () => {
    server = await startE2eServer();
    browser = await launchBrowser();
    carrierUser = await createApiUser(server.url, 'Asha Rao', '9876543210');
    travellerUser = await createApiUser(server.url, 'Meera Shah', '9000000000');
    const listing = await carrierUser.call('POST', '/carrier/carrier/add-listing', {
      from: 'DEL',
      to: 'BOM',
      departure: DEPARTURE,
      time: '09:30',
      airline: 'AI',
      flightNo: 'AI995',
      weight: 10,
      cost: 800,
      email: carrierUser.email,
      name: carrierUser.name,
      phone: carrierUser.phone,
    });
    expect(listing.status).toBe(201);
    for (let i = 0; i < 2; i++)
      contexts.push(await browser.newContext({ viewport: { width: 1280, height: 800 } }));
    carrier = await (contexts[0] as BrowserContext).newPage();
    traveller = await (contexts[1] as BrowserContext).newPage();
    await loginInBrowser(carrier, server.url, carrierUser, 'carrier');
    await loginInBrowser(traveller, server.url, travellerUser, 'traveller');
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
    await traveller.getByRole('heading', { name: "Can't Carry Your Luggage?" }).waitFor();
    await pickCode(traveller, 'From', 'DEL');
    await pickCode(traveller, 'To', 'BOM');
    await traveller.getByLabel('Departure Date').fill(DEPARTURE);
    await traveller.getByLabel('Flight Number').fill('AI995');
    await pickCode(traveller, 'Airline', 'AI');
    await traveller.getByRole('button', { name: 'Search' }).click();
    await traveller.getByText('Showing 1 of 1 results').waitFor();
    await traveller.getByRole('button', { name: /Book Now/ }).click();
    await traveller.getByLabel('Weight (KG)').fill('2');
    await traveller.getByRole('button', { name: 'Confirm Booking' }).click();
    await traveller.getByText('Booking Conformed').waitFor();
    await traveller.getByText(/waiting to be sent/).waitFor({ state: 'detached' });

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
