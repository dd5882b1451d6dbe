// Messages in real headless Chromium, traveller and carrier in two browser contexts on one server,
// as new users would: the traveller books, opens the booking's conversation from View Details and
// writes "at gate 32" with the network off (it shows as Sending); once the network is back the
// carrier, whose page is open on the thread, sees it with no navigation (the live poke) and
// answers; the traveller sees the answer and "Seen" under their message. Anyone else gets 403 for
// the thread over the REST API.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, pickCode } from '../support/e2e-browser';
import { type E2eServer, startE2eServer } from '../support/e2e-server';
import { type ApiUser, createApiUser, loginInBrowser } from '../support/e2e-users';

const DEPARTURE = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
/** Within this a poke's pull has long landed; nothing else refreshes these screens. */
const LIVE = { timeout: 10_000 };

let server: E2eServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let carrier: Page;
let traveller: Page;
let carrierUser: ApiUser;
let travellerUser: ApiUser;
let stranger: ApiUser;

/** Counts the page's main-frame navigations from now on. */
function navigations(page: Page): () => number {
  let n = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) n += 1;
  });
  return () => n;
}

const log = (page: Page) => page.getByRole('log', { name: 'Messages' });

describe('messages: written offline, seen live on the other side', () => {
  beforeAll(async () => {
    server = await startE2eServer();
    browser = await launchBrowser();
    carrierUser = await createApiUser(server.url, 'Asha Rao', '9876543210');
    travellerUser = await createApiUser(server.url, 'Meera Shah', '9000000000');
    stranger = await createApiUser(server.url, 'Ravi Kumar', '9111111111');
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
      contexts.push(await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: false }));
    carrier = await (contexts[0] as BrowserContext).newPage();
    traveller = await (contexts[1] as BrowserContext).newPage();
    await loginInBrowser(carrier, server.url, carrierUser, 'carrier');
    await loginInBrowser(traveller, server.url, travellerUser, 'traveller');
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.remove();
  });

  it('"at gate 32" typed offline reaches the carrier live; the answer and "Seen" reach the traveller', async () => {
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

    const orders = (await (
      await carrierUser.call('GET', `/api/carrier-orders?email=${carrierUser.email}`)
    ).json()) as {
      bookings: { listingId: string }[];
    };
    const bookingId = orders.bookings[0]?.listingId.replace(/_carrier$/, '') ?? '';
    expect(bookingId).not.toBe('');

    // The carrier has the conversation open (a deep link), waiting.
    await carrier.goto(`${server.url}/bookings/${bookingId}/messages`);
    await carrier.getByRole('heading', { name: 'Messages with Meera Shah' }).waitFor();
    await carrier.getByText('No messages yet', { exact: false }).waitFor();
    const carrierNavigations = navigations(carrier);

    // The traveller opens it from My Bookings → View Details → Message.
    await traveller.getByRole('button', { name: /^Open menu/ }).click();
    await traveller
      .getByRole('navigation', { name: 'Mobile' })
      .getByRole('link', { name: /My Bookings/ })
      .click();
    await traveller.getByRole('button', { name: 'View Details' }).click();
    await traveller.getByRole('link', { name: /^Message/ }).click();
    await traveller.getByRole('heading', { name: 'Messages with Asha Rao' }).waitFor();

    // No signal: the message is accepted and shows as Sending.
    await (contexts[1] as BrowserContext).setOffline(true);
    await traveller.getByLabel('Message', { exact: true }).fill('at gate 32');
    await traveller.getByRole('button', { name: 'Send' }).click();
    const mine = log(traveller)
      .locator('div', { hasText: /^You: at gate 32/ })
      .last();
    await log(traveller).getByText('at gate 32').waitFor();
    await log(traveller).getByText('Sending').waitFor();
    expect(await traveller.getByLabel('Message', { exact: true }).inputValue()).toBe('');

    // The signal is back: it goes out by itself and shows on the carrier's open thread.
    await (contexts[1] as BrowserContext).setOffline(false);
    await log(carrier).getByText('at gate 32').waitFor(LIVE);
    expect(carrierNavigations()).toBe(0);
    await log(traveller)
      .getByText('Sending')
      .waitFor({ state: 'detached', ...LIVE });
    await expect.poll(() => mine.getByText('Sent').count(), LIVE).toBe(1);

    // The carrier answers; the traveller sees the answer, and that the carrier read theirs.
    await carrier.getByLabel('Message', { exact: true }).fill('On my way, 5 minutes');
    await carrier.getByRole('button', { name: 'Send' }).click();
    await log(traveller).getByText('On my way, 5 minutes').waitFor(LIVE);
    await log(traveller).getByText('Seen').waitFor(LIVE);
    expect(carrierNavigations()).toBe(0);

    // Someone else learns nothing about the thread.
    const res = await stranger.call('GET', `/api/bookings/${bookingId}/messages`);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('thread/forbidden');
    // Its two sides read it over REST too, oldest first.
    const own = await travellerUser.call('GET', `/api/bookings/${bookingId}/messages`);
    expect(own.status).toBe(200);
    const body = (await own.json()) as { messages: { text: string }[] };
    expect(body.messages.map((m) => m.text)).toEqual(['at gate 32', 'On my way, 5 minutes']);
  }, 180_000);

  it('opens a thread offline from what the device has', async () => {
    const url = traveller.url();
    await (contexts[1] as BrowserContext).setOffline(true);
    await traveller.reload();
    await traveller.getByRole('heading', { name: 'Messages with Asha Rao' }).waitFor();
    await log(traveller).getByText('On my way, 5 minutes').waitFor();
    expect(traveller.url()).toBe(url);
    await (contexts[1] as BrowserContext).setOffline(false);
  }, 60_000);
});
