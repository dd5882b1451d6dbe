// @vitest-environment node
// Upgrades from every released schema (tests/data/fixtures): a device database as the previous
// releases wrote it, with entries queued, tried with the answer lost, failed and stuck, and rows
// with and without pending changes, opened by this code against the real server. Every change
// reaches the server exactly once, and no row the server confirmed is lost or shown wrong.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { discardEntry, login, type OrderRow, pull, replayOutbox, threadMessagesQuery } from '@/data';
import { contactMessages } from '@/server/db/schema';
import { writeFixture } from '../support/data-fixtures';
import { createNet } from '../support/data-net';
import { testStore, uniqueDbName } from '../support/data-store';
import { serverPerFile } from '../support/server-app';
import { addListing, bookingBody, daysFromNow } from '../support/server-fixtures';
import { signupAndLogin, type TestUser } from '../support/server-users';

const server = serverPerFile();
const departure = daysFromNow(30);

/**
 * On the server: U's listing AI801 with V's booking of 2 KG on it (B1, pending), V's listing
 * AI802 at ₹400 per KG. Returns the fixtures' variables.
 */
async function world() {
  const [u, v] = [await signupAndLogin(server), await signupAndLogin(server)];
  const l1 = await addListing(u, { flightNo: 'AI801', weight: 10, cost: 500 });
  const l2 = await addListing(v, { flightNo: 'AI802', weight: 10, cost: 400 });
  const booked = await v.call('POST', '/api/book', bookingBody(v, l1, { weight: 2 }));
  const b1 = ((await booked.json()) as { booking: { id: string } }).booking.id;
  const listingsOf = async (who: TestUser) =>
    (await (await who.call('GET', `/api/listings/${who.email}`)).json()) as { id: string }[];
  const orders = (await (await u.call('GET', `/api/carrier-orders?email=${u.email}`)).json()) as {
    bookings: { id: string }[];
  };
  const vars = {
    user: u.email,
    userName: u.name,
    userPhone: u.phone,
    other: v.email,
    otherName: v.name,
    L1: l1,
    L2: l2,
    B1: b1,
    departure,
    listing1: (await listingsOf(u)).find((l) => l.id === l1),
    listing2: (await listingsOf(v)).find((l) => l.id === l2),
    order1: orders.bookings.find((o) => o.id === b1),
    clientId: `fixture-${crypto.randomUUID()}`,
  };
  return { u, v, vars };
}

/** The booking of `weight` KG on AI802 the v3 release sent over REST under `key` (its answer lost). */
function v3BookingSent(u: TestUser, v: TestUser, l2: string, key: string) {
  const body = {
    ...bookingBody(u, l2, { weight: 3 }),
    carrierEmail: v.email,
    carrierName: v.name,
    carrierPhone: '',
    flightDetails: { from: 'DEL', to: 'DXB', flightNo: 'AI802', airline: 'AI', departure, time: '10:30' },
  };
  return u.call('POST', '/api/book', body, { 'Idempotency-Key': key });
}

/** This code on the fixture's database, signed in as U. */
async function openWithThisCode(u: TestUser, dbName: string) {
  const store = testStore({ net: createNet(server.app), dbName, clock: { t: Date.now() } });
  await login(store, { email: u.email, password: u.password });
  return store;
}

async function serverSide(u: TestUser) {
  const mine = (await (await u.call('GET', `/api/orders?email=${u.email}`)).json()) as {
    bookings: { weight: number; cost: number; flightDetails: { flightNo: string } }[];
  };
  const orders = (await (await u.call('GET', `/api/carrier-orders?email=${u.email}`)).json()) as {
    bookings: { id: string; status: string }[];
  };
  const listings = (await (await u.call('GET', `/api/listings/${u.email}`)).json()) as { flightNo: string }[];
  const messages = await server.db
    .select({ message: contactMessages.message })
    .from(contactMessages)
    .where(eq(contactMessages.email, u.email));
  return {
    bookings: mine.bookings.map((b) => [b.flightDetails.flightNo, b.weight, b.cost]),
    orders: orders.bookings.map((o) => [o.id, o.status]),
    listings: listings.map((l) => l.flightNo).sort(),
    messages: messages.map((m) => m.message).sort(),
  };
}

const rowsOf = (rows: OrderRow[]) =>
  rows.map((r) => [r.flightDetails.flightNo, r.weight, r.cost, r.status, r.syncState]);

describe('a database written by schema v3 (REST with Idempotency-Key)', () => {
  it('sends every change exactly once and keeps every confirmed row', async () => {
    const { u, v, vars } = await world();
    // What the v3 release delivered before its answers were lost.
    expect(
      (
        await u.call(
          'PUT',
          '/api/bookings/update-status',
          { listingId: vars.B1, status: 'accepted' },
          { 'Idempotency-Key': 'v3-status-tried' },
        )
      ).status,
    ).toBe(200);
    expect((await v3BookingSent(u, v, vars.L2, 'v3-book-tried')).status).toBe(201);

    const dbName = uniqueDbName();
    await writeFixture('dexie-v3.json', dbName, vars);
    const store = await openWithThisCode(u, dbName);
    // Offline still: the booking shows its price, and discarding an unrelated failed change
    // keeps the order the server accepted.
    await discardEntry(store, 'v3-listing-failed');
    expect(await store.db.orders.get(vars.B1)).toMatchObject({ status: 'accepted', syncState: 'pending' });
    expect(rowsOf(await store.db.bookings.toArray())).toEqual([['AI802', 3, 1200, 'pending', 'pending']]);

    expect(await replayOutbox(store)).toMatchObject({ sent: 4, failed: 0, remaining: 0 });
    expect(await serverSide(u)).toEqual({
      bookings: [['AI802', 3, 1200]],
      orders: [[vars.B1, 'accepted']],
      listings: ['AI801'],
      messages: ['v3 queued', 'v3 stuck'],
    });
    expect(await store.db.outbox.count()).toBe(0);
    expect(rowsOf(await store.db.bookings.toArray())).toEqual([['AI802', 3, 1200, 'pending', 'synced']]);
    expect(await store.db.orders.get(vars.B1)).toMatchObject({ status: 'accepted', syncState: 'synced' });
    expect((await store.db.listings.toArray()).map((l) => [l.flightNo, l.syncState])).toEqual([
      ['AI801', 'synced'],
    ]);
  });
});

describe('a database written by schema v4 (the sync protocol)', () => {
  it('sends every change exactly once, keeps a refusal for the user, and keeps every confirmed row', async () => {
    const { u, v, vars } = await world();
    // What the v4 release pushed: id 1 applied (its answer lost), id 2 refused (answer received);
    // and one entry it had upgraded from v3, which v3 had sent over REST under its key.
    const pushed = await u.call('POST', '/api/sync/push', {
      clientId: vars.clientId,
      user: u.email,
      mutations: [
        {
          id: 1,
          kind: 'add-listing',
          args: {
            from: 'DEL',
            to: 'DXB',
            departure,
            time: '10:30',
            airline: 'AI',
            flightNo: 'AI811',
            weight: 6,
            cost: 300,
            email: u.email,
            name: u.name,
            phone: u.phone,
          },
        },
        { id: 2, kind: 'book', args: bookingBody(u, vars.L2, { weight: 50 }) },
      ],
    });
    expect(await pushed.json()).toMatchObject({
      results: [{ ok: true }, { ok: false, code: 'listing/no-space' }],
    });
    expect((await v3BookingSent(u, v, vars.L2, 'v3-era-book')).status).toBe(201);

    const dbName = uniqueDbName();
    await writeFixture('dexie-v4.json', dbName, vars);
    const store = await openWithThisCode(u, dbName);
    expect(await store.db.outbox.get('v4-book-failed')).toMatchObject({
      state: 'failed',
      lastErrorCode: 'listing/no-space',
    });
    await discardEntry(store, 'v4-book-failed');
    // The booking v3 queued and v4 upgraded shows its price, not ₹0.
    expect(rowsOf(await store.db.bookings.toArray())).toEqual([['AI802', 3, 1200, 'pending', 'pending']]);
    expect(await store.db.orders.get(vars.B1)).toMatchObject({ status: 'accepted', syncState: 'pending' });

    expect(await replayOutbox(store)).toMatchObject({ sent: 4, failed: 0, remaining: 0 });
    expect(await serverSide(u)).toEqual({
      bookings: [['AI802', 3, 1200]],
      orders: [[vars.B1, 'accepted']],
      listings: ['AI801', 'AI811'],
      messages: ['v4 queued'],
    });
    expect(await store.db.outbox.count()).toBe(0);
    expect(rowsOf(await store.db.bookings.toArray())).toEqual([['AI802', 3, 1200, 'pending', 'synced']]);
    expect(await store.db.orders.get(vars.B1)).toMatchObject({ status: 'accepted', syncState: 'synced' });
    expect((await store.db.listings.toArray()).map((l) => [l.flightNo, l.syncState]).sort()).toEqual([
      ['AI801', 'synced'],
      ['AI811', 'synced'],
    ]);
  });
});

describe('from schema 5 (before watched routes)', () => {
  it('keeps the queue, forgets the pull cookie, and the first pull fills the watched routes', async () => {
    const { u, vars } = await world();
    // The user watches the route from another device.
    const watch = { id: crypto.randomUUID(), from: 'DEL', to: 'DXB', departure, days: 0 };
    const pushed = await u.call('POST', '/api/sync/push', {
      clientId: `other-device-${crypto.randomUUID()}`,
      user: u.email,
      mutations: [{ id: 1, kind: 'watch', args: watch }],
    });
    expect(pushed.status).toBe(200);
    const dbName = uniqueDbName();
    await writeFixture('dexie-v5-watches.json', dbName, vars);
    const store = await openWithThisCode(u, dbName);
    expect(await store.db.meta.get(`pullCookie:${vars.clientId}`)).toBeUndefined();
    expect(await replayOutbox(store)).toMatchObject({ sent: 1, failed: 0, remaining: 0 });
    expect((await serverSide(u)).messages).toEqual(['v5 queued']);
    await pull(store);
    expect((await store.db.watches.toArray()).map((w) => [w.id, w.syncState])).toEqual([
      [watch.id, 'synced'],
    ]);
    // Every listing of the route and date (other tests' too: one server per file).
    expect((await store.db.watched.toArray()).map((r) => r.id)).toEqual(
      expect.arrayContaining([vars.L1, vars.L2]),
    );
  });
});

describe('a database written by schema v5 (no messages)', () => {
  it('sends every change exactly once and pulls the messages its last pull ignored', async () => {
    const { u, v, vars } = await world();
    // V writes in the booking's thread; the v5 release then pulled (ignoring the messages) and
    // kept that pull's cookie, and pushed a contact whose answer was lost.
    const sent = await v.call('POST', `/api/bookings/${vars.B1}/messages`, { text: 'at gate 32' });
    expect(sent.status).toBe(201);
    const q = new URLSearchParams({ clientId: vars.clientId, user: u.email, diff: '1', protocol: '2' });
    const pulled = await (await u.call('GET', `/api/sync/pull?${q}`)).json();
    expect(pulled.snapshot.messages).toHaveLength(1);
    const contact = { name: u.name, email: u.email, phone: u.phone, message: 'v5 tried' };
    const pushed = await u.call('POST', '/api/sync/push', {
      clientId: vars.clientId,
      user: u.email,
      protocol: 2,
      mutations: [{ id: 1, kind: 'contact', args: contact }],
    });
    expect(pushed.status).toBe(200);

    const dbName = uniqueDbName();
    await writeFixture('dexie-v5.json', dbName, { ...vars, cookie: pulled.cookie });
    const store = await openWithThisCode(u, dbName);
    expect(await replayOutbox(store)).toMatchObject({ failed: 0, remaining: 0 });
    await pull(store);
    expect(await serverSide(u)).toMatchObject({ orders: [[vars.B1, 'accepted']], messages: ['v5 tried'] });
    expect((await threadMessagesQuery(store, vars.B1)).map((m) => [m.text, m.mine, m.status])).toEqual([
      ['at gate 32', false, 'sent'],
    ]);
    expect(await store.db.orders.get(vars.B1)).toMatchObject({ status: 'accepted', syncState: 'synced' });
  });
});
