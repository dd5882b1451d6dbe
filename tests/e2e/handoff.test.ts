// The hand-off in real headless Chromium against the real server: the traveller's code and QR
// open with no network; the carrier's device catches a typo offline; a wrong code that passes the
// device's check is recorded ("Delivery recorded, confirming") and, once online, refused, the
// order back to accepted with the server's message; the right code completes it; then both sides
// rate each other, one of them offline. Each new screen is photographed and checked with axe at
// 390 and 1280 px.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { handoffCodeFrom } from '@/domain/handoff/code';
import { checked, searchFlight, shoot, synced } from '../support/e2e-browser';
import { completeWithCode, travellerHandoffCode } from '../support/e2e-handoff';
import { twoDevicesPerFile } from '../support/e2e-parties';
import { bookingBody, listingBody } from '../support/e2e-users';
import { testUser } from '../support/pwa-api';

const run = Date.now().toString(36);
const CARRIER = { ...testUser('Carrier', run), name: 'Asha Rao' };
const TRAVELLER = { ...testUser('Traveller', run), name: 'Meera Shah' };
const DEPARTURE = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const poll = { timeout: 30_000, interval: 250 };
let code = '';

// An accepted booking of 3 KG on the carrier's flight to BOM.
const devices = twoDevicesPerFile(CARRIER, TRAVELLER, async ({ carrierApi, travellerApi }) => {
  const { listing } = await carrierApi.json<{ listing: { id: string } }>(
    'POST',
    '/carrier/carrier/add-listing',
    listingBody(CARRIER, DEPARTURE, { to: 'BOM', flightNo: 'AI808', weight: 10, cost: 700 }),
  );
  const { booking } = await travellerApi.json<{ booking: { id: string } }>(
    'POST',
    '/api/book',
    bookingBody(TRAVELLER, listing.id, 3),
  );
  await carrierApi.json('PUT', '/api/bookings/update-status', {
    listingId: booking.id,
    status: 'accepted',
  });
});

async function drained(page: Page): Promise<void> {
  await synced(page, poll.timeout);
}

describe('hand-off code and ratings', () => {
  it("shows the traveller's code and its QR, with no network too", async () => {
    const { server, traveller } = devices;
    code = await travellerHandoffCode(traveller, server.url);
    expect(code).toMatch(/^\d{6}$/);
    await traveller.getByRole('img', { name: /QR code of the hand-off code/ }).waitFor();
    await traveller.context().setOffline(true);
    await traveller.reload();
    expect(await travellerHandoffCode(traveller, server.url)).toBe(code);
    await traveller.getByRole('img', { name: /QR code of the hand-off code/ }).waitFor();
    await checked(traveller, 'handoff-code');
    await traveller.context().setOffline(false);
  });

  it('catches a mistyped code on the carrier’s device with no signal', async () => {
    const { server, carrier } = devices;
    await carrier.goto(`${server.url}/carrier/orders`);
    await carrier.getByRole('button', { name: 'Complete', exact: true }).waitFor();
    await carrier.context().setOffline(true);
    const typo = `${code.slice(0, 5)}${(Number(code[5]) + 1) % 10}`;
    await completeWithCode(carrier, typo);
    await carrier.getByText('That code has a typo. Check it with the traveller').waitFor();
    await checked(carrier, 'complete-dialog');
    await carrier.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  });

  it('records a wrong code that passes the check, then shows the server’s refusal online', async () => {
    const { carrierApi, carrier } = devices;
    const wrong = handoffCodeFrom(String((Number(code.slice(0, 5)) + 1) % 100_000).padStart(5, '0'));
    await completeWithCode(carrier, wrong);
    await carrier.getByText('Delivery recorded, confirming').waitFor();
    await checked(carrier, 'delivery-confirming');
    await carrier.context().setOffline(false);
    await carrier.getByRole('alert').filter({ hasText: 'Hand-off code does not match' }).waitFor(poll);
    await carrier.getByRole('button', { name: 'Complete', exact: true }).waitFor();
    expect((await carrierApi.carrierOrders(CARRIER.email)).map((o) => o.status)).toEqual(['accepted']);
    await shoot(carrier, 'handoff-refused');
  });

  it('completes offline with the right code, delivered when the signal returns', async () => {
    const { carrierApi, carrier } = devices;
    await carrier.context().setOffline(true);
    await completeWithCode(carrier, code);
    await carrier.getByText('Delivery recorded, confirming').waitFor();
    await carrier.context().setOffline(false);
    await carrier.getByText('✓ Completed').waitFor(poll);
    await expect
      .poll(async () => (await carrierApi.carrierOrders(CARRIER.email)).map((o) => o.status), poll)
      .toEqual(['completed']);
  });

  it('lets the carrier rate online and the traveller offline', async () => {
    const { server, travellerApi, carrier, traveller } = devices;
    await carrier.getByRole('button', { name: 'Rate Meera Shah' }).click();
    const form = carrier.getByRole('form', { name: 'Rate Meera Shah' });
    await form.locator('label').filter({ hasText: '5 stars' }).click();
    await form.getByLabel('Comment (optional)').fill('Was waiting at arrivals, quick hand-off.');
    await checked(carrier, 'rate-form');
    await form.getByRole('button', { name: 'Rate' }).click();
    await carrier.getByText(/You rated Meera Shah/).waitFor();
    await drained(carrier);

    await traveller.goto(`${server.url}/mybookings`);
    await traveller.getByRole('article').getByText('Completed').waitFor();
    await traveller.context().setOffline(true);
    await traveller.getByRole('button', { name: 'Rate Asha Rao' }).click();
    const mine = traveller.getByRole('form', { name: 'Rate Asha Rao' });
    await mine.locator('label').filter({ hasText: '4 stars' }).click();
    await mine.getByRole('button', { name: 'Rate' }).click();
    await traveller.getByText(/You rated Asha Rao/).waitFor();
    await traveller.getByText('Waiting to send').waitFor();
    await checked(traveller, 'rated-offline');
    await traveller.context().setOffline(false);
    await drained(traveller);
    await expect
      .poll(async () => {
        const { bookings } = await travellerApi.json<{ bookings: { myRating?: { stars: number } }[] }>(
          'GET',
          `/api/orders?email=${encodeURIComponent(TRAVELLER.email)}`,
        );
        return bookings[0]?.myRating?.stars;
      }, poll)
      .toBe(4);
  });

  it("shows each user's rating on their profile, and the carrier's on search results", async () => {
    const { server, traveller } = devices;
    await traveller.goto(`${server.url}/set-profile`);
    await traveller.getByRole('heading', { name: 'Your rating' }).waitFor();
    await traveller.getByText('Was waiting at arrivals, quick hand-off.').waitFor();
    await checked(traveller, 'profile-rating');
    await traveller.goto(`${server.url}/travellerhome`);
    await searchFlight(traveller, { from: 'DEL', to: 'BOM', departure: DEPARTURE, flightNo: 'AI808' });
    expect(
      await traveller
        .getByText(/Carrier rating/)
        .first()
        .locator('..')
        .textContent(),
    ).toBe('Carrier rating: New');
    await checked(traveller, 'search-rating');
  });
});
