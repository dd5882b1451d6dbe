// The polite announcement of a booking that changed on screen by the other party's hand (a poke
// brought it): My Bookings says "Booking AI101 accepted" when the carrier accepts, Order History
// says "New booking AI101" when a traveller books; the screen opening, and the user's own
// change, say nothing.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OrderRow } from '@/data';
import { fakeApi, json } from '../support/client-fake-api';
import { renderApp } from '../support/client-render-app';
import { makeOrder } from '../support/client-rows';

const synced = { syncState: 'synced', syncError: null, outboxKey: null } as const;
const row = (id: string, fields: Partial<OrderRow> = {}): OrderRow => ({
  ...makeOrder(id),
  ...synced,
  ...fields,
});
/** The screen's one announcer (other status regions, such as the sync line, are beside it). */
const status = () => {
  const el = document.getElementById('booking-announcements');
  if (!el) throw new Error('no announcer');
  expect(el.getAttribute('role')).toBe('status');
  return el;
};

describe('status announcements', () => {
  it('My Bookings announces a status the carrier changed, not the rows it opened with', async () => {
    const api = fakeApi();
    api.on('GET /api/orders', () => json({ bookings: [makeOrder('a')] }));
    const { store } = renderApp('/mybookings', { api });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(status().textContent).toBe('');
    expect(status().getAttribute('aria-live')).toBe('polite');

    await store.db.bookings.put(row('a', { status: 'accepted' }));
    await waitFor(() => expect(status().textContent).toBe('Booking AI101 accepted.'));
  });

  it('Order History announces a new booking, and not the carrier’s own accept', async () => {
    const api = fakeApi();
    api.on('GET /api/carrier-orders', () => json({ bookings: [] }));
    const { store } = renderApp('/carrier/orders', { api, session: { role: 'carrier' } });
    expect(await screen.findByText('No orders found.')).toBeTruthy();

    await store.db.orders.put(row('b'));
    await waitFor(() => expect(status().textContent).toBe('New booking AI101.'));
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Waiting to send')).toBeTruthy();
    expect(status().textContent).toBe('New booking AI101.');
  });
});
