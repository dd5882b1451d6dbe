// Races the outbox and busy flights produce: parallel bookings against one listing's space,
// and the same Idempotency-Key sent many times at once or again later.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { HOLDS_SPACE } from '@/domain/booking/status';
import { bookings, contactMessages, listings } from '@/server/db/schema';
import { serverPerFile } from '../support/server-app';
import { addListing, bookingBody, listingBody } from '../support/server-fixtures';
import { signupAndLogin, type TestUser, userPerFile } from '../support/server-users';

const server = serverPerFile();
const carrier = userPerFile(server);
let traveller: TestUser;
// A traveller may have 10 bookings waiting for an answer at once: each test books as a new one.
beforeEach(async () => {
  traveller = await signupAndLogin(server);
});

describe('booking capacity', () => {
  it('lets exactly 5 of 20 parallel 1 KG bookings through on 5 KG, the rest 409', async () => {
    const listingId = await addListing(carrier, { flightNo: 'AI900', weight: 5 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        traveller.call('POST', '/api/book', bookingBody(traveller, listingId, { weight: 1 })),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    const stored = await server.db.select().from(bookings).where(eq(bookings.listingId, listingId));
    expect(stored).toHaveLength(5);
  });

  it('keeps parallel bookings on two listings each within its own space', async () => {
    const small = await addListing(carrier, { flightNo: 'AI911', weight: 3 });
    const large = await addListing(carrier, { flightNo: 'AI912', weight: 4 });
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        traveller.call('POST', '/api/book', bookingBody(traveller, i % 2 ? small : large, { weight: 1 })),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(7);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    const heldOn = async (id: string) =>
      (await server.db.select().from(bookings).where(eq(bookings.listingId, id))).length;
    expect([await heldOn(small), await heldOn(large)]).toEqual([3, 4]);
  });
});

describe('space held on a listing', () => {
  const setStatus = (id: string, status: string) =>
    carrier.call('PUT', '/api/bookings/update-status', { listingId: id, status });
  const holding = (rows: { status: string; weightGrams: number }[]) =>
    rows
      .filter((b) => (HOLDS_SPACE as ReadonlySet<string>).has(b.status))
      .reduce((sum, b) => sum + b.weightGrams, 0);

  it('stays the sum of its space-holding bookings through racing bookings, declines and cancels', async () => {
    const listingId = await addListing(carrier, { flightNo: 'AI930', weight: 10 });
    const first = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        traveller.call('POST', '/api/book', bookingBody(traveller, listingId, { weight: 1 + (i % 2) })),
      ),
    );
    const ids: string[] = [];
    for (const r of first)
      if (r.status === 201) ids.push(((await r.json()) as { booking: { id: string } }).booking.id);
    expect(ids.length).toBeGreaterThan(0);
    // Declines, accepts then cancels, and new bookings, all at once on the same listing.
    const [declined, accepted] = [ids.slice(0, 2), ids.slice(2)];
    await Promise.all(accepted.map((id) => setStatus(id, 'accepted')));
    const answers = await Promise.all([
      ...declined.map((id) => setStatus(id, 'rejected')),
      ...accepted.slice(0, 2).map((id) => setStatus(id, 'cancelled')),
      ...Array.from({ length: 6 }, () =>
        traveller.call('POST', '/api/book', bookingBody(traveller, listingId, { weight: 1 })),
      ),
    ]);
    expect(answers.every((r) => r.status === 200 || r.status === 201 || r.status === 409)).toBe(true);

    const stored = await server.db.select().from(bookings).where(eq(bookings.listingId, listingId));
    const [listing] = await server.db.select().from(listings).where(eq(listings.id, listingId));
    expect(stored.some((b) => b.status === 'rejected') && stored.some((b) => b.status === 'cancelled')).toBe(
      true,
    );
    expect(listing?.heldGrams).toBe(holding(stored));
    expect(holding(stored)).toBeLessThanOrEqual(10_000);
    const res = await carrier.call('GET', `/api/listings/${encodeURIComponent(carrier.email)}`);
    const shown = ((await res.json()) as { id: string; available: number }[]).find((l) => l.id === listingId);
    expect(shown?.available).toBe((10_000 - holding(stored)) / 1000);
  });
});

describe('Idempotency-Key', () => {
  it('creates one booking for the same key sent 10 times in parallel, each answer the same', async () => {
    const listingId = await addListing(carrier, { flightNo: 'AI901', weight: 20 });
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        traveller.call('POST', '/api/book', bookingBody(traveller, listingId), headers),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    const ids = new Set(await Promise.all(results.map(async (r) => (await r.json()).booking.id)));
    expect(ids.size).toBe(1);
    expect(await server.db.select().from(bookings).where(eq(bookings.listingId, listingId))).toHaveLength(1);
  });

  it('replays the first answer for a later repeat and marks it replayed', async () => {
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    const body = listingBody(carrier, { flightNo: 'AI902' });
    const first = await carrier.call('POST', '/carrier/carrier/add-listing', body, headers);
    const again = await carrier.call('POST', '/carrier/carrier/add-listing', body, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect(await server.db.select().from(listings).where(eq(listings.flightNo, 'AI902'))).toHaveLength(1);
  });

  it('treats the same key from another user as a different request', async () => {
    const key = crypto.randomUUID();
    const send = (user: TestUser) =>
      user.call(
        'POST',
        '/api/contact',
        { name: 'Asha Rao', email: user.email, phone: '9876543210', message: 'Hello' },
        { 'Idempotency-Key': key },
      );
    expect((await send(carrier)).status).toBe(201);
    expect((await send(traveller)).status).toBe(201);
    const rows = await server.db.select().from(contactMessages);
    expect(rows.filter((r) => r.email === carrier.email || r.email === traveller.email)).toHaveLength(2);
  });

  it('does not store a refusal: a retry after the cause is gone succeeds', async () => {
    const listingId = await addListing(carrier, { flightNo: 'AI903', weight: 1 });
    const other = await signupAndLogin(server);
    const holder = await other.call('POST', '/api/book', bookingBody(other, listingId));
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    expect(
      (await traveller.call('POST', '/api/book', bookingBody(traveller, listingId), headers)).status,
    ).toBe(409);
    const holderId = (await holder.json()).booking.id;
    await carrier.call('PUT', '/api/bookings/update-status', { listingId: holderId, status: 'rejected' });
    expect(
      (await traveller.call('POST', '/api/book', bookingBody(traveller, listingId), headers)).status,
    ).toBe(201);
  });

  it('applies a status update once: the repeat replays 200 instead of a 409', async () => {
    const listingId = await addListing(carrier, { flightNo: 'AI904' });
    const booked = await traveller.call('POST', '/api/book', bookingBody(traveller, listingId));
    const id = (await booked.json()).booking.id;
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    const update = () =>
      carrier.call('PUT', '/api/bookings/update-status', { listingId: id, status: 'accepted' }, headers);
    expect((await update()).status).toBe(200);
    expect((await update()).status).toBe(200);
  });

  it('answers 400 for a key that is not printable ASCII of at most 200 characters', async () => {
    const res = await carrier.call('POST', '/carrier/carrier/add-listing', listingBody(carrier), {
      'Idempotency-Key': 'x'.repeat(201),
    });
    expect(res.status).toBe(400);
  });
});
