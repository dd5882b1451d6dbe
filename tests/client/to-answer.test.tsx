// A carrier never misses a request (issue 28): Order History shows the pending requests first,
// under "To answer", soonest to expire first with the time left; the rest stays under the spec's
// "Past Orders"; the nav link and the app icon's badge (Badging API) count them.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@/domain/booking/schema';
import type { BookingStatus } from '@/domain/booking/status';
import { fakeApi, json } from '../support/client-fake-api';
import { renderApp } from '../support/client-render-app';
import { makeOrder } from '../support/client-rows';

const HOUR_S = 3600;
const nowS = () => Math.floor(Date.now() / 1000);

function order(id: string, status: BookingStatus, madeHoursAgo: number, name = 'Meera Shah'): Order {
  return makeOrder(id, { status, name, createdAt: { _seconds: nowS() - madeHoursAgo * HOUR_S } });
}

function withOrders(orders: Order[]) {
  const api = fakeApi();
  api.on('GET /api/carrier-orders', () => json({ bookings: orders }));
  return renderApp('/carrier/orders', { api, session: { role: 'carrier' } });
}

const section = (name: string) => screen.getByRole('heading', { name }).closest('section') as HTMLElement;

afterEach(() => {
  Reflect.deleteProperty(navigator, 'setAppBadge');
  Reflect.deleteProperty(navigator, 'clearAppBadge');
});

describe('To answer', () => {
  it('lists pending requests first, soonest to expire first, with the time left; the rest under Past Orders', async () => {
    withOrders([
      order('fresh', 'pending', 1, 'Ravi Kumar'),
      order('done', 'completed', 30, 'Old Trip'),
      order('older', 'pending', 20, 'Asha Rao'),
    ]);
    const heading = await screen.findByRole('heading', { name: 'To answer' }, { timeout: 5000 });
    // The count beside the heading, seen at a glance.
    expect(heading.textContent).toBe('To answer2');
    const toAnswer = heading.closest('section') as HTMLElement;
    const rows = within(toAnswer).getAllByRole('article');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual([
      'DEL to BOM, Asha Rao',
      'DEL to BOM, Ravi Kumar',
    ]);
    // Made 20 hours ago: about 4 hours left (24 hours in all); made 1 hour ago: about 23.
    expect(within(rows[0] as HTMLElement).getByText(/^Expires in [34] h/)).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText(/^Expires in 2[23] h/)).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByRole('button', { name: 'Accept' })).toBeTruthy();
    const past = section('Past Orders');
    expect(
      within(past)
        .getAllByRole('article')
        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['DEL to BOM, Old Trip']);
  });

  it('shows no "To answer" when nothing waits for an answer', async () => {
    withOrders([order('done', 'completed', 30)]);
    await screen.findByRole('article', {}, { timeout: 5000 });
    expect(screen.queryByRole('heading', { name: 'To answer' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Past Orders' })).toBeTruthy();
  });

  it('counts them on the Order History link, and a request answered leaves the count and the list', async () => {
    withOrders([order('a', 'pending', 1, 'Ravi Kumar'), order('b', 'pending', 2, 'Asha Rao')]);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      await within(nav).findByRole(
        'link',
        { name: /^Order History ?, 2 requests to answer$/ },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    await screen.findByRole('heading', { name: 'To answer' });
    const first = within(section('To answer')).getAllByRole('article')[0] as HTMLElement;
    await userEvent.click(within(first).getByRole('button', { name: 'Accept' }));
    expect(
      await within(nav).findByRole('link', { name: /^Order History ?, 1 request to answer$/ }),
    ).toBeTruthy();
    expect(within(section('To answer')).getAllByRole('article')).toHaveLength(1);
    expect(
      within(section('Past Orders')).getByRole('article', { name: 'DEL to BOM, Asha Rao' }),
    ).toBeTruthy();
  });

  it("sets the app icon's badge where the browser has the Badging API, and clears it at zero", async () => {
    const setAppBadge = vi.fn(() => Promise.resolve());
    const clearAppBadge = vi.fn(() => Promise.resolve());
    Object.assign(navigator, { setAppBadge, clearAppBadge });
    withOrders([order('a', 'pending', 1)]);
    await waitFor(() => expect(setAppBadge).toHaveBeenLastCalledWith(1), { timeout: 5000 });
    await userEvent.click(await within(section('To answer')).findByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(clearAppBadge).toHaveBeenCalled());
    expect(setAppBadge).toHaveBeenCalledTimes(1);
  });
});
