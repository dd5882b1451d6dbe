// A booking over what one UPI payment between people may carry (₹1,00,000, UPI_MAX_AMOUNT) in
// real headless Chromium (issue 31): Confirm Booking, the traveller's booking and the carrier's
// order each say to pay in cash and why, and none offers a UPI QR code or an "Open in UPI app"
// link, though the carrier has a UPI ID. Each screen is photographed and checked with axe at 390
// and 1280 px.
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { checked, searchFlight, synced } from '../support/e2e-browser';
import { carrierAndTravellerPerFile } from '../support/e2e-parties';
import { bookOver, listOver } from '../support/e2e-users';

const parties = carrierAndTravellerPerFile();
const poll = { timeout: 30_000, interval: 250 };
let listingId = '';

/** No QR code and no UPI link anywhere on the page. */
async function noUpiOffer(page: Page): Promise<void> {
  const codes = await page.getByRole('img', { name: /UPI QR code/ }).count();
  const links = await page.getByRole('link', { name: 'Open in UPI app' }).count();
  const hrefs = await page.locator('a[href^="upi:"]').count();
  if (codes + links + hrefs) throw new Error(`a UPI offer is shown: ${codes} codes, ${links + hrefs} links`);
}

async function openDetails(page: Page, url: string, list: string) {
  await page.goto(`${url}${list}`);
  await synced(page, poll.timeout);
  await page
    .getByRole('article')
    .filter({ hasText: 'AI777' })
    .getByRole('button', { name: 'View Details' })
    .click();
  const panel = page.getByRole('region', { name: 'Payment' });
  await panel.waitFor();
  return panel;
}

describe('a total over ₹1,00,000 is paid in cash', () => {
  it('Confirm Booking says the total is paid in cash and why', async () => {
    const { server, departure, carrierUser, traveller } = parties;
    const upi = await carrierUser.call('PUT', '/api/profile/upi', { upiId: 'asha.rao@okaxis' });
    if (!upi.ok) throw new Error(`set UPI ${upi.status}`);
    listingId = await listOver(carrierUser, departure, {
      to: 'DXB',
      flightNo: 'AI777',
      weight: 10,
      cost: 60_000,
    });
    await traveller.goto(`${server.url}/travellerhome`);
    await searchFlight(traveller, { from: 'DEL', to: 'DXB', departure, flightNo: 'AI777' });
    await traveller.getByRole('button', { name: /Book Now/ }).click();
    await traveller.getByLabel('Weight (KG)').fill('2');
    await traveller.getByText('₹60,000 per KG × 2 KG = ₹1,20,000').waitFor();
    await traveller
      .getByRole('region', { name: 'How you pay' })
      .getByText(
        /you pay ₹1,20,000 to them at the hand-off: in cash \(UPI takes at most ₹1,00,000 in one payment\)/,
      )
      .waitFor();
    await checked(traveller, 'booking-over-upi-limit');
  });

  it("the accepted booking and the carrier's order say cash and why, with no QR code or UPI link", async () => {
    const { server, carrierUser, travellerUser, traveller, carrier } = parties;
    const booked = await bookOver(travellerUser, listingId, 2);
    if (!booked.ok) throw new Error(`book ${booked.status}`);
    const bookingId = ((await booked.json()) as { booking: { id: string } }).booking.id;
    const accepted = await carrierUser.call('PUT', '/api/bookings/update-status', {
      listingId: bookingId,
      status: 'accepted',
    });
    if (!accepted.ok) throw new Error(`accept ${accepted.status}`);

    const mine = await openDetails(traveller, server.url, '/mybookings');
    await mine.getByRole('heading', { name: 'Pay ₹1,20,000 to Asha Rao at the hand-off' }).waitFor(poll);
    await mine
      .getByText('UPI takes at most ₹1,00,000 in one payment: pay ₹1,20,000 in cash at the hand-off.')
      .waitFor();
    await noUpiOffer(traveller);
    await checked(traveller, 'pay-cash-over-upi-limit');

    const order = await openDetails(carrier, server.url, '/carrier/orders');
    await order.getByRole('heading', { name: 'Meera Shah pays you ₹1,20,000 at the hand-off' }).waitFor(poll);
    await order
      .getByText('UPI takes at most ₹1,00,000 in one payment, so Meera Shah pays you in cash.')
      .waitFor();
    if (await order.getByRole('button', { name: 'Show my UPI code' }).count())
      throw new Error('the carrier is offered a UPI code');
    await noUpiOffer(carrier);
    await order.getByRole('button', { name: 'Payment received: cash' }).waitFor();
    await checked(carrier, 'carrier-cash-over-upi-limit');
  });
});
