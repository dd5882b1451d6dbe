// My Bookings, Carrier Order History and Your Listings: loading, empty and error states, tabs,
// details, the carrier's status actions and each row's sync state.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Order } from '@/domain/booking/schema';
import type { BookingStatus } from '@/domain/booking/status';
import { fakeApi, json } from '../support/client-fake-api';
import { renderApp } from '../support/client-render-app';
import { ASHAS_LISTING, makeListing, makeOrder } from '../support/client-rows';

function order(id: string, status: BookingStatus, departure = '2099-05-01', seconds = 100): Order {
  return makeOrder(id, { status, departure, createdAt: { _seconds: seconds } });
}

describe('My Bookings', () => {
  it("says 'No bookings found.' when there are none", async () => {
    renderApp('/mybookings');
    expect(await screen.findByText('No bookings found.')).toBeTruthy();
  });

  it('shows the load failure when nothing was ever synced', async () => {
    const api = fakeApi();
    api.on('GET /api/orders', () => json({ message: 'down' }, 500));
    renderApp('/mybookings', { api });
    expect(await screen.findByText('Failed to load bookings. Please try again.')).toBeTruthy();
  });

  it('filters Upcoming to future pending or accepted bookings and opens details', async () => {
    const api = fakeApi();
    api.on('GET /api/orders', () =>
      json({
        bookings: [order('a', 'pending'), order('b', 'completed'), order('c', 'accepted', '2001-01-01')],
      }),
    );
    renderApp('/mybookings', { api });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    await userEvent.click(screen.getByRole('button', { name: 'Upcoming' }));
    expect(screen.getAllByRole('article')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'View Details' }));
    expect(within(screen.getByLabelText('Booking details')).getByText('₹2,400')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelled' }));
    expect(screen.getByText('No bookings found.')).toBeTruthy();
  });
});

describe('expired bookings', () => {
  const expired = (reason: 'unanswered' | 'departure') =>
    makeOrder('x', {
      status: 'expired',
      departure: '2099-05-01',
      createdAt: { _seconds: 100 },
      expiredReason: reason,
      history: [
        { status: 'pending', at: 100 },
        { status: 'expired', at: 100 + 24 * 3600 },
      ],
    });

  it('shows Expired with the reason in My Bookings, under its own tab and in the history', async () => {
    const api = fakeApi();
    api.on('GET /api/orders', () => json({ bookings: [expired('unanswered'), order('a', 'pending')] }));
    renderApp('/mybookings', { api });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Expired' }));
    const [item] = screen.getAllByRole('article') as HTMLElement[];
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(within(item as HTMLElement).getByText('Expired', { selector: 'span' })).toBeTruthy();
    expect(within(item as HTMLElement).getByText('The carrier did not answer within 24 hours.')).toBeTruthy();
    await userEvent.click(within(item as HTMLElement).getByRole('button', { name: 'View Details' }));
    const history = within(screen.getByRole('region', { name: 'Status history' }));
    expect(history.getByText('Expired')).toBeTruthy();
    expect(history.getAllByRole('listitem').map((li) => li.textContent)).toHaveLength(3);
  });

  it('shows Expired with the reason in the carrier’s Order History, with no actions', async () => {
    const api = fakeApi();
    api.on('GET /api/carrier-orders', () => json({ bookings: [expired('departure')] }));
    renderApp('/carrier/orders', { api, session: { role: 'carrier' } });
    const item = (await screen.findByRole('article')) as HTMLElement;
    expect(within(item).getByText('Expired', { selector: 'span' })).toBeTruthy();
    expect(within(item).getByText('The carrier did not answer by 2 hours before departure.')).toBeTruthy();
    expect(within(item).queryByRole('button', { name: 'Accept' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Expired' }));
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });
});

describe('Carrier Order History', () => {
  it('offers Accept and Decline on a pending order, then Cancel and Complete once accepted', async () => {
    const api = fakeApi();
    api.on('GET /api/carrier-orders', () => json({ bookings: [order('a', 'pending')] }));
    const { store } = renderApp('/carrier/orders', { api, session: { role: 'carrier' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('button', { name: 'Complete' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(screen.getByText('Waiting to send')).toBeTruthy();
    expect((await store.db.orders.get('a'))?.status).toBe('accepted');
  });

  it('shows a Completed badge with no actions, newest first', async () => {
    const api = fakeApi();
    api.on('GET /api/carrier-orders', () =>
      json({
        bookings: [order('old', 'rejected', '2099-05-01', 1), order('new', 'completed', '2099-05-01', 9)],
      }),
    );
    renderApp('/carrier/orders', { api, session: { role: 'carrier' } });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    const [first, second] = screen.getAllByRole('article');
    expect(within(first as HTMLElement).getByText('✓ Completed')).toBeTruthy();
    // No status action: the details disclosure (which holds the traveller's contact) and the
    // rating that follows a completed delivery.
    expect(
      within(first as HTMLElement)
        .queryAllByRole('button')
        .map((b) => b.textContent?.trim())
        .sort(),
    ).toEqual(['Rate Meera Shah', 'View Details']);
    expect(within(second as HTMLElement).getByRole('button', { name: 'View Details' })).toBeTruthy();
  });

  it("says 'No orders found.' when a tab has none", async () => {
    const api = fakeApi();
    api.on('GET /api/carrier-orders', () => json({ bookings: [order('a', 'pending')] }));
    renderApp('/carrier/orders', { api, session: { role: 'carrier' } });
    await screen.findByRole('button', { name: 'Accept' });
    await userEvent.click(screen.getByRole('button', { name: 'Rejected' }));
    expect(screen.getByText('No orders found.')).toBeTruthy();
  });
});

describe('Your Listings', () => {
  it("says 'No listings found.' and offers the Add listing button", async () => {
    renderApp('/carrierhome', { session: { role: 'carrier' } });
    expect(await screen.findByText('No listings found.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add listing' }).getAttribute('href')).toBe(
      '/carrier/add-listing',
    );
  });

  it('shows a listing with its space, price per KG, date and the time as en-IN writes it', async () => {
    const api = fakeApi();
    const l = makeListing('l1', ASHAS_LISTING);
    api.on('GET /api/listings/*', () => json([l]));
    renderApp('/carrierhome', { api, session: { role: 'carrier' } });
    expect(await screen.findByText('6 KG')).toBeTruthy();
    expect(screen.getByText('Space Available')).toBeTruthy();
    expect(screen.getByText('₹800')).toBeTruthy();
    expect(screen.getByText('21 Nov')).toBeTruthy();
    expect(screen.getByText('2:05 pm')).toBeTruthy();
    expect(await screen.findByText('Air India', { exact: false })).toBeTruthy();
  });
});
