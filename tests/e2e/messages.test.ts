// Messages in real headless Chromium, traveller and carrier in two browser contexts on one server,
// as new users would: the traveller books, opens the booking's conversation from View Details and
// writes "at gate 32" with the network off (it shows as Sending); once the network is back the
// carrier, whose page is open on the thread, sees it with no navigation (the live poke) and
// answers; the traveller sees the answer and "Seen" under their message. Anyone else gets 403 for
// the thread over the REST API.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { navigations, PHONE } from '../support/e2e-browser';
import { carrierAndTravellerPerFile } from '../support/e2e-parties';
import { type ApiUser, createApiUser, travellerBooksTheFlight } from '../support/e2e-users';

/** Within this a poke's pull has long landed; nothing else refreshes these screens. */
const LIVE = { timeout: 10_000 };

const parties = carrierAndTravellerPerFile({ viewport: PHONE, hasTouch: false });
let stranger: ApiUser;

const log = (page: Page) => page.getByRole('log', { name: 'Messages' });

describe('messages: written offline, seen live on the other side', () => {
  beforeAll(async () => {
    stranger = await createApiUser(parties.server.url, 'Ravi Kumar', '9111111111');
  });

  it('"at gate 32" typed offline reaches the carrier live; the answer and "Seen" reach the traveller', async () => {
    const { server, carrier, traveller, carrierUser, travellerUser, departure } = parties;
    // The traveller finds and books the flight.
    await travellerBooksTheFlight(traveller, departure);

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

    // The traveller opens it from My Bookings → the booking's Message.
    await traveller.getByRole('button', { name: /^Open menu/ }).click();
    await traveller
      .getByRole('navigation', { name: 'Mobile' })
      .getByRole('link', { name: /My Bookings/ })
      .click();
    await traveller
      .getByRole('article')
      .getByRole('link', { name: /^Message/ })
      .click();
    await traveller.getByRole('heading', { name: 'Messages with Asha Rao' }).waitFor();

    // No signal: the message is accepted and shows as Sending.
    await traveller.context().setOffline(true);
    await traveller.getByLabel('Message', { exact: true }).fill('at gate 32');
    await traveller.getByRole('button', { name: 'Send' }).click();
    const mine = log(traveller)
      .locator('div', { hasText: /^You: at gate 32/ })
      .last();
    await log(traveller).getByText('at gate 32').waitFor();
    await log(traveller).getByText('Sending').waitFor();
    expect(await traveller.getByLabel('Message', { exact: true }).inputValue()).toBe('');

    // The signal is back: it goes out by itself and shows on the carrier's open thread.
    await traveller.context().setOffline(false);
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
    const { traveller } = parties;
    const url = traveller.url();
    await traveller.context().setOffline(true);
    await traveller.reload();
    await traveller.getByRole('heading', { name: 'Messages with Asha Rao' }).waitFor();
    await log(traveller).getByText('On my way, 5 minutes').waitFor();
    expect(traveller.url()).toBe(url);
    await traveller.context().setOffline(false);
  }, 60_000);
});
