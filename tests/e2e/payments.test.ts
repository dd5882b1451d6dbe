// Payment at the hand-off in real headless Chromium against the real server (issue 31): Confirm
// Booking says when, how and to whom payment happens; once accepted the traveller sees "Pay
// ₹2,000 to Asha Rao at the hand-off" with the UPI QR code and link, with no network too; the
// carrier marks the payment received and both sides see it; the carrier's profile has the UPI ID
// and earnings; the receipt prints to a PDF through Chromium's print. Each new screen is
// photographed and checked with axe at 390 and 1280 px.
import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { upiPayLink } from '@/domain/payment/upi';
import { checked, SCREENSHOT_DIR, searchFlight, synced } from '../support/e2e-browser';
import { completeWithCode, travellerHandoffCode } from '../support/e2e-handoff';
import { twoDevicesPerFile } from '../support/e2e-parties';
import { bookingBody, listingBody } from '../support/e2e-users';
import { testUser } from '../support/pwa-api';

const run = Date.now().toString(36);
const CARRIER = { ...testUser('Carrier', run), name: 'Asha Rao' };
const TRAVELLER = { ...testUser('Traveller', run), name: 'Meera Shah' };
const DEPARTURE = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const poll = { timeout: 30_000, interval: 250 };
const UPI = 'asha.rao-99@okaxis';
let bookingId = '';

// The carrier's UPI ID, a listing at ₹500 per KG, and an accepted booking of 4 KG on it.
const devices = twoDevicesPerFile(CARRIER, TRAVELLER, async ({ carrierApi, travellerApi }) => {
  await carrierApi.json('PUT', '/api/profile/upi', { upiId: UPI });
  const { listing } = await carrierApi.json<{ listing: { id: string } }>(
    'POST',
    '/carrier/carrier/add-listing',
    listingBody(CARRIER, DEPARTURE, { to: 'BOM', flightNo: 'AI818', weight: 10, cost: 500 }),
  );
  const { booking } = await travellerApi.json<{ booking: { id: string } }>(
    'POST',
    '/api/book',
    bookingBody(TRAVELLER, listing.id, 4),
  );
  bookingId = booking.id;
  await carrierApi.json('PUT', '/api/bookings/update-status', { listingId: booking.id, status: 'accepted' });
});

async function openDetails(page: Page, url: string, list: string) {
  await page.goto(`${url}${list}`);
  await page.getByRole('article').first().getByRole('button', { name: 'View Details' }).click();
  const panel = page.getByRole('region', { name: 'Payment' });
  await panel.waitFor();
  return panel;
}

describe('payment at the hand-off', () => {
  it('says on Confirm Booking when, how and to whom payment happens', async () => {
    const { server, traveller } = devices;
    await traveller.goto(`${server.url}/travellerhome`);
    await searchFlight(traveller, { from: 'DEL', to: 'BOM', departure: DEPARTURE, flightNo: 'AI818' });
    await traveller.getByRole('button', { name: /Book Now/ }).click();
    await traveller.getByLabel('Weight (KG)').fill('2');
    const how = traveller.getByRole('region', { name: 'How you pay' });
    await how
      .getByText(/Nothing is charged now. Once Asha Rao accepts, you pay ₹1,000 to them at the hand-off/)
      .waitFor();
    await traveller.getByText('₹500 per KG × 2 KG = ₹1,000').waitFor();
    await checked(traveller, 'booking-payment');
  });

  it('shows the traveller what to pay with the UPI QR code, with no network too', async () => {
    const { server, traveller } = devices;
    const link = upiPayLink({ vpa: UPI, name: 'Asha Rao', amount: 2000, bookingId, flightNo: 'AI818' });
    let panel = await openDetails(traveller, server.url, '/mybookings');
    await panel.getByRole('heading', { name: 'Pay ₹2,000 to Asha Rao at the hand-off' }).waitFor();
    await panel.getByRole('img', { name: /UPI QR code to pay ₹2,000 to Asha Rao/ }).waitFor();
    await traveller.context().setOffline(true);
    await traveller.reload();
    panel = await openDetails(traveller, server.url, '/mybookings');
    const qr = panel.getByRole('img', { name: /UPI QR code to pay ₹2,000 to Asha Rao/ });
    await qr.waitFor();
    expect(await qr.getAttribute('data-upi-link')).toBe(link);
    expect(await panel.getByRole('link', { name: 'Open in UPI app' }).getAttribute('href')).toBe(link);
    await checked(traveller, 'pay-at-handoff-offline');
    await traveller.context().setOffline(false);
  });

  it('lets the carrier mark the payment received, and both sides see it', async () => {
    const { server, carrier, traveller, travellerApi } = devices;
    const panel = await openDetails(carrier, server.url, '/carrier/orders');
    await panel.getByRole('heading', { name: 'Meera Shah pays you ₹2,000 at the hand-off' }).waitFor();
    await panel.getByRole('button', { name: 'Show my UPI code' }).click();
    await panel.getByRole('img', { name: /UPI QR code/ }).waitFor();
    await checked(carrier, 'carrier-payment');
    await panel.getByRole('button', { name: 'Payment received: UPI' }).click();
    await panel.getByText(/Payment of ₹2,000 received by UPI/).waitFor();
    await synced(carrier, poll.timeout);
    await expect
      .poll(async () => {
        const { bookings } = await travellerApi.json<{ bookings: { payment?: { state: string } | null }[] }>(
          'GET',
          `/api/orders?email=${encodeURIComponent(TRAVELLER.email)}`,
        );
        return bookings[0]?.payment?.state;
      }, poll)
      .toBe('received');
    const mine = await openDetails(traveller, server.url, '/mybookings');
    await mine.getByText(/Paid ₹2,000 to Asha Rao by UPI/).waitFor(poll);
    await traveller
      .getByRole('region', { name: 'Status history' })
      .getByText(/Payment received \(UPI/)
      .waitFor();
    await checked(traveller, 'payment-received-traveller');
  });

  it('completes, and the receipt prints to a clean PDF', async () => {
    const { server, carrier, traveller } = devices;
    const code = await travellerHandoffCode(traveller, server.url);
    await carrier.goto(`${server.url}/carrier/orders`);
    await completeWithCode(carrier, code);
    await carrier.getByText('✓ Completed').waitFor(poll);
    await traveller.goto(`${server.url}/bookings/${bookingId}/receipt`);
    await traveller.getByRole('heading', { name: 'Receipt' }).waitFor();
    await traveller.getByText('₹500 per KG × 4 KG = ₹2,000').waitFor();
    await traveller.getByText('Paid (UPI)').waitFor();
    await checked(traveller, 'receipt');
    await traveller.emulateMedia({ media: 'print' });
    // Printed: the receipt itself, without the app's header or the page's own buttons.
    expect(await traveller.getByRole('heading', { name: 'Receipt' }).isVisible()).toBe(true);
    expect(await traveller.getByText('₹500 per KG × 4 KG = ₹2,000').isVisible()).toBe(true);
    expect(await traveller.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await traveller.getByRole('link', { name: 'My Bookings' }).first().isVisible()).toBe(false);
    const pdf = await traveller.pdf({ format: 'A4', printBackground: true });
    await traveller.emulateMedia({ media: 'screen' });
    const path = `${SCREENSHOT_DIR}/receipt.pdf`;
    writeFileSync(path, pdf);
    expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
    // One page: the app's frame is left out of the print.
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length).toBe(1);
  });

  it('shows the carrier their UPI ID and earnings on the profile', async () => {
    const { server, carrier } = devices;
    await carrier.goto(`${server.url}/set-profile`);
    await carrier.getByRole('heading', { name: 'Payouts' }).waitFor();
    expect(await carrier.getByLabel('UPI ID (optional)').inputValue()).toBe(UPI);
    const earnings = carrier.getByRole('region', { name: 'Earnings as a carrier' });
    await earnings.getByRole('cell', { name: '₹2,000' }).first().waitFor(poll);
    await carrier.getByLabel('UPI ID (optional)').fill('asha@');
    await carrier.getByRole('button', { name: 'Save UPI ID' }).click();
    await carrier.getByText(/Enter a UPI ID like name@bank/).waitFor();
    await checked(carrier, 'profile-payouts');
  });
});
