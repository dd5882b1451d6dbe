// The hand-off and rating screens through the DOM: Complete asks for the code and catches a typo
// on the device, a refused code brings the order back with the server's message, the traveller's
// code and QR in View Details, rating badges, the star rating form and the profile's rating.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { replayOutbox } from '@/data';
import type { Order } from '@/domain/booking/schema';
import type { BookingStatus } from '@/domain/booking/status';
import { handoffCodeFrom } from '@/domain/handoff/code';
import { type FakeApi, fakeApi, json } from '../support/client-fake-api';
import { renderApp } from '../support/client-render-app';
import { ASHAS_LISTING, makeListing, makeOrder } from '../support/client-rows';

const CODE = handoffCodeFrom('40817');
const TYPO = `${CODE.slice(0, 5)}${(Number(CODE[5]) + 1) % 10}`;

interface Pushed {
  id: number;
  kind: string;
  args: Record<string, unknown>;
}

/** Answers each pushed mutation with `answer` (the sync push's per-mutation results). */
function onPush(api: FakeApi, answer: (m: Pushed) => Record<string, unknown>) {
  api.on('POST /api/sync/push', async (req) => {
    const { mutations } = (await req.json()) as { mutations: Pushed[] };
    const results = mutations.map((m) => ({ id: m.id, ...answer(m) }));
    return json({ lastMutationId: mutations.at(-1)?.id ?? 0, results });
  });
}

function order(id: string, status: BookingStatus, extra: Partial<Order> = {}): Order {
  return makeOrder(id, { status, ...extra });
}

async function openCompleteDialog(status: BookingStatus = 'accepted', extra: Partial<Order> = {}) {
  const api = fakeApi();
  api.on('GET /api/carrier-orders', () => json({ bookings: [order('a', status, extra)] }));
  const view = renderApp('/carrier/orders', { api, session: { role: 'carrier' } });
  await userEvent.click(await screen.findByRole('button', { name: 'Complete' }));
  // The flight has not left yet: the carrier confirms the luggage was handed back first.
  const early = await screen.findByRole('alertdialog', { name: 'Complete before the flight?' });
  await userEvent.click(within(early).getByRole('button', { name: 'It was handed back' }));
  const dialog = await screen.findByRole('dialog', { name: 'Complete delivery' });
  return { ...view, dialog };
}

describe('Complete with the hand-off code', () => {
  it('catches a mistyped code on the device and sends nothing', async () => {
    const { api, store, dialog } = await openCompleteDialog();
    await userEvent.type(within(dialog).getByLabelText('Hand-off code'), TYPO);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(
      await within(dialog).findByText(
        'That code has a typo. Check it with the traveller',
        {},
        { timeout: 3000 },
      ),
    ).toBeTruthy();
    expect(api.calls).not.toContain('PUT /api/bookings/update-status');
    expect((await store.db.orders.get('a'))?.status).toBe('accepted');
  });

  it('records a good code at once with no signal: "Delivery recorded, confirming"', async () => {
    const { api, store, dialog } = await openCompleteDialog();
    api.on('POST /api/sync/push', () => {
      throw new TypeError('fetch failed');
    });
    await userEvent.type(
      within(dialog).getByLabelText('Hand-off code'),
      `${CODE.slice(0, 3)} ${CODE.slice(3)}`,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('Delivery recorded, confirming')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const [entry] = await store.db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'complete', args: { handoffCode: CODE } });
  });

  it('asks whether the payment was received, and records the answer before the completion (issue 31)', async () => {
    const { api, store, dialog } = await openCompleteDialog();
    api.on('POST /api/sync/push', () => {
      throw new TypeError('fetch failed');
    });
    const question = within(dialog).getByRole('group', { name: 'Was the payment of ₹2,400 received?' });
    expect(
      within(question)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Yes, by UPI', 'Yes, in cash', 'Not yet']);
    await userEvent.click(within(question).getByRole('radio', { name: 'Yes, in cash' }));
    await userEvent.type(within(dialog).getByLabelText('Hand-off code'), CODE);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('Delivery recorded, confirming')).toBeTruthy();
    // In the order they were queued (createdAt), which is the order they are sent.
    const queued = await store.db.outbox.orderBy('createdAt').toArray();
    expect(queued.map((e) => [e.kind, e.args])).toEqual([
      ['payment-received', expect.objectContaining({ bookingId: 'a', method: 'cash' })],
      ['complete', expect.objectContaining({ handoffCode: CODE })],
    ]);
  });

  it('asks nothing about the payment once it is recorded as received', async () => {
    const { dialog } = await openCompleteDialog('accepted', {
      payment: { state: 'received', method: 'cash', receivedAt: 1 },
    });
    expect(within(dialog).queryByRole('group', { name: /Was the payment/ })).toBeNull();
  });

  it('brings the order back to accepted with the message when the server refuses the code', async () => {
    const { api, store, dialog } = await openCompleteDialog();
    let sent: unknown = null;
    onPush(api, (m) => {
      sent = m;
      return { ok: false, code: 'handoff_code_mismatch', message: 'Hand-off code does not match' };
    });
    await userEvent.type(within(dialog).getByLabelText('Hand-off code'), CODE);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('Delivery recorded, confirming')).toBeTruthy();
    await replayOutbox(store);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Hand-off code does not match');
    expect(sent).toMatchObject({
      kind: 'complete',
      args: { listingId: 'a', status: 'completed', handoffCode: CODE },
    });
    expect(screen.getByRole('button', { name: 'Complete' })).toBeTruthy();
    expect(screen.getByText('Accepted')).toBeTruthy();
  });

  it('asks for the code when the field is left empty, and Cancel closes the dialog', async () => {
    const { dialog } = await openCompleteDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(await within(dialog).findByText('Hand-off code is required')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('scanning the QR code', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  it('offers no Scan button where the browser has no BarcodeDetector', async () => {
    const { dialog } = await openCompleteDialog();
    expect(within(dialog).queryByRole('button', { name: 'Scan QR code' })).toBeNull();
  });

  it('completes with the code read from the camera, then turns the camera off', async () => {
    const stop = vi.fn();
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        async detect() {
          return [{ rawValue: 'https://example.com/not-ours' }, { rawValue: `CARRY-HANDOFF:${CODE}` }];
        }
      },
    );
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: async () => ({ getTracks: () => [{ stop }] }) },
    });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    // happy-dom's video takes only a real MediaStream.
    vi.spyOn(HTMLMediaElement.prototype, 'srcObject', 'set').mockImplementation(() => {});
    const { store, dialog } = await openCompleteDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Scan QR code' }));
    expect(await screen.findByText('Delivery recorded, confirming', {}, { timeout: 3000 })).toBeTruthy();
    const [entry] = await store.db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'complete', args: { handoffCode: CODE } });
    expect(stop).toHaveBeenCalled();
  });
});

describe("the traveller's hand-off code", () => {
  it('shows the code and its QR in View Details of an accepted booking', async () => {
    const api = fakeApi();
    api.on('GET /api/orders', () =>
      json({ bookings: [order('b', 'accepted', { listingId: 'b_passenger', handoffCode: CODE })] }),
    );
    renderApp('/mybookings', { api });
    const details = await screen.findByRole('button', { name: 'View Details' });
    // The QR is a React.lazy chunk: the click suspends on it, so the act around the click is
    // awaited until the chunk has loaded (an act left unawaited never retries the suspended panel).
    await act(async () => {
      await userEvent.click(details);
      await import('@/client/routes/-components/handoff-qr');
    });
    const panel = screen.getByRole('region', { name: 'Hand-off code' });
    expect(within(panel).getByText(`${CODE.slice(0, 3)} ${CODE.slice(3)}`)).toBeTruthy();
    expect(
      await within(panel).findByRole('img', { name: /QR code of the hand-off code/ }, { timeout: 10_000 }),
    ).toBeTruthy();
  });

  it('shows no code on a pending booking', async () => {
    const api = fakeApi();
    api.on('GET /api/orders', () =>
      json({ bookings: [order('b', 'pending', { listingId: 'b_passenger' })] }),
    );
    renderApp('/mybookings', { api });
    await userEvent.click(await screen.findByRole('button', { name: 'View Details' }));
    expect(screen.queryByRole('region', { name: 'Hand-off code' })).toBeNull();
  });
});

describe('ratings on screen', () => {
  it("shows the traveller's rating on the carrier's order item, and New below three ratings", async () => {
    const api = fakeApi();
    api.on('GET /api/carrier-orders', () =>
      json({
        bookings: [
          order('a', 'pending', { otherRating: { average: 4.5, count: 5, people: 4 } }),
          order('b', 'pending', {
            otherRating: { average: 5, count: 2, people: 2 },
            createdAt: { _seconds: 1 },
          }),
          // Ten ratings from one person: still New.
          order('c', 'pending', {
            otherRating: { average: 5, count: 10, people: 1 },
            createdAt: { _seconds: 0 },
          }),
        ],
      }),
    );
    renderApp('/carrier/orders', { api, session: { role: 'carrier' } });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    // Pending requests come soonest-to-expire first ("To answer"): compare the set, not the order.
    const ratings = (screen.getAllByRole('article') as HTMLElement[]).map(
      (item) => within(item).getByText(/Traveller rating/).parentElement?.textContent,
    );
    expect(ratings.sort()).toEqual([
      'Traveller rating: 4.5 · 5 ratings from 4 people',
      'Traveller rating: New',
      'Traveller rating: New',
    ]);
  });

  it("shows the carrier's average on the carrier's own listings", async () => {
    const api = fakeApi();
    const listing = makeListing('l1', {
      ...ASHAS_LISTING,
      carrierRating: { average: 4.8, count: 23, people: 20 },
    });
    api.on('GET /api/listings/*', () => json([listing]));
    renderApp('/carrierhome', { api, session: { role: 'carrier' } });
    expect((await screen.findByText(/Your rating:/)).parentElement?.textContent).toBe(
      'Your rating: 4.8 · 23 ratings from 20 people',
    );
  });

  it('rates a completed booking with stars and a comment, and shows it at once', async () => {
    const api = fakeApi();
    let sent: unknown = null;
    const mine = { stars: 4, comment: 'Lovely', editableUntil: Date.now() + 60_000 };
    api.on('GET /api/carrier-orders', () =>
      json({ bookings: [order('a', 'completed', sent ? { myRating: mine } : {})] }),
    );
    onPush(api, (m) => {
      sent = m.args;
      return { ok: true, body: { rating: { bookingId: 'a', ...mine } } };
    });
    const { store } = renderApp('/carrier/orders', { api, session: { role: 'carrier' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Rate Meera Shah' }));
    const form = screen.getByRole('form', { name: 'Rate Meera Shah' });
    await userEvent.click(within(form).getByRole('button', { name: 'Rate' }));
    expect(await within(form).findByText('Choose 1 to 5 stars')).toBeTruthy();
    await userEvent.click(within(form).getByLabelText('4 stars'));
    await userEvent.type(within(form).getByLabelText('Comment (optional)'), 'Lovely');
    await userEvent.click(within(form).getByRole('button', { name: 'Rate' }));
    expect(await screen.findByText(/You rated Meera Shah/)).toBeTruthy();
    await replayOutbox(store);
    await waitFor(() => expect(sent).toEqual({ bookingId: 'a', stars: 4, comment: 'Lovely' }));
    await waitFor(async () => expect((await store.db.orders.get('a'))?.syncState).toBe('synced'));
    expect(screen.getByRole('button', { name: 'Edit rating of Meera Shah' })).toBeTruthy();
  });

  it("shows the user's own average and latest comments on the profile", async () => {
    const api = fakeApi();
    api.on('GET /api/profile/*', () =>
      json({
        profile: { name: 'Asha Rao', phone: '9876543210', gender: 'female', age: 30 },
        bookings: {
          carrier: { pending: 0, completed: 3, declined: 0 },
          passenger: { pending: 0, completed: 0, declined: 0 },
          sender: { pending: 0, completed: 0, declined: 0 },
        },
        rating: {
          average: 4.7,
          count: 4,
          people: 3,
          latest: [
            { stars: 5, comment: 'Handed over on time', by: 'Ravi Kumar', at: Date.UTC(2026, 10, 20) },
          ],
        },
      }),
    );
    renderApp('/set-profile', { api });
    expect(await screen.findByRole('heading', { name: 'Your rating' })).toBeTruthy();
    expect(
      screen.getByText(
        'Average 4.7 of 5 from 4 ratings by 3 people; repeat bookings with one person count once.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Handed over on time')).toBeTruthy();
  });
});
