// View Details: the status history with times and, once accepted, the other party's contact,
// read from the local store (so it shows with the server unreachable).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../support/client-fake-api';
import { renderApp } from '../support/client-render-app';
import { makeOrder } from '../support/client-rows';

const REQUESTED = Date.UTC(2026, 10, 1, 8, 0) / 1000;
const ACCEPTED = REQUESTED + 3600;
const COMPLETED = ACCEPTED + 86_400;

const accepted = makeOrder('b1', {
  listingId: 'b1_passenger',
  status: 'completed',
  history: [
    { status: 'pending', at: REQUESTED },
    { status: 'accepted', at: ACCEPTED },
    { status: 'completed', at: COMPLETED },
  ],
  contact: { name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210' },
});
const pending = makeOrder('b2', {
  listingId: 'b2_passenger',
  history: [{ status: 'pending', at: REQUESTED }],
  contact: null,
});

async function openDetails() {
  await waitFor(() => expect(screen.getAllByRole('button', { name: 'View Details' })).toHaveLength(1));
  await userEvent.click(screen.getByRole('button', { name: 'View Details' }));
}

describe('BookingDetails', () => {
  it('lists each status with its time and the carrier contact of an accepted booking', async () => {
    const api = fakeApi();
    api.on('GET /api/orders', () => json({ bookings: [accepted] }));
    renderApp('/mybookings', { api });
    await openDetails();
    const history = screen.getByRole('region', { name: 'Status history' });
    const steps = within(history).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent?.split(/\d/)[0])).toEqual(['Requested', 'Accepted', 'Completed']);
    expect(
      within(history)
        .getAllByRole('time')
        .map((t) => t.getAttribute('datetime')),
    ).toEqual([REQUESTED, ACCEPTED, COMPLETED].map((s) => new Date(s * 1000).toISOString()));
    const contact = screen.getByRole('region', { name: 'Carrier contact' });
    expect(within(contact).getByText('Asha Rao')).toBeTruthy();
    expect(
      within(contact)
        .getByRole('link', { name: /9876543210/ })
        .getAttribute('href'),
    ).toBe('tel:9876543210');
    expect(
      within(contact)
        .getByRole('link', { name: /asha@example.com/ })
        .getAttribute('href'),
    ).toBe('mailto:asha@example.com');
  });

  it("names the carrier in the row's one line of weight and traveller, one space around each dot", async () => {
    const api = fakeApi();
    api.on('GET /api/orders', () => json({ bookings: [pending] }));
    renderApp('/mybookings', { api });
    const line = await screen.findByText(/carried by Asha Rao/);
    expect(line.textContent).toBe('3 KG · Meera Shah · carried by Asha Rao');
  });

  it('shows no contact while the booking waits for the carrier', async () => {
    const api = fakeApi();
    api.on('GET /api/orders', () => json({ bookings: [pending] }));
    renderApp('/mybookings', { api });
    await openDetails();
    expect(screen.getByText('Waiting for the carrier to accept')).toBeTruthy();
    expect(screen.queryByRole('region', { name: /contact/ })).toBeNull();
  });

  it("shows the traveller's contact to the carrier once accepted, beside Cancel and Complete", async () => {
    const api = fakeApi();
    const forCarrier = {
      ...accepted,
      listingId: 'b1_carrier',
      status: 'accepted',
      history: [
        { status: 'pending', at: REQUESTED },
        { status: 'accepted', at: ACCEPTED },
      ],
      contact: { name: 'Meera Shah', email: 'meera@example.com', phone: '9000000000' },
    };
    api.on('GET /api/carrier-orders', () => json({ bookings: [forCarrier] }));
    renderApp('/carrier/orders', { api, session: { role: 'carrier' } });
    await openDetails();
    expect(
      within(screen.getByRole('region', { name: 'Traveller contact' })).getByText('Meera Shah'),
    ).toBeTruthy();
  });

  it('reads from the local store when the server cannot be reached', async () => {
    const api = fakeApi();
    api.on('GET /api/orders', () => json({ bookings: [accepted] }));
    const first = renderApp('/mybookings', { api });
    await waitFor(async () => expect(await first.store.db.bookings.count()).toBe(1));
    first.unmount();
    api.on('GET /api/orders', () => {
      throw new TypeError('Failed to fetch');
    });
    renderApp('/mybookings', { api, store: first.store });
    await openDetails();
    expect(
      within(screen.getByRole('region', { name: 'Carrier contact' })).getByText('Asha Rao'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Status history' })).getByText('Completed'),
    ).toBeTruthy();
  });

  it('reports and blocks the carrier with no network: kept on the device, said in words', async () => {
    const api = fakeApi();
    const other = {
      ...accepted,
      contact: { name: 'Ravi Kumar', email: 'ravi@example.com', phone: '9876500000' },
    };
    api.on('GET /api/orders', () => json({ bookings: [other] }));
    api.on('POST /api/sync/push', () => {
      throw new TypeError('fetch failed');
    });
    const { store } = renderApp('/mybookings', { api });
    await openDetails();
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const contact = screen.getByRole('region', { name: 'Carrier contact' });
      await userEvent.click(within(contact).getByRole('button', { name: 'Report or block carrier' }));
      const dialog = screen.getByRole('dialog', { name: 'Report the carrier?' });
      await userEvent.selectOptions(within(dialog).getByLabelText('Reason'), 'no-show');
      await userEvent.type(within(dialog).getByLabelText('What happened (optional)'), 'Never came');
      await userEvent.click(within(dialog).getByLabelText(/Also block this person/));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
      expect(
        await screen.findByText(
          'Reported and blocked. You are offline: it is kept on this device and sent when you are back online.',
        ),
      ).toBeTruthy();
      expect(screen.queryByRole('dialog')).toBeNull();
      const queued = await store.db.outbox.orderBy('createdAt').toArray();
      expect(queued.map((e) => [e.kind, e.args])).toEqual([
        ['report', { kind: 'booking', bookingId: 'b1', reason: 'no-show', details: 'Never came' }],
        ['block', { email: 'ravi@example.com' }],
      ]);
    } finally {
      online.mockRestore();
    }
  });
});
