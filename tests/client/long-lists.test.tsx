// Long lists in pages: My Bookings, Carrier Order History and search results show 50 rows and a
// keyboard-reachable 'Show more' that says how many remain and reveals 50 more.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Order } from '@/domain/booking/schema';
import type { BookingStatus } from '@/domain/booking/status';
import { fakeApi, json } from '../support/client-fake-api';
import { renderApp, searchFlight } from '../support/client-render-app';
import { makeListing, makeOrder } from '../support/client-rows';

function order(i: number, status: BookingStatus = 'pending'): Order {
  return makeOrder(`o${i}`, { name: `Sender ${i}`, status, createdAt: { _seconds: i } });
}

function orders(n: number, status?: BookingStatus): Order[] {
  return Array.from({ length: n }, (_, i) => order(i + 1, status));
}

const articles = () => screen.queryAllByRole('article');

describe('My Bookings paging', () => {
  it('shows 50 bookings, then 50 more per Show more, until none are left', async () => {
    const api = fakeApi();
    api.on('GET /api/orders', () => json({ bookings: orders(120) }));
    renderApp('/mybookings', { api });
    await waitFor(() => expect(articles()).toHaveLength(50));
    expect(screen.getByText('Your Bookings')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Show more (70 left)' }));
    expect(articles()).toHaveLength(100);

    await userEvent.click(screen.getByRole('button', { name: 'Show more (20 left)' }));
    expect(articles()).toHaveLength(120);
    expect(screen.queryByRole('button', { name: /Show more/ })).toBeNull();
  });

  it('keeps newest first across pages', async () => {
    const api = fakeApi();
    api.on('GET /api/orders', () => json({ bookings: orders(60) }));
    renderApp('/mybookings', { api });
    await waitFor(() => expect(articles()).toHaveLength(50));
    expect(articles()[0]?.getAttribute('aria-label')).toBe('DEL to BOM, Sender 60');
    await userEvent.click(screen.getByRole('button', { name: 'Show more (10 left)' }));
    expect(articles().at(-1)?.getAttribute('aria-label')).toBe('DEL to BOM, Sender 1');
  });

  it('reveals more from the keyboard', async () => {
    const api = fakeApi();
    api.on('GET /api/orders', () => json({ bookings: orders(51) }));
    renderApp('/mybookings', { api });
    const more = await screen.findByRole('button', { name: 'Show more (1 left)' });
    more.focus();
    await userEvent.keyboard('{Enter}');
    expect(articles()).toHaveLength(51);
  });

  it('groups thousands in the count left', async () => {
    const api = fakeApi();
    api.on('GET /api/orders', () => json({ bookings: orders(1100) }));
    renderApp('/mybookings', { api });
    expect(await screen.findByRole('button', { name: 'Show more (1,050 left)' })).toBeTruthy();
  });

  it('starts again at the first page on another tab, and offers no button when one page holds all', async () => {
    const api = fakeApi();
    api.on('GET /api/orders', () => json({ bookings: [...orders(80), order(200, 'completed')] }));
    renderApp('/mybookings', { api });
    await userEvent.click(await screen.findByRole('button', { name: 'Show more (31 left)' }));
    expect(articles()).toHaveLength(81);
    await userEvent.click(screen.getByRole('button', { name: 'Completed' }));
    expect(articles()).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Show more/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'All Bookings' }));
    expect(articles()).toHaveLength(50);
  });
});

describe('Carrier Order History paging', () => {
  it('shows 50 orders, then the rest after Show more', async () => {
    const api = fakeApi();
    api.on('GET /api/carrier-orders', () => json({ bookings: orders(120, 'rejected') }));
    renderApp('/carrier/orders', { api, session: { role: 'carrier' } });
    await waitFor(() => expect(articles()).toHaveLength(50));
    expect(screen.getByText('Past Orders')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Show more (70 left)' }));
    expect(articles()).toHaveLength(100);
    await userEvent.click(screen.getByRole('button', { name: 'Show more (20 left)' }));
    expect(articles()).toHaveLength(120);
    expect(screen.queryByRole('button', { name: /Show more/ })).toBeNull();
  });
});

describe('Search results paging', () => {
  it('counts every result but shows them 50 at a time', async () => {
    const api = fakeApi();
    api.on('POST /api/search-listings', () =>
      json(Array.from({ length: 120 }, (_, i) => makeListing(`l${i}`))),
    );
    renderApp('/travellerhome', { api });
    await searchFlight('2099-05-01');

    expect(await screen.findByText('Showing 120 of 120 results')).toBeTruthy();
    const books = () => screen.queryAllByRole('button', { name: /^Book Now/ });
    expect(books()).toHaveLength(50);
    await userEvent.click(screen.getByRole('button', { name: 'Show more (70 left)' }));
    expect(books()).toHaveLength(100);
    await userEvent.click(screen.getByRole('button', { name: 'Show more (20 left)' }));
    expect(books()).toHaveLength(120);
    expect(screen.queryByRole('button', { name: /Show more/ })).toBeNull();
    expect(screen.getByText('Showing 120 of 120 results')).toBeTruthy();
  });
});
