// My courier requests and a request's details, through the DOM (issue 30): reached from the
// sender's profile menu; each request with its status; the details with the ID only masked, the
// history, the matching listings with Book this (a booking of the request's weight, queued) and
// Withdraw (queued, the request closed at once). Switch role is in every role's profile menu.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Store } from '@/data';
import type { CourierRow } from '@/domain/courier/status';
import { fakeApi, json } from '../support/client-fake-api';
import { findHeading, renderApp, appStore as testStore } from '../support/client-render-app';

const synced = { syncState: 'synced' as const, syncError: null, outboxKey: null };
const DATE = '2099-05-03';

function request(over: Partial<CourierRow> = {}): CourierRow {
  return {
    id: 'req-1234-5678',
    status: 'matched',
    from: 'DEL',
    to: 'BOM',
    firstDay: '2099-05-01',
    lastDay: '2099-05-09',
    weight: 2,
    itemCategory: ['books'],
    itemDescription: 'Two paperback books',
    declaredValue: 1500,
    recipientName: 'Ravi Kumar',
    recipientPhone: '9123456780',
    paymentMode: 'UPI',
    governmentIdType: 'Aadhaar Card',
    governmentIdLast4: '4029',
    itemImageUrl: '/api/files/courier-images/x-bag.png',
    createdAt: 1,
    bookingId: null,
    history: [
      { status: 'submitted', at: Date.UTC(2099, 3, 1), note: '' },
      { status: 'matched', at: Date.UTC(2099, 3, 2), note: 'A carrier is flying this route on your dates' },
    ],
    matches: [
      {
        id: 'listing-1',
        email: 'carrier@example.com',
        name: 'Meera Shah',
        from: 'DEL',
        to: 'BOM',
        flightNo: 'AI883',
        airline: 'AI',
        departure: DATE,
        time: '09:30',
        weight: 10,
        available: 8,
        cost: 300,
        createdAt: 1,
      },
    ],
    ...over,
  };
}

/** A store holding `rows` as the last pull left them; pushes answer busy (changes stay queued). */
async function withRequests(rows: CourierRow[]): Promise<{ store: Store; api: ReturnType<typeof fakeApi> }> {
  const api = fakeApi();
  api.on('POST /api/sync/push', () => json({ code: 'sync/busy', message: 'busy' }, 503));
  const store = testStore(api);
  await store.db.couriers.bulkPut(rows.map((r) => ({ ...r, ...synced })));
  return { store, api };
}

describe('My courier requests', { timeout: 60_000 }, () => {
  it('is in the sender profile menu and lists each request with its status', async () => {
    const { store, api } = await withRequests([
      request(),
      request({ id: 'req-2', status: 'delivered', matches: [] }),
    ]);
    renderApp('/senderhome', { store, api, session: { role: 'sender' } });
    await findHeading('Courier Service Request', 10_000);
    // Also at the top of the sender's home, above the long form.
    const [top] = screen.getAllByRole('link', { name: 'My courier requests' });
    expect(top?.getAttribute('href')).toBe('/courier-requests');
    await userEvent.click(screen.getByRole('button', { name: 'Profile menu' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'My courier requests' }));
    await findHeading('My courier requests', 10_000);
    const items = await screen.findAllByRole('link', { name: /View details/ });
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText('Matched with a carrier')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('Delivered')).toBeTruthy();
  });

  it('shows the details with the ID masked, the history, and books a match with Book this', async () => {
    const { store, api } = await withRequests([request()]);
    renderApp('/courier-requests/req-1234-5678', { store, api, session: { role: 'sender' } });
    await findHeading('Courier request', 10_000);
    expect(await screen.findByText('Aadhaar Card •••• 4029')).toBeTruthy();
    expect(screen.getByText(/A carrier is flying this route on your dates/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Book this: AI883/ }));
    await waitFor(async () => expect(await store.db.outbox.count()).toBe(1), { timeout: 5000 });
    const [entry] = await store.db.outbox.toArray();
    expect(entry).toMatchObject({
      kind: 'book',
      args: { listingId: 'listing-1', weight: 2, courierRequestId: 'req-1234-5678' },
    });
    expect((await screen.findAllByText('Booked')).length).toBeGreaterThan(0);
    expect(screen.getByText('Waiting to send')).toBeTruthy();
    // What happens next, in words.
    expect(screen.getByText(/What happens next: the carrier accepts or declines your booking/)).toBeTruthy();
  });

  it('withdraws an open request after asking, closing it at once', async () => {
    const { store, api } = await withRequests([request()]);
    renderApp('/courier-requests/req-1234-5678', { store, api, session: { role: 'sender' } });
    await findHeading('Courier request', 10_000);
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw request' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw request' }));
    await waitFor(async () => expect((await store.db.couriers.get('req-1234-5678'))?.status).toBe('closed'), {
      timeout: 5000,
    });
    expect((await store.db.outbox.toArray()).map((e) => e.kind)).toEqual(['courier-withdraw']);
    expect(await screen.findByText('Withdrawn by the sender', { exact: false })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw request' })).toBeNull();
    // Not a dead end: the way to a new request.
    expect(screen.getByRole('link', { name: 'Make a new courier request' }).getAttribute('href')).toBe(
      '/senderhome',
    );
  });
});

describe('Switch role', () => {
  it.each(['sender', 'traveller', 'carrier'] as const)('is in the profile menu of a %s', async (role) => {
    renderApp('/contact', { session: { role } });
    await findHeading('Contact Us', 10_000);
    await userEvent.click(screen.getByRole('button', { name: 'Profile menu' }));
    expect(screen.getByRole('menuitem', { name: 'Switch role' }).getAttribute('href')).toBe(
      '/choose_user_type',
    );
    expect(screen.queryByRole('menuitem', { name: 'My courier requests' }) !== null).toBe(role === 'sender');
  });

  it('says on the role screen where to switch', async () => {
    renderApp('/choose_user_type', { session: { role: 'sender' } });
    await findHeading('Who are you?', 10_000);
    expect(screen.getByText(/Switch role is in the profile menu/)).toBeTruthy();
  });
});
