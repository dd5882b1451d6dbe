// Payment at the hand-off through HTTP (issue 31): the price fixed at booking, the carrier's UPI
// ID (a VPA, masked to the traveller until accepted), "Payment received" by the carrier, "I paid"
// by the traveller and the carrier's confirm or dispute, each refused with a code where it does not
// belong, the receipt mailed to both sides on completion, and earnings by month.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundMessages, paymentDisputes } from '@/server/db/schema';
import { completeWithCode } from '../support/handoff';
import { createTestServer, type TestServer } from '../support/server-app';
import { addListing, book, listingBody } from '../support/server-fixtures';
import { signupAndLogin, type TestUser } from '../support/server-users';

const now = Date.UTC(2026, 10, 22, 12);
const clock = { now: () => now };
let server: TestServer;
let carrier: TestUser;
let traveller: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  server = await createTestServer({ clock });
  [carrier, traveller, stranger] = await Promise.all([
    signupAndLogin(server, { name: 'Asha Rao' }),
    signupAndLogin(server, { name: 'Ravi Kumar' }),
    signupAndLogin(server),
  ]);
  const res = await carrier.call('PUT', '/api/profile/upi', { upiId: ' Asha.Rao-99@okaxis ' });
  expect(res.status).toBe(200);
});
afterAll(() => server.close());

let flight = 700;
async function booking(weight = 4, status?: 'accepted'): Promise<string> {
  flight += 1;
  const id = await book(traveller, await addListing(carrier, { flightNo: `AI${flight}`, cost: 500 }), weight);
  if (status) await carrier.call('PUT', '/api/bookings/update-status', { listingId: id, status });
  return id;
}

async function orderOf(user: TestUser, id: string, list: 'orders' | 'carrier-orders') {
  const res = await user.call('GET', `/api/${list}?email=${encodeURIComponent(user.email)}`);
  const { bookings } = (await res.json()) as { bookings: Record<string, unknown>[] };
  return bookings.find((b) => b.id === id) as Record<string, unknown> & {
    payment: Record<string, unknown> | null;
    payee: { name: string; upiId: string | null; masked: boolean };
  };
}

const pay = (user: TestUser, id: string, what: string, body: Record<string, unknown>) =>
  user.call('POST', `/api/bookings/${id}/${what}`, body);

describe('the price of a booking', () => {
  it('is fixed at booking time: the price per KG and the total, price per KG times KG', async () => {
    const id = await booking(4);
    const order = await orderOf(traveller, id, 'orders');
    expect(order).toMatchObject({ pricePerKg: 500, weight: 4, cost: 2000 });
  });

  it("stays as booked when the carrier edits the listing's price, for both sides", async () => {
    flight += 1;
    const fields = { flightNo: `AI${flight}`, cost: 500, weight: 10 };
    const listingId = await addListing(carrier, fields);
    const id = await book(traveller, listingId, 4);
    const { departure, time, flightNo, weight } = listingBody(carrier, fields);
    const edited = await carrier.call('PATCH', `/api/listings/${listingId}`, {
      departure,
      time,
      flightNo,
      weight,
      cost: 900,
    });
    expect(edited.status).toBe(200);
    expect(await orderOf(traveller, id, 'orders')).toMatchObject({ pricePerKg: 500, cost: 2000 });
    expect(await orderOf(carrier, id, 'carrier-orders')).toMatchObject({ pricePerKg: 500, cost: 2000 });
    // A booking made after the edit takes the new price.
    const later = await book(traveller, listingId, 2);
    expect(await orderOf(traveller, later, 'orders')).toMatchObject({ pricePerKg: 900, cost: 1800 });
  });
});

describe('PUT /api/profile/upi', () => {
  it('refuses a UPI ID that is not a VPA, with the field named', async () => {
    for (const upiId of ['asha', 'asha@', '@okaxis', 'as ha@okaxis', 'asha@ok axis', 'a@okaxis']) {
      const res = await carrier.call('PUT', '/api/profile/upi', { upiId });
      expect(res.status, upiId).toBe(400);
      const body = await res.json();
      expect(body.code).toBe('request/invalid');
      expect(body.issues[0].path).toBe('upiId');
    }
  });

  it('keeps the UPI ID lower-cased on the profile', async () => {
    const res = await carrier.call('GET', `/api/profile/${encodeURIComponent(carrier.email)}`);
    expect((await res.json()).profile.upiId).toBe('asha.rao-99@okaxis');
  });

  it('shows the traveller the UPI ID masked until the booking is accepted, then in full', async () => {
    const id = await booking();
    expect((await orderOf(traveller, id, 'orders')).payee).toEqual({
      name: 'Asha Rao',
      upiId: 'as•••••••••@okaxis',
      masked: true,
    });
    await carrier.call('PUT', '/api/bookings/update-status', { listingId: id, status: 'accepted' });
    expect((await orderOf(traveller, id, 'orders')).payee).toEqual({
      name: 'Asha Rao',
      upiId: 'asha.rao-99@okaxis',
      masked: false,
    });
  });
});

describe('POST /api/bookings/:bookingId/payment-received', () => {
  it('records a UPI payment with the booking reference, seen by both sides', async () => {
    const id = await booking(4, 'accepted');
    const res = await pay(carrier, id, 'payment-received', { method: 'upi', amount: 1 });
    expect(res.status).toBe(200);
    const traveller_ = await orderOf(traveller, id, 'orders');
    expect(traveller_.payment).toMatchObject({ state: 'received', method: 'upi', receivedAt: now / 1000 });
    expect(String(traveller_.payment?.reference)).toMatch(/^CRY[0-9A-F]{32}$/);
    // The amount is the booking's, never the client's.
    expect(traveller_.cost).toBe(2000);
    expect((await orderOf(carrier, id, 'carrier-orders')).payment).toEqual(traveller_.payment);
  });

  it('records a cash payment with no reference', async () => {
    const id = await booking(2, 'accepted');
    expect((await pay(carrier, id, 'payment-received', { method: 'cash' })).status).toBe(200);
    expect((await orderOf(traveller, id, 'orders')).payment).toEqual({
      state: 'received',
      method: 'cash',
      receivedAt: now / 1000,
    });
  });

  it('refuses a booking that is not accepted or completed with 409 payment/not-payable', async () => {
    const id = await booking();
    const res = await pay(carrier, id, 'payment-received', { method: 'cash' });
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe('payment/not-payable');
  });

  it('refuses the traveller or a stranger with 403 payment/not-carrier', async () => {
    const id = await booking(1, 'accepted');
    for (const user of [traveller, stranger]) {
      const res = await pay(user, id, 'payment-received', { method: 'cash' });
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe('payment/not-carrier');
    }
  });

  it('refuses a method that is not upi or cash', async () => {
    const id = await booking(1, 'accepted');
    const res = await pay(carrier, id, 'payment-received', { method: 'card' });
    expect(res.status).toBe(400);
  });

  it('answers 404 for a booking that does not exist', async () => {
    const res = await pay(carrier, 'no-such-booking', 'payment-received', { method: 'cash' });
    expect(res.status).toBe(404);
  });
});

describe('"I paid" and the carrier\'s answer', () => {
  it('lets the traveller say they paid, and the carrier confirm it with that reference', async () => {
    const id = await booking(1, 'accepted');
    const claim = await pay(traveller, id, 'payment-claim', { reference: '412345678901' });
    expect(claim.status).toBe(200);
    expect((await orderOf(carrier, id, 'carrier-orders')).payment).toMatchObject({
      state: 'claimed',
      claimRef: '412345678901',
    });
    expect((await pay(carrier, id, 'payment-answer', { answer: 'confirm' })).status).toBe(200);
    expect((await orderOf(traveller, id, 'orders')).payment).toMatchObject({
      state: 'received',
      method: 'upi',
      reference: '412345678901',
    });
  });

  it('keeps a dispute for the team', async () => {
    const id = await booking(1, 'accepted');
    await pay(traveller, id, 'payment-claim', { reference: 'AXB12345678' });
    expect((await pay(carrier, id, 'payment-answer', { answer: 'dispute' })).status).toBe(200);
    expect((await orderOf(traveller, id, 'orders')).payment).toMatchObject({ state: 'disputed' });
    const rows = await server.db.select().from(paymentDisputes).where(eq(paymentDisputes.bookingId, id));
    expect(rows).toMatchObject([{ claimedRef: 'AXB12345678', resolvedAt: null }]);
  });

  it('refuses "I paid" from the carrier (403), without a reference (400), once received (409)', async () => {
    const id = await booking(1, 'accepted');
    const byCarrier = await pay(carrier, id, 'payment-claim', { reference: '412345678901' });
    expect([byCarrier.status, (await byCarrier.json()).code]).toEqual([403, 'payment/not-traveller']);
    expect((await pay(traveller, id, 'payment-claim', { reference: '12-34' })).status).toBe(400);
    await pay(carrier, id, 'payment-received', { method: 'cash' });
    const late = await pay(traveller, id, 'payment-claim', { reference: '412345678901' });
    expect([late.status, (await late.json()).code]).toEqual([409, 'payment/already-received']);
  });

  it('refuses an answer when the traveller has not said they paid', async () => {
    const id = await booking(1, 'accepted');
    const res = await pay(carrier, id, 'payment-answer', { answer: 'confirm' });
    expect([res.status, (await res.json()).code]).toEqual([409, 'payment/no-claim']);
  });
});

describe('completion', () => {
  it('mails the receipt to both sides, with the price and the payment', async () => {
    const id = await booking(4, 'accepted');
    await pay(carrier, id, 'payment-received', { method: 'cash' });
    expect((await completeWithCode(carrier, traveller, id)).status).toBe(200);
    const mails = (await server.db.select().from(outboundMessages))
      .map((r) => r.payload as { channel: string; to?: string; subject?: string; text?: string })
      .filter((m) => m.channel === 'email' && m.subject?.startsWith('Receipt') && m.text?.includes(id));
    expect(mails.map((m) => m.to).sort()).toEqual([carrier.email, traveller.email].sort());
    expect(mails[0]?.text).toContain('₹500 per KG × 4 KG = ₹2,000');
    expect(mails[0]?.text).toContain('Paid (Cash)');
  });
});

describe('GET /api/earnings', () => {
  it('sums completed bookings by month: received and still owed for the carrier, paid for the traveller', async () => {
    {
      // Two new people: earnings are per user, so the file's other bookings do not count.
      const [c, t] = await Promise.all([signupAndLogin(server), signupAndLogin(server)]);
      const done = async (weight: number, method?: 'cash') => {
        flight += 1;
        const id = await book(t, await addListing(c, { flightNo: `AI${flight}`, cost: 250 }), weight);
        await c.call('PUT', '/api/bookings/update-status', { listingId: id, status: 'accepted' });
        if (method) await c.call('POST', `/api/bookings/${id}/payment-received`, { method });
        await completeWithCode(c, t, id);
      };
      await done(2, 'cash');
      await done(4);
      const carrierSide = await (await c.call('GET', '/api/earnings?side=carrier')).json();
      expect(carrierSide).toEqual({
        side: 'carrier',
        months: [{ month: '2026-11', bookings: 2, received: 500, claimed: 0, owed: 1000 }],
        next: null,
      });
      const travellerSide = await (await t.call('GET', '/api/earnings?side=traveller')).json();
      expect(travellerSide.months[0]).toMatchObject({ received: 500, owed: 1000 });
      // A payment recorded after completion moves its rupees along: owed, claimed, received.
      const { bookings } = await (
        await t.call('GET', `/api/orders?email=${encodeURIComponent(t.email)}`)
      ).json();
      const owedId = (bookings as { id: string; payment: unknown }[]).find((b) => !b.payment)?.id;
      await t.call('POST', `/api/bookings/${owedId}/payment-claim`, { reference: '412345678901' });
      const claimed = await (await c.call('GET', '/api/earnings')).json();
      expect(claimed.months[0]).toMatchObject({ received: 500, claimed: 1000, owed: 0 });
      await c.call('POST', `/api/bookings/${owedId}/payment-answer`, { answer: 'confirm' });
      const confirmed = await (await c.call('GET', '/api/earnings')).json();
      expect(confirmed.months[0]).toMatchObject({ bookings: 2, received: 1500, claimed: 0, owed: 0 });
      // Another user's earnings are their own: the stranger's are empty.
      expect((await (await c.call('GET', '/api/earnings?side=traveller')).json()).months).toEqual([]);
      const bad = await c.call('GET', '/api/earnings?before=2026-13');
      expect(bad.status).toBe(400);
      expect((await server.request('/api/earnings')).status).toBe(401);
    }
  });
});
