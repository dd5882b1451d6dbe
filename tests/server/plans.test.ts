// Plans change, through HTTP: the traveller cancels their own booking (a reason, the operator's
// cut-off, the space given back, the carrier told), the carrier declines and cancels with a
// reason, edits a listing (never below what is booked; a booking keeps its price; a new flight
// frees the traveller to cancel) and withdraws it (out of search and booking at once), and an
// early completion is recorded as such. Bad input: 403, 409 with its code, 400 for a long reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../../scripts/smtp-sink';
import { completeWithCode } from '../support/handoff';
import { createTestServer, type TestServer } from '../support/server-app';
import { addListing, book, daysFromNow, listingBody, searchBody } from '../support/server-fixtures';
import { signupAndLogin, type TestUser } from '../support/server-users';

const HOUR = 3600_000;
let nowMs = Date.now();
const clock = { now: () => nowMs };
let server: TestServer;
let smtp: SmtpSink;
let carrier: TestUser;
let traveller: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await createTestServer({
    clock,
    config: { cancelCutoffMs: 6 * HOUR },
    notify: { smtpUrl: smtp.url },
  });
  [carrier, traveller, stranger] = await Promise.all([
    signupAndLogin(server, { name: 'Asha Rao' }),
    signupAndLogin(server, { name: 'Ravi Kumar' }),
    signupAndLogin(server),
  ]);
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

let flight = 700;
const departure = daysFromNow(30);
/** 10:30 in Delhi on the listing's date. */
const departsMs = Date.parse(`${departure}T10:30:00+05:30`);

async function listing(weight = 5, c = carrier) {
  flight += 1;
  const flightNo = `AI${flight}`;
  return { id: await addListing(c, { flightNo, weight, departure }), flightNo };
}
const cancel = (user: TestUser, bookingId: string, reason: unknown = { code: 'plans-changed' }) =>
  user.call('POST', `/api/bookings/${bookingId}/cancel`, { reason });
const setStatus = (user: TestUser, bookingId: string, status: string, reason?: unknown) =>
  user.call('PUT', '/api/bookings/update-status', {
    listingId: bookingId,
    status,
    ...(reason ? { reason } : {}),
  });
async function orderOf(user: TestUser, bookingId: string, side: 'orders' | 'carrier-orders' = 'orders') {
  const res = await user.call('GET', `/api/${side}?email=${encodeURIComponent(user.email)}`);
  const { bookings } = (await res.json()) as { bookings: Record<string, unknown>[] };
  return bookings.find((b) => b.id === bookingId) as Record<string, unknown> & {
    history: Record<string, unknown>[];
  };
}
async function availableOn(id: string, flightNo: string): Promise<number | undefined> {
  const res = await stranger.call(
    'POST',
    '/api/search-listings',
    searchBody(stranger, { flightNo, departure }),
  );
  const found = await res.json();
  return Array.isArray(found) ? found.find((l: { id: string }) => l.id === id)?.available : undefined;
}
const edit = (user: TestUser, id: string, changes: Record<string, unknown>) => {
  const { departure: d, time, flightNo, weight, cost } = listingBody(user, { departure, ...changes });
  return user.call('PATCH', `/api/listings/${id}`, { departure: d, time, flightNo, weight, cost });
};

describe('POST /api/bookings/:bookingId/cancel', () => {
  it('cancels a pending booking with its reason, gives its space back and mails the carrier why', async () => {
    const l = await listing();
    const id = await book(traveller, l.id, 2);
    expect(await availableOn(l.id, l.flightNo)).toBe(3);
    const res = await cancel(traveller, id, { code: 'other', text: 'Sending it by post instead' });
    expect(res.status).toBe(200);
    const { booking } = await res.json();
    expect(booking.status).toBe('cancelled');
    expect(booking.history.at(-1)).toMatchObject({
      status: 'cancelled',
      by: 'traveller',
      reason: { code: 'other', text: 'Sending it by post instead' },
    });
    expect(await availableOn(l.id, l.flightNo)).toBe(5);
    // The carrier's own list shows the same history.
    expect((await orderOf(carrier, id, 'carrier-orders')).history.at(-1)).toMatchObject({ by: 'traveller' });
    await server.notifier.drain();
    const mails = smtp.messages.filter(
      (m) => m.to.includes(carrier.email) && m.subject === 'Booking cancelled',
    );
    const mail = mails.at(-1) ?? (await smtp.waitFor(carrier.email));
    expect(mail.text).toContain('Reason: Another reason.');
    expect(mail.text).toContain('Sending it by post instead');
  });

  it("answers 403 booking/not-traveller to the carrier or anyone else cancelling a traveller's booking", async () => {
    const id = await book(traveller, (await listing()).id);
    for (const who of [stranger, carrier]) {
      const res = await cancel(who, id);
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe('booking/not-traveller');
    }
  });

  it('answers 409 booking/moved-on for a booking already declined or cancelled', async () => {
    const id = await book(traveller, (await listing()).id);
    expect((await setStatus(carrier, id, 'rejected', { code: 'no-space' })).status).toBe(200);
    const res = await cancel(traveller, id);
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe('booking/moved-on');
  });

  it('answers 400 for a reason longer than 400 characters, and for none', async () => {
    const id = await book(traveller, (await listing()).id);
    const long = await cancel(traveller, id, { code: 'other', text: 'x'.repeat(401) });
    expect(long.status).toBe(400);
    expect((await long.json()).code).toBe('request/invalid');
    const none = await traveller.call('POST', `/api/bookings/${id}/cancel`, {});
    expect(none.status).toBe(400);
    expect((await cancel(traveller, id)).status).toBe(200);
  });

  it('cancels an accepted booking until the cut-off, then only after the carrier changed the flight', async () => {
    const l = await listing();
    const id = await book(traveller, l.id);
    const early = await book(traveller, l.id);
    await setStatus(carrier, id, 'accepted');
    await setStatus(carrier, early, 'accepted');
    expect((await cancel(traveller, early)).status).toBe(200);
    nowMs = departsMs - 5 * HOUR;
    try {
      const late = await cancel(traveller, id);
      expect(late.status).toBe(409);
      expect((await late.json()).code).toBe('booking/cancel-too-late');
      expect((await edit(carrier, l.id, { flightNo: l.flightNo, time: '11:45' })).status).toBe(200);
      expect((await orderOf(traveller, id)).flightChangedAt).toBeTypeOf('number');
      expect((await cancel(traveller, id)).status).toBe(200);
    } finally {
      nowMs = Date.now();
    }
  });
});

describe('PUT /api/bookings/update-status with a reason', () => {
  it("shows the carrier's reason for a decline in the traveller's history", async () => {
    const id = await book(traveller, (await listing()).id);
    expect(
      (await setStatus(carrier, id, 'rejected', { code: 'cannot-carry', text: 'No liquids' })).status,
    ).toBe(200);
    expect((await orderOf(traveller, id)).history.at(-1)).toMatchObject({
      status: 'rejected',
      by: 'carrier',
      reason: { code: 'cannot-carry', text: 'No liquids' },
    });
  });

  it('records a completion before departure as early', async () => {
    const id = await book(traveller, (await listing()).id);
    await setStatus(carrier, id, 'accepted');
    expect((await completeWithCode(carrier, traveller, id)).status).toBe(200);
    expect((await orderOf(traveller, id)).history.at(-1)).toMatchObject({ status: 'completed', early: true });
  });
});

describe('PATCH /api/listings/:listingId', () => {
  it('changes price and weight; a booking keeps the total it was made at', async () => {
    const l = await listing();
    const id = await book(traveller, l.id, 2);
    const res = await edit(carrier, l.id, { flightNo: l.flightNo, cost: 900, weight: 8 });
    expect(res.status).toBe(200);
    expect((await res.json()).listing).toMatchObject({ cost: 900, weight: 8, available: 6 });
    const order = await orderOf(traveller, id);
    expect(order.cost).toBe(1000);
    expect(order.flightChangedAt).toBeUndefined();
  });

  it('answers 409 listing/below-booked under the weight booked, and 403 to another carrier', async () => {
    const l = await listing();
    await book(traveller, l.id, 3);
    const below = await edit(carrier, l.id, { flightNo: l.flightNo, weight: 2 });
    expect(below.status).toBe(409);
    expect((await below.json()).code).toBe('listing/below-booked');
    expect((await edit(carrier, l.id, { flightNo: l.flightNo, weight: 3 })).status).toBe(200);
    const other = await edit(stranger, l.id, { flightNo: l.flightNo });
    expect(other.status).toBe(403);
    expect((await other.json()).code).toBe('listing/not-yours');
  });
});

describe('POST /api/listings/:listingId/withdraw', () => {
  it('declines pending bookings, cancels accepted ones with its reason, and leaves search and booking', async () => {
    const l = await listing();
    const pending = await book(traveller, l.id);
    const accepted = await book(traveller, l.id);
    await setStatus(carrier, accepted, 'accepted');
    const bare = await carrier.call('POST', `/api/listings/${l.id}/withdraw`, {});
    expect(bare.status).toBe(400);
    expect(await availableOn(l.id, l.flightNo)).toBe(3);
    const res = await carrier.call('POST', `/api/listings/${l.id}/withdraw`, {
      reason: { code: 'flight-changed' },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).listing.withdrawnAt).toBeTypeOf('number');
    expect(await orderOf(traveller, pending)).toMatchObject({ status: 'rejected' });
    expect((await orderOf(traveller, pending)).history.at(-1)).toMatchObject({
      reason: { code: 'withdrawn' },
    });
    expect((await orderOf(traveller, accepted)).history.at(-1)).toMatchObject({
      status: 'cancelled',
      reason: { code: 'flight-changed' },
    });
    expect(await availableOn(l.id, l.flightNo)).toBeUndefined();
    const late = await traveller.call('POST', '/api/book', {
      name: traveller.name,
      email: traveller.email,
      phone: traveller.phone,
      weight: 1,
      listingId: l.id,
    });
    expect(late.status).toBe(409);
    expect((await late.json()).code).toBe('listing/withdrawn');
    // Again: the same answer, nothing changes.
    const again = await carrier.call('POST', `/api/listings/${l.id}/withdraw`, { reason: { code: 'other' } });
    expect(again.status).toBe(200);
  });

  it('leaves a pending booking it finds overdue expired, as the carrier was told, never declined', async () => {
    const l = await listing();
    const overdue = await book(traveller, l.id);
    const started = nowMs;
    nowMs += 25 * HOUR; // unanswered past its 24 h; the housekeeping has not run
    try {
      const answer = await setStatus(carrier, overdue, 'accepted');
      expect(answer.status).toBe(409);
      expect((await answer.json()).code).toBe('booking/expired');
      const res = await carrier.call('POST', `/api/listings/${l.id}/withdraw`, { reason: { code: 'other' } });
      expect(res.status).toBe(200);
      const order = await orderOf(carrier, overdue, 'carrier-orders');
      expect(order.status).toBe('expired');
      expect(order.history.map((h) => h.status)).toEqual(['pending', 'expired']);
    } finally {
      nowMs = started;
    }
  });

  it('lets the carrier list the same flight again, once, and edit another listing onto it', async () => {
    const l = await listing();
    const withdraw = await carrier.call('POST', `/api/listings/${l.id}/withdraw`, {
      reason: { code: 'other', text: 'Wrong weight' },
    });
    expect(withdraw.status).toBe(200);
    const again = await carrier.call(
      'POST',
      '/carrier/carrier/add-listing',
      listingBody(carrier, { flightNo: l.flightNo, weight: 7, departure }),
    );
    expect(again.status).toBe(201);
    const relisted = (await again.json()).listing.id as string;
    expect(relisted).not.toBe(l.id);
    expect(await availableOn(relisted, l.flightNo)).toBe(7);
    // The new one is open: a third listing of that flight is still a duplicate.
    const third = await carrier.call(
      'POST',
      '/carrier/carrier/add-listing',
      listingBody(carrier, { flightNo: l.flightNo, departure }),
    );
    expect(third.status).toBe(409);
    expect((await third.json()).code).toBe('listing/duplicate');
    // Withdrawn again, the flight is free for an edit of another listing to move onto it.
    await carrier.call('POST', `/api/listings/${relisted}/withdraw`, { reason: { code: 'other' } });
    const other = await listing();
    expect((await edit(carrier, other.id, { flightNo: l.flightNo })).status).toBe(200);
  });
});
