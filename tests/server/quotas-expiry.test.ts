// Issue 17, squatting: open listings per carrier and pending bookings per traveller are capped
// (409 with a code, through REST and push alike); a pending booking the carrier does not answer in
// time expires and frees its space (search and booking treat it so before housekeeping runs);
// search answers one page at most.
import { spawnSync } from 'node:child_process';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_LISTINGS_MAX, PENDING_BOOKINGS_MAX, SEARCH_PAGE_SIZE } from '@/domain/constants';
import { ERRORS } from '@/domain/errors';
import { bookings, listings } from '@/server/db/schema';
import { readEnv } from '@/server/env';
import { expireOverdueBookings } from '@/server/model/bookings.expiry';
import { migrationStatement } from '../support/migrations';
import { createTestServer, type TestServer } from '../support/server-app';
import { addListing, book, bookingBody, listingBody, searchBody } from '../support/server-fixtures';
import { signupAndLogin, type TestUser } from '../support/server-users';

const HOUR = 3_600_000;
const clock = { t: Date.now() };
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ clock: { now: () => clock.t } });
});
afterAll(() => server.close());

/** A date `days` after the test clock's day (listings depart at 10:30 in Delhi). */
const dayAfter = (days: number) => new Date(clock.t + days * 86_400_000).toISOString().slice(0, 10);
const push = (u: TestUser, mutations: { id: number; kind: string; args: unknown }[]) =>
  u.call('POST', '/api/sync/push', { clientId: `quota-${crypto.randomUUID()}`, user: u.email, mutations });
const search = async (u: TestUser, flightNo: string, departure: string) =>
  (await u.call('POST', '/api/search-listings', searchBody(u, { flightNo, departure }))).json();
const ids = (found: unknown) => (Array.isArray(found) ? found.map((l: { id: string }) => l.id) : []);

describe('open listings per carrier', () => {
  it(`refuses listing number ${OPEN_LISTINGS_MAX + 1} with 409 listing/quota-reached, by REST and by push`, async () => {
    const carrier = await signupAndLogin(server);
    for (let i = 0; i < OPEN_LISTINGS_MAX; i += 1)
      await addListing(carrier, { flightNo: `AI${100 + i}`, departure: dayAfter(10) });
    const rest = await carrier.call(
      'POST',
      '/carrier/carrier/add-listing',
      listingBody(carrier, { flightNo: 'AI999', departure: dayAfter(10) }),
    );
    expect(rest.status).toBe(409);
    expect((await rest.json()).code).toBe('listing/quota-reached');
    const pushed = await push(carrier, [
      {
        id: 1,
        kind: 'add-listing',
        args: listingBody(carrier, { flightNo: 'AI998', departure: dayAfter(10) }),
      },
    ]);
    expect((await pushed.json()).results).toMatchObject([
      { id: 1, ok: false, code: 'listing/quota-reached' },
    ]);
  });

  it("follows the operator's OPEN_LISTINGS_PER_CARRIER, and names that number when it refuses", async () => {
    expect(readEnv({}).OPEN_LISTINGS_PER_CARRIER).toBe(OPEN_LISTINGS_MAX);
    expect(readEnv({ OPEN_LISTINGS_PER_CARRIER: '1000' }).OPEN_LISTINGS_PER_CARRIER).toBe(1000);
    const small = await createTestServer({ clock: { now: () => clock.t }, config: { openListingsMax: 3 } });
    try {
      const carrier = await signupAndLogin(small);
      for (let i = 0; i < 3; i += 1)
        await addListing(carrier, { flightNo: `AI${700 + i}`, departure: dayAfter(10) });
      const fourth = await carrier.call(
        'POST',
        '/carrier/carrier/add-listing',
        listingBody(carrier, { flightNo: 'AI799', departure: dayAfter(10) }),
      );
      expect(fourth.status).toBe(409);
      const body = await fourth.json();
      expect(body.code).toBe('listing/quota-reached');
      expect(body.message).toContain('3 listings');
      expect(body.message).not.toBe(ERRORS['listing/quota-reached'].message);
    } finally {
      await small.close();
    }
  });

  it('refuses a bad OPEN_LISTINGS_PER_CARRIER at start, naming it', () => {
    for (const bad of ['0', 'many', '-5', '2.5'])
      expect(() => readEnv({ OPEN_LISTINGS_PER_CARRIER: bad })).toThrow(/OPEN_LISTINGS_PER_CARRIER/);
    // The server itself stops before opening anything, with that line.
    const started = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, OPEN_LISTINGS_PER_CARRIER: '0', PORT: '0', HOST: '127.0.0.1', STATIC_DIR: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(started.status).not.toBe(0);
    expect(started.stderr).toContain('Invalid environment: OPEN_LISTINGS_PER_CARRIER must be at least 1');
  });

  it('holds the quota across one pushed batch: refusals in between, and the ones past it', async () => {
    const carrier = await signupAndLogin(server);
    for (let i = 0; i < OPEN_LISTINGS_MAX - 3; i += 1)
      await addListing(carrier, { flightNo: `AI${300 + i}`, departure: dayAfter(10) });
    const listing = (id: number, flightNo: string) => ({
      id,
      kind: 'add-listing',
      args: listingBody(carrier, { flightNo, departure: dayAfter(10) }),
    });
    // A duplicate is refused after its quota check (its savepoint, and the lock taken in it, roll
    // back); the three after it fill the quota, the rest are refused by it.
    const pushed = await push(carrier, [
      listing(1, 'AI300'),
      listing(2, 'AI401'),
      listing(3, 'AI402'),
      listing(4, 'AI403'),
      listing(5, 'AI404'),
      listing(6, 'AI405'),
    ]);
    expect((await pushed.json()).results).toMatchObject([
      { id: 1, ok: false, code: 'listing/duplicate' },
      { id: 2, ok: true },
      { id: 3, ok: true },
      { id: 4, ok: true },
      { id: 5, ok: false, code: 'listing/quota-reached' },
      { id: 6, ok: false, code: 'listing/quota-reached' },
    ]);
    const mine = await (await carrier.call('GET', `/api/listings/${carrier.email}`)).json();
    expect(mine).toHaveLength(OPEN_LISTINGS_MAX);
  });

  it('counts only flights still to come', async () => {
    const carrier = await signupAndLogin(server);
    for (let i = 0; i < OPEN_LISTINGS_MAX; i += 1)
      await addListing(carrier, { flightNo: `AI${200 + i}`, departure: dayAfter(2) });
    clock.t += 4 * 86_400_000;
    try {
      await addListing(carrier, { flightNo: 'AI299', departure: dayAfter(5) });
    } finally {
      clock.t -= 4 * 86_400_000;
    }
  });
});

describe('pending bookings per traveller', () => {
  it(`refuses booking number ${PENDING_BOOKINGS_MAX + 1} with 409 booking/quota-reached, by REST and by push`, async () => {
    const [carrier, traveller] = await Promise.all([signupAndLogin(server), signupAndLogin(server)]);
    const listing = await addListing(carrier, { flightNo: 'AI301', weight: 50, departure: dayAfter(10) });
    for (let i = 0; i < PENDING_BOOKINGS_MAX; i += 1) await book(traveller, listing);
    const rest = await traveller.call('POST', '/api/book', bookingBody(traveller, listing));
    expect(rest.status).toBe(409);
    expect((await rest.json()).code).toBe('booking/quota-reached');
    const pushed = await push(traveller, [{ id: 1, kind: 'book', args: bookingBody(traveller, listing) }]);
    expect((await pushed.json()).results).toMatchObject([
      { id: 1, ok: false, code: 'booking/quota-reached' },
    ]);
  });
});

describe('unanswered pending bookings expire', () => {
  it('frees the space after 24 hours: search shows it, it can be booked, the carrier can no longer answer', async () => {
    const [carrier, squatter, other] = await Promise.all([
      signupAndLogin(server),
      signupAndLogin(server),
      signupAndLogin(server),
    ]);
    const day = dayAfter(10);
    const listing = await addListing(carrier, { flightNo: 'AI401', weight: 5, departure: day });
    const held = await book(squatter, listing, 5);
    expect(ids(await search(other, 'AI401', day))).not.toContain(listing);

    clock.t += 24 * HOUR + 1000;
    try {
      // Before any housekeeping: search and booking already treat the booking as expired.
      expect(ids(await search(other, 'AI401', day))).toContain(listing);
      const late = await carrier.call('PUT', '/api/bookings/update-status', {
        listingId: held,
        status: 'accepted',
      });
      expect(late.status).toBe(409);
      expect((await late.json()).code).toBe('booking/expired');
      await book(other, listing, 5);

      expect(await expireOverdueBookings(server.db, clock.t)).toBeGreaterThanOrEqual(1);
      // The held_grams trigger (migration 0008) counts pending, accepted and completed only.
      const [row] = await server.db.select().from(listings).where(eq(listings.id, listing));
      expect(row?.heldGrams).toBe(5000);
      const mine = await (await squatter.call('GET', `/api/orders?email=${squatter.email}`)).json();
      const order = mine.bookings.find((b: { id: string }) => b.id === held);
      expect(order).toMatchObject({ status: 'expired', expiredReason: 'unanswered', contact: null });
      expect(order.history.at(-1)).toEqual({
        status: 'expired',
        at: Math.floor((clock.t - 1000) / 1000),
      });
      const theirs = await (await carrier.call('GET', `/api/carrier-orders?email=${carrier.email}`)).json();
      expect(theirs.bookings.find((b: { id: string }) => b.id === held)).toMatchObject({
        status: 'expired',
        expiredReason: 'unanswered',
      });
      const profile = await (await squatter.call('GET', `/api/profile/${squatter.email}`)).json();
      expect(profile.bookings.passenger).toEqual({ pending: 0, completed: 0, declined: 1 });
    } finally {
      clock.t -= 24 * HOUR + 1000;
    }
  });

  it('expires 2 hours before departure when that comes first, and stops counting toward the quota', async () => {
    // Departs in 10 hours: 16:00 in Delhi (UTC+5:30) is 10:30 UTC.
    const start = clock.t;
    clock.t = Date.UTC(2030, 0, 10, 0, 30);
    try {
      const [carrier, traveller] = await Promise.all([signupAndLogin(server), signupAndLogin(server)]);
      const listing = await addListing(carrier, {
        flightNo: 'AI402',
        weight: 50,
        departure: '2030-01-10',
        time: '16:00',
      });
      const later = await addListing(carrier, { flightNo: 'AI403', weight: 50, departure: '2030-01-12' });
      for (let i = 0; i < PENDING_BOOKINGS_MAX; i += 1) await book(traveller, listing);
      clock.t += 8 * HOUR;
      // Bookings close with the time to answer: 2 hours before departure.
      const closing = await traveller.call('POST', '/api/book', bookingBody(traveller, listing));
      expect(closing.status).toBe(409);
      expect((await closing.json()).code).toBe('listing/closing');
      await book(traveller, later); // the ten are overdue: not pending any more
      await expireOverdueBookings(server.db, clock.t);
      const mine = await (await traveller.call('GET', `/api/orders?email=${traveller.email}`)).json();
      const expired = mine.bookings.filter((b: { status: string }) => b.status === 'expired');
      expect(expired).toHaveLength(PENDING_BOOKINGS_MAX);
      expect(expired.every((b: { expiredReason: string }) => b.expiredReason === 'departure')).toBe(true);
    } finally {
      clock.t = start;
    }
  });
});

describe('migration 0013', () => {
  it('gives pending bookings made before it the expiry booking would have given them', async () => {
    const [carrier, traveller] = await Promise.all([signupAndLogin(server), signupAndLogin(server)]);
    const far = await book(
      traveller,
      await addListing(carrier, { flightNo: 'AI611', departure: dayAfter(10) }),
    );
    const [made] = await server.db.select().from(bookings).where(eq(bookings.id, far));
    await server.db
      .update(bookings)
      .set({ expiresAt: null, expiredReason: null })
      .where(eq(bookings.id, far));
    await server.db.execute(sql.raw(migrationStatement('0013_abuse_quotas_expiry', 'UPDATE "bookings"')));
    const [again] = await server.db.select().from(bookings).where(eq(bookings.id, far));
    expect(again?.expiresAt?.getTime()).toBe(made?.expiresAt?.getTime());
    expect(again?.expiredReason).toBe('unanswered');
  });
});

describe('search answers', () => {
  it(`hold at most ${SEARCH_PAGE_SIZE} listings`, async () => {
    const day = dayAfter(20);
    const carriers = await Promise.all([1, 2, 3].map(() => signupAndLogin(server)));
    for (const [c, carrier] of carriers.entries())
      for (let i = 0; i < OPEN_LISTINGS_MAX; i += 1)
        await addListing(carrier, { flightNo: `AI${5000 + c * 100 + i}`, departure: day });
    const traveller = await signupAndLogin(server);
    const found = await search(traveller, 'AI5000', day);
    expect(found).toHaveLength(SEARCH_PAGE_SIZE);
    expect(found[0].flightNo).toBe('AI5000');
  });
});
