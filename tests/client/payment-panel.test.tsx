// Payment at the hand-off on View Details (issue 31): the traveller's "Pay ₹2,000 to Asha at the
// hand-off" with a UPI QR code drawn on the device that decodes (with a QR reader) to exactly the
// "Open in UPI app" link, built to the UPI linking specification; the carrier's name and cash
// when there is no UPI ID; the masked UPI ID before acceptance; "I paid" refusing a bad reference.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { upiPayLink } from '@/domain/payment/upi';
import { fakeApi, json } from '../support/client-fake-api';
import { renderApp } from '../support/client-render-app';
import { makeOrder } from '../support/client-rows';

const ID = '3f2b9c1e-8d4a-4f7b-9a2e-1c5d6e7f8a9b';
const accepted = makeOrder(ID, {
  listingId: `${ID}_passenger`,
  status: 'accepted',
  weight: 4,
  cost: 2000,
  pricePerKg: 500,
  payee: { name: 'Asha Rao', upiId: 'asha.rao-99@okaxis', masked: false },
  payment: null,
});

/** The QR's modules from the drawn SVG path ("M{x} {y}h1v1h-1z" per dark module), as an RGBA
 * picture `scale` pixels a module, read back with jsQR as a phone's camera would. */
function decodeSvgQr(svg: Element, scale = 4): string | null {
  const size = Number(svg.getAttribute('viewBox')?.split(' ')[2]);
  const d = svg.querySelector('path')?.getAttribute('d') ?? '';
  const dark = new Set([...d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map((m) => `${m[1]},${m[2]}`));
  const px = size * scale;
  const rgba = new Uint8ClampedArray(px * px * 4);
  for (let y = 0; y < px; y++)
    for (let x = 0; x < px; x++) {
      const on = dark.has(`${Math.floor(x / scale)},${Math.floor(y / scale)}`);
      const i = (y * px + x) * 4;
      rgba.fill(on ? 0 : 255, i, i + 3);
      rgba[i + 3] = 255;
    }
  return jsQR(rgba, px, px)?.data ?? null;
}

async function openDetails() {
  await waitFor(() => expect(screen.getAllByRole('button', { name: 'View Details' })).toHaveLength(1), {
    timeout: 10_000,
  });
  await userEvent.click(screen.getByRole('button', { name: 'View Details' }));
  return screen.findByRole('region', { name: 'Payment' });
}

describe('PaymentPanel', () => {
  it('tells the traveller what to pay, to whom, with a QR that decodes to the UPI link', async () => {
    const api = fakeApi();
    api.on('GET /api/orders', () => json({ bookings: [accepted] }));
    renderApp('/mybookings', { api });
    const panel = await openDetails();
    expect(
      within(panel).getByRole('heading', { name: 'Pay ₹2,000 to Asha Rao at the hand-off' }),
    ).toBeTruthy();
    expect(within(panel).getByText(/₹500 per KG × 4 KG = ₹2,000/)).toBeTruthy();
    const link = upiPayLink({
      vpa: 'asha.rao-99@okaxis',
      name: 'Asha Rao',
      amount: 2000,
      bookingId: ID,
      flightNo: 'AI101',
    });
    expect(within(panel).getByRole('link', { name: 'Open in UPI app' }).getAttribute('href')).toBe(link);
    const qr = await within(panel).findByRole('img', { name: /UPI QR code to pay ₹2,000 to Asha Rao/ });
    expect(decodeSvgQr(qr)).toBe(link);
    // What happens next says the same: no "as agreed", the hand-off, UPI or cash.
    expect(screen.getByText(/Pay the carrier at the hand-off by their UPI code or in cash/)).toBeTruthy();
  });

  it('says cash when the carrier has no UPI ID, and shows no code', async () => {
    const api = fakeApi();
    const cash = { ...accepted, payee: { name: 'Asha Rao', upiId: null, masked: false } };
    api.on('GET /api/orders', () => json({ bookings: [cash] }));
    renderApp('/mybookings', { api });
    const panel = await openDetails();
    expect(
      within(panel).getByText(/has no UPI ID in their profile: pay ₹2,000 in cash at the hand-off/),
    ).toBeTruthy();
    expect(screen.getByText(/Pay the carrier in cash at the hand-off\./)).toBeTruthy();
    expect(screen.queryByText(/by their UPI code/)).toBeNull();
    expect(within(panel).queryByRole('link', { name: 'Open in UPI app' })).toBeNull();
  });

  it('says cash and shows no code for a total over what one UPI payment carries (₹1,00,000)', async () => {
    const api = fakeApi();
    const big = { ...accepted, weight: 4, cost: 200_000, pricePerKg: 50_000 };
    api.on('GET /api/orders', () => json({ bookings: [big] }));
    renderApp('/mybookings', { api });
    const panel = await openDetails();
    expect(
      within(panel).getByRole('heading', { name: 'Pay ₹2,00,000 to Asha Rao at the hand-off' }),
    ).toBeTruthy();
    expect(
      within(panel).getByText(
        'UPI takes at most ₹1,00,000 in one payment: pay ₹2,00,000 in cash at the hand-off.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/Pay the carrier in cash at the hand-off\./)).toBeTruthy();
    expect(within(panel).queryByRole('link', { name: 'Open in UPI app' })).toBeNull();
    expect(within(panel).queryByRole('img')).toBeNull();
  });

  it('shows the UPI ID masked and no code while the booking waits for the carrier', async () => {
    const api = fakeApi();
    const pending = {
      ...accepted,
      status: 'pending' as const,
      payee: { name: 'Asha Rao', upiId: 'as•••••••••@okaxis', masked: true },
    };
    api.on('GET /api/orders', () => json({ bookings: [pending] }));
    renderApp('/mybookings', { api });
    const panel = await openDetails();
    expect(within(panel).getByText(/by UPI \(as•••••••••@okaxis\) or in cash/)).toBeTruthy();
    expect(within(panel).queryByRole('img')).toBeNull();
  });

  it('refuses "I paid" with a reference that is not a UPI reference', async () => {
    const api = fakeApi();
    api.on('GET /api/orders', () => json({ bookings: [accepted] }));
    renderApp('/mybookings', { api });
    const panel = await openDetails();
    await userEvent.type(within(panel).getByLabelText('UPI transaction reference'), '12-34');
    await userEvent.click(within(panel).getByRole('button', { name: 'I paid' }));
    expect(await within(panel).findByText(/6 to 35 letters and digits/)).toBeTruthy();
  });
});
