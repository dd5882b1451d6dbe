// Issue 19, answers that cost what changed: the carrier's orders (and the traveller's orders and the
// carrier's own listings, the same way) are kept serialised per user and checked against the
// change log on each call (src/server/http/answer-cache.ts). A call after no change is the kept
// answer; each kind of change an order shows makes the next call read it; a client holding the
// current ETag gets 304; nothing crosses users; a transaction that commits after a read with a
// lower version than the read saw is not missed (PostgreSQL leg); the copies stay within their bytes.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@/domain/booking/schema';
import type { Listing } from '@/domain/listing/schema';
import { createApp } from '@/server/app';
import type { Db } from '@/server/db/client';
import { bookings, listings, users } from '@/server/db/schema';
import { ByteLru } from '@/server/http/answer-cache';
import { ordersOf } from '@/server/model/bookings.queries';
import { completeWithCode } from '../support/handoff';
import { createTestServer, TEST_PASSWORD_HASH, type TestServer } from '../support/server-app';
import { addListing, book } from '../support/server-fixtures';
import { writeAndHold } from '../support/server-transactions';
import { signupAndLogin, type TestUser } from '../support/server-users';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const carrierOrders = (u: TestUser, headers: Record<string, string> = {}) =>
  u.call('GET', `/api/carrier-orders?email=${encodeURIComponent(u.email)}`, undefined, headers);

interface Read {
  status: number;
  etag: string | null;
  orders: Order[];
  text: string;
}

async function read(res: Response): Promise<Read> {
  const text = await res.text();
  return {
    status: res.status,
    etag: res.headers.get('etag'),
    orders: res.status === 200 ? (JSON.parse(text) as { bookings: Order[] }).bookings : [],
    text,
  };
}

const userId = async (u: TestUser) => {
  const [row] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, u.email));
  return row?.id ?? '';
};

/** A write the change log does not see (triggers off for its transaction): only a kept answer
 * still shows the old value after it. */
const unlogged = (write: (tx: Db) => Promise<unknown>) =>
  server.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await write(tx);
  });

const accept = (carrier: TestUser, id: string) =>
  carrier.call('PUT', '/api/bookings/update-status', { listingId: id, status: 'accepted' });

describe('GET /api/carrier-orders, validated by the change log', () => {
  it('a call after no change is the kept answer, equal to a fresh read; validators on every answer', async () => {
    const [carrier, traveller] = [await signupAndLogin(server), await signupAndLogin(server)];
    const bookingId = await book(traveller, await addListing(carrier, { flightNo: 'AI701' }));
    const first = await carrierOrders(carrier);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect(first.headers.get('vary')).toMatch(/Cookie/);
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    const a = await read(first);
    expect(a.status).toBe(200);
    expect(a.etag).toMatch(/^"[^"]+"$/);
    expect(a.orders).toEqual(
      JSON.parse(JSON.stringify(await ordersOf(server.db, await userId(carrier), 'carrier'))),
    );

    // Behind the change log's back: the kept answer still says the old name, under the same tag.
    await unlogged((tx) => tx.update(bookings).set({ name: 'Unlogged' }).where(eq(bookings.id, bookingId)));
    const b = await read(await carrierOrders(carrier));
    expect(b).toEqual(a);

    // A logged change: read again.
    await server.db.update(bookings).set({ name: 'Logged' }).where(eq(bookings.id, bookingId));
    const c = await read(await carrierOrders(carrier));
    expect(c.orders[0]?.name).toBe('Logged');
    expect(c.etag).not.toBe(a.etag);
  });

  it('with another origin allowed (CORS), Vary keeps Origin beside the credentials', async () => {
    const carrier = await signupAndLogin(server);
    const cross = createApp({
      db: server.db,
      files: server.files,
      pokes: server.pokes,
      notifier: server.notifier,
      config: { log: () => {}, passwordHash: TEST_PASSWORD_HASH, corsOrigins: ['https://app.example.com'] },
    });
    const res = await cross.request(`/api/carrier-orders?email=${encodeURIComponent(carrier.email)}`, {
      headers: { Cookie: carrier.cookie, Origin: 'https://app.example.com' },
    });
    expect(res.status).toBe(200);
    const vary = (res.headers.get('vary') ?? '').split(/,\s*/);
    expect(vary).toEqual(expect.arrayContaining(['Origin', 'Cookie', 'Authorization']));
  });

  it('If-None-Match with the current tag: 304, no body; a stale tag: 200 with the new answer', async () => {
    const [carrier, traveller] = [await signupAndLogin(server), await signupAndLogin(server)];
    await book(traveller, await addListing(carrier, { flightNo: 'AI702' }));
    const a = await read(await carrierOrders(carrier));
    const res = await carrierOrders(carrier, { 'If-None-Match': a.etag ?? '' });
    expect(res.status).toBe(304);
    expect(res.headers.get('etag')).toBe(a.etag);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(await res.text()).toBe('');
    // Among other tags, or weak (as a proxy may send it back), it still matches.
    expect((await carrierOrders(carrier, { 'If-None-Match': `"x", ${a.etag}` })).status).toBe(304);
    expect((await carrierOrders(carrier, { 'If-None-Match': `W/${a.etag}` })).status).toBe(304);

    await book(traveller, await addListing(carrier, { flightNo: 'AI703' }));
    const b = await read(await carrierOrders(carrier, { 'If-None-Match': a.etag ?? '' }));
    expect(b.status).toBe(200);
    expect(b.orders).toHaveLength(2);
    expect((await carrierOrders(carrier, { 'If-None-Match': b.etag ?? '' })).status).toBe(304);
  });

  it('another app on the same database (another process) validates the tag by the database alone', async () => {
    const [carrier, traveller] = [await signupAndLogin(server), await signupAndLogin(server)];
    const bookingId = await book(traveller, await addListing(carrier, { flightNo: 'AI704' }));
    const a = await read(await carrierOrders(carrier));
    const other = createApp({
      db: server.db,
      files: server.files,
      pokes: server.pokes,
      notifier: server.notifier,
      config: { log: () => {}, passwordHash: TEST_PASSWORD_HASH },
    });
    const viaOther = (headers: Record<string, string>) =>
      other.request(`/api/carrier-orders?email=${encodeURIComponent(carrier.email)}`, {
        headers: { Cookie: carrier.cookie, ...headers },
      });
    expect((await viaOther({ 'If-None-Match': a.etag ?? '' })).status).toBe(304);
    await accept(carrier, bookingId);
    const b = await read(await viaOther({ 'If-None-Match': a.etag ?? '' }));
    expect(b.status).toBe(200);
    expect(b.orders[0]?.status).toBe('accepted');
    // The first app sees the change too.
    expect((await read(await carrierOrders(carrier))).orders[0]?.status).toBe('accepted');
  });

  it('each kind of change an order shows makes the next call read it', async () => {
    const [carrier, traveller, otherCarrier] = [
      await signupAndLogin(server),
      await signupAndLogin(server),
      await signupAndLogin(server),
    ];
    const listingId = await addListing(carrier, { flightNo: 'AI705', time: '10:30' });
    const bookingId = await book(traveller, listingId);
    let last = await read(await carrierOrders(carrier));
    /** The next answer after `change`: a new tag, 200 against the one held, and the kept answer before it. */
    const readAfter = async (change: () => Promise<unknown>) => {
      expect((await carrierOrders(carrier, { 'If-None-Match': last.etag ?? '' })).status).toBe(304);
      await change();
      const next = await read(await carrierOrders(carrier, { 'If-None-Match': last.etag ?? '' }));
      expect(next.status).toBe(200);
      expect(next.etag).not.toBe(last.etag);
      last = next;
      return next.orders;
    };
    const mine = (orders: Order[]) => orders.find((o) => o.id === bookingId);

    // A new booking.
    let secondId = '';
    const second = await readAfter(async () => {
      secondId = await book(traveller, listingId);
    });
    expect(second).toHaveLength(2);
    // A status change.
    expect(mine(await readAfter(() => accept(carrier, bookingId)))?.status).toBe('accepted');
    expect(mine(await readAfter(() => completeWithCode(carrier, traveller, bookingId)))?.status).toBe(
      'completed',
    );
    // The listing's flight.
    const moved = await readAfter(() =>
      server.db.update(listings).set({ time: '11:45' }).where(eq(listings.id, listingId)),
    );
    expect(mine(moved)?.flightDetails.time).toBe('11:45');
    // My rating of the booking (and so the traveller's totals).
    const rated = await readAfter(() => carrier.call('POST', '/api/ratings', { bookingId, stars: 4 }));
    expect(mine(rated)?.myRating).toMatchObject({ stars: 4 });
    expect(mine(rated)?.otherRating?.count).toBe(1);
    // The traveller rated by someone else: their totals on this order.
    const elsewhere = await book(traveller, await addListing(otherCarrier, { flightNo: 'AI706' }));
    await accept(otherCarrier, elsewhere);
    await completeWithCode(otherCarrier, traveller, elsewhere);
    const theirs = await readAfter(() =>
      otherCarrier.call('POST', '/api/ratings', { bookingId: elsewhere, stars: 2 }),
    );
    expect(mine(theirs)?.otherRating?.count).toBe(2);
    // A booking deleted.
    expect(await readAfter(() => server.db.delete(bookings).where(eq(bookings.id, secondId)))).toHaveLength(
      1,
    );
  });

  it("never crosses users: another user's tag is not theirs, and each gets their own answer", async () => {
    const [a, b, traveller] = [
      await signupAndLogin(server),
      await signupAndLogin(server),
      await signupAndLogin(server),
    ];
    await book(traveller, await addListing(a, { flightNo: 'AI707' }));
    const ofA = await read(await carrierOrders(a));
    expect(ofA.orders).toHaveLength(1);
    // B, in the same browser after A: sends A's tag. B's log has entries above A's state (a
    // listing) but none of B's orders: still, the tag is A's, and B gets B's own answer.
    await addListing(b, { flightNo: 'AI709' });
    const ofB = await read(await carrierOrders(b, { 'If-None-Match': ofA.etag ?? '' }));
    expect(ofB.status).toBe(200);
    expect(ofB.orders).toEqual([]);
    expect(ofB.etag).not.toBe(ofA.etag);
    // The same tag text with B's cookie-state validates only B's own tag.
    expect((await carrierOrders(b, { 'If-None-Match': ofB.etag ?? '' })).status).toBe(304);
    expect((await carrierOrders(a, { 'If-None-Match': ofB.etag ?? '' })).status).toBe(200);
    expect((await read(await carrierOrders(a))).orders).toHaveLength(1);
  });

  it("the traveller's orders and the carrier's listings are kept and validated the same way", async () => {
    const [carrier, traveller] = [await signupAndLogin(server), await signupAndLogin(server)];
    const listingId = await addListing(carrier, { flightNo: 'AI708', weight: 5 });
    const ownListings = (headers: Record<string, string> = {}) =>
      carrier.call('GET', `/api/listings/${encodeURIComponent(carrier.email)}`, undefined, headers);
    const travellerOrders = (headers: Record<string, string> = {}) =>
      traveller.call('GET', `/api/orders?email=${encodeURIComponent(traveller.email)}`, undefined, headers);

    const l1 = await ownListings();
    const tag = l1.headers.get('etag') ?? '';
    expect(((await l1.json()) as Listing[])[0]?.available).toBe(5);
    expect((await ownListings({ 'If-None-Match': tag })).status).toBe(304);
    await unlogged((tx) => tx.update(listings).set({ cost: 9 }).where(eq(listings.id, listingId)));
    expect(((await (await ownListings()).json()) as Listing[])[0]?.cost).toBe(500);

    const bookingId = await book(traveller, listingId, 2);
    const l2 = await ownListings({ 'If-None-Match': tag });
    expect(l2.status).toBe(200);
    expect(((await l2.json()) as Listing[])[0]).toMatchObject({ available: 3, cost: 9 });

    const o1 = await travellerOrders();
    const oTag = o1.headers.get('etag') ?? '';
    expect(((await o1.json()) as { bookings: Order[] }).bookings[0]?.status).toBe('pending');
    expect((await travellerOrders({ 'If-None-Match': oTag })).status).toBe(304);
    await accept(carrier, bookingId);
    const o2 = await travellerOrders({ 'If-None-Match': oTag });
    expect(o2.status).toBe(200);
    expect(((await o2.json()) as { bookings: Order[] }).bookings[0]?.status).toBe('accepted');
    // The carrier's tag for the same state is not the traveller's.
    expect(oTag).not.toBe(l1.headers.get('etag'));
  });
});

// Out-of-order commits need two connections at once: the PostgreSQL leg (PGlite runs one
// transaction at a time, so it cannot commit out of order).
describe.runIf(process.env.TEST_DATABASE_URL)('out-of-order commits (PostgreSQL)', () => {
  it('a version taken before a read by a transaction that commits after it is not missed', async () => {
    const [carrier, traveller] = [await signupAndLogin(server), await signupAndLogin(server)];
    const early = await book(traveller, await addListing(carrier, { flightNo: 'AI710' }));
    const late = await book(traveller, await addListing(carrier, { flightNo: 'AI711' }));
    await read(await carrierOrders(carrier));

    // A takes the lower version and holds its transaction open; B takes a higher one and commits.
    const a = await writeAndHold(server.db, (tx) =>
      tx.update(bookings).set({ name: 'Early' }).where(eq(bookings.id, early)),
    );
    await server.db.update(bookings).set({ name: 'Late' }).where(eq(bookings.id, late));
    const first = await read(await carrierOrders(carrier));
    const names = (r: Read) => Object.fromEntries(r.orders.map((o) => [o.id, o.name]));
    expect(names(first)).toMatchObject({ [late]: 'Late', [early]: traveller.name });
    await a.commit();
    // Its version is below the state the first read saw: found by its transaction id.
    const second = await read(await carrierOrders(carrier, { 'If-None-Match': first.etag ?? '' }));
    expect(second.status).toBe(200);
    expect(names(second)).toMatchObject({ [late]: 'Late', [early]: 'Early' });
    expect((await carrierOrders(carrier, { 'If-None-Match': second.etag ?? '' })).status).toBe(304);
  });
});

describe('the kept answers stay within their bytes', () => {
  const entry = (bytes: number) => ({
    body: new Uint8Array(bytes),
    etag: '"t"',
    checked: { version: 1, running: [], fromXid: null },
  });

  it('drops the least recently used first, and keeps nothing larger than the whole budget', () => {
    const lru = new ByteLru(100);
    lru.set('a', entry(40));
    lru.set('b', entry(40));
    expect(lru.get('a')).toBeDefined();
    lru.set('c', entry(40));
    // b was used longest ago: it goes, a (read since) stays.
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBeDefined();
    expect(lru.get('c')).toBeDefined();
    expect(lru.bytes).toBe(80);
    // Replacing an entry counts its new size only.
    lru.set('a', entry(10));
    expect(lru.bytes).toBe(50);
    lru.set('huge', entry(101));
    expect(lru.get('huge')).toBeUndefined();
    expect(lru.bytes).toBe(50);
  });
});
