// Issue 19, reads proportional to change: a diff pull answers from the per-user change log
// (migration 0016), so after one change it carries that row only; a row gone from a user's view
// comes as a delete; every table a pulled row is made of logs the rows of everyone who sees it
// (one test per path); a version taken by a transaction that commits after a pull is not missed;
// a cookie older than the pruned tombstones, an unreadable one or a client without diff=1 gets the
// whole snapshot; and pulls write nothing.
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@/domain/booking/schema';
import type { Listing } from '@/domain/listing/schema';
import type { PullResponse } from '@/domain/sync/protocol';
import { DEFAULT_CONFIG } from '@/server/config';
import { courierRequests, listings, syncChanges, users } from '@/server/db/schema';
import { pruneSyncResults } from '@/server/model/sync.retention';
import { completeWithCode } from '../support/handoff';
import { createTestServer, type TestServer } from '../support/server-app';
import { addListing, book } from '../support/server-fixtures';
import { writeAndHold } from '../support/server-transactions';
import { signupAndLogin, type TestUser } from '../support/server-users';

let server: TestServer;
const clock = { t: Date.now() };
beforeAll(async () => {
  server = await createTestServer({ clock: { now: () => clock.t } });
});
afterAll(() => server.close());

type Pull = Omit<PullResponse, 'patch'> & { patch: NonNullable<PullResponse['patch']> | null };

/** A device of `user`: pulls with its cookie, as the app does (diff=1 unless told otherwise). */
function deviceOf(user: TestUser, { diff = true } = {}) {
  const clientId = `versions-${crypto.randomUUID()}`;
  let cookie: string | undefined;
  const pullWith = async (c: string | undefined): Promise<Pull> => {
    const query = new URLSearchParams({
      clientId,
      ...(diff ? { diff: '1' } : {}),
      ...(c ? { cookie: c } : {}),
    });
    const res = await user.call('GET', `/api/sync/pull?${query}`);
    expect(res.status).toBe(200);
    return (await res.json()) as Pull;
  };
  return {
    get cookie() {
      return cookie;
    },
    /** Pulls with the cookie held and keeps the answer's. */
    async pull(): Promise<Pull> {
      const body = await pullWith(cookie);
      cookie = body.cookie;
      return body;
    },
    /** Pulls with a given cookie, holding on to nothing (a lost answer, a forged cookie). */
    pullWith,
  };
}

const userId = async (u: TestUser) => {
  const [row] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, u.email));
  return row?.id ?? '';
};
const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();
const patchOf = (body: Pull) => {
  expect(body.snapshot).toBeNull();
  if (!body.patch) throw new Error('expected a patch');
  return body.patch;
};
/** What changed, as [collection, put ids, del ids] for the non-empty collections, and whether the profile came. */
const summary = (body: Pull) => {
  const patch = patchOf(body);
  const out: Record<string, unknown> = {};
  for (const name of ['listings', 'bookings', 'orders'] as const)
    if (patch[name].put.length || patch[name].del.length)
      out[name] = { put: ids(patch[name].put), del: [...patch[name].del].sort() };
  if ('profile' in patch) out.profile = true;
  return out;
};
const accept = (carrier: TestUser, id: string) =>
  carrier.call('PUT', '/api/bookings/update-status', { listingId: id, status: 'accepted' });

describe('a diff pull carries what changed', () => {
  it('after one change, only that row, identical to the row a snapshot has', async () => {
    const carrier = await signupAndLogin(server);
    for (let i = 0; i < 5; i += 1) await addListing(carrier, { flightNo: `AI${600 + i}` });
    const device = deviceOf(carrier);
    expect((await device.pull()).snapshot?.listings).toHaveLength(5);
    const fresh = await addListing(carrier, { flightNo: 'AI610' });
    const diff = await device.pull();
    expect(summary(diff)).toEqual({ listings: { put: [fresh], del: [] } });
    const whole = await deviceOf(carrier).pull();
    expect(patchOf(diff).listings.put[0]).toEqual(whole.snapshot?.listings.find((l) => l.id === fresh));
    // Nothing since: no rows, and the cookie the device holds comes back as it is.
    const held = device.cookie;
    expect(await device.pull()).toMatchObject({ snapshot: null, patch: null, cookie: held });
  });

  it("a row deleted, or no longer the user's, comes as a delete; one that comes into view as a put", async () => {
    const [carrier, traveller, other] = [
      await signupAndLogin(server),
      await signupAndLogin(server),
      await signupAndLogin(server),
    ];
    const spare = await addListing(carrier, { flightNo: 'AI620' });
    const bookingId = await book(traveller, await addListing(carrier, { flightNo: 'AI621' }));
    const [carrierDevice, travellerDevice, otherDevice] = [
      deviceOf(carrier),
      deviceOf(traveller),
      deviceOf(other),
    ];
    await Promise.all([carrierDevice.pull(), travellerDevice.pull(), otherDevice.pull()]);

    // Writers by hand go through the same triggers as the API's.
    await server.db.delete(listings).where(eq(listings.id, spare));
    expect(summary(await carrierDevice.pull())).toEqual({ listings: { put: [], del: [spare] } });

    await server.db.execute(
      sql`UPDATE bookings SET traveller_id = ${await userId(other)} WHERE id = ${bookingId}`,
    );
    expect(summary(await travellerDevice.pull())).toEqual({
      bookings: { put: [], del: [bookingId] },
      profile: true,
    });
    expect(summary(await otherDevice.pull())).toEqual({
      bookings: { put: [bookingId], del: [] },
      profile: true,
    });
  });
});

describe('every source of a pulled row logs the rows of everyone who sees it', () => {
  it("a booking: the carrier's listing (space left) and order, the traveller's booking, both profiles", async () => {
    const [carrier, traveller] = [await signupAndLogin(server), await signupAndLogin(server)];
    const listingId = await addListing(carrier, { flightNo: 'AI630', weight: 5 });
    await addListing(carrier, { flightNo: 'AI631' });
    const [c, t] = [deviceOf(carrier), deviceOf(traveller)];
    await Promise.all([c.pull(), t.pull()]);
    const bookingId = await book(traveller, listingId, 2);
    const seen = await c.pull();
    expect(summary(seen)).toEqual({
      listings: { put: [listingId], del: [] },
      orders: { put: [bookingId], del: [] },
      profile: true,
    });
    expect((patchOf(seen).listings.put[0] as Listing).available).toBe(3);
    expect(summary(await t.pull())).toEqual({ bookings: { put: [bookingId], del: [] }, profile: true });
  });

  it('a status change: both sides of that booking (contact, hand-off code, history) and both profiles', async () => {
    const [carrier, traveller] = [await signupAndLogin(server), await signupAndLogin(server)];
    const bookingId = await book(traveller, await addListing(carrier, { flightNo: 'AI632' }));
    await book(traveller, await addListing(carrier, { flightNo: 'AI633' }));
    const [c, t] = [deviceOf(carrier), deviceOf(traveller)];
    await Promise.all([c.pull(), t.pull()]);
    expect((await accept(carrier, bookingId)).status).toBe(200);
    const mine = await t.pull();
    expect(summary(mine)).toEqual({ bookings: { put: [bookingId], del: [] }, profile: true });
    const booking = patchOf(mine).bookings.put[0] as Order;
    expect(booking).toMatchObject({ status: 'accepted', contact: { name: carrier.name } });
    expect(booking.handoffCode).toMatch(/^\d{6}$/);
    expect(summary(await c.pull())).toEqual({ orders: { put: [bookingId], del: [] }, profile: true });
  });

  it("a listing's flight: the traveller's booking and the carrier's order of each of its bookings", async () => {
    const [carrier, traveller] = [await signupAndLogin(server), await signupAndLogin(server)];
    const listingId = await addListing(carrier, { flightNo: 'AI634', time: '10:30' });
    const bookingId = await book(traveller, listingId);
    await book(traveller, await addListing(carrier, { flightNo: 'AI635' }));
    const [c, t] = [deviceOf(carrier), deviceOf(traveller)];
    await Promise.all([c.pull(), t.pull()]);
    await server.db.update(listings).set({ time: '11:45' }).where(eq(listings.id, listingId));
    const mine = await t.pull();
    expect(summary(mine)).toEqual({ bookings: { put: [bookingId], del: [] } });
    expect((patchOf(mine).bookings.put[0] as Order).flightDetails.time).toBe('11:45');
    expect(summary(await c.pull())).toEqual({
      listings: { put: [listingId], del: [] },
      orders: { put: [bookingId], del: [] },
    });
  });

  it("a rating: the rater's own booking, the ratee's profile, listings and everyone's bookings with them", async () => {
    const [carrier, traveller, bystander] = [
      await signupAndLogin(server),
      await signupAndLogin(server),
      await signupAndLogin(server),
    ];
    const listingId = await addListing(carrier, { flightNo: 'AI636' });
    const bookingId = await book(traveller, listingId);
    const theirs = await book(bystander, await addListing(carrier, { flightNo: 'AI637' }));
    expect((await accept(carrier, bookingId)).status).toBe(200);
    expect((await completeWithCode(carrier, traveller, bookingId)).status).toBe(200);
    const [c, t, b] = [deviceOf(carrier), deviceOf(traveller), deviceOf(bystander)];
    await Promise.all([c.pull(), t.pull(), b.pull()]);
    const listingIds = ids((await deviceOf(carrier).pull()).snapshot?.listings ?? []);

    const rated = await traveller.call('POST', '/api/ratings', { bookingId, stars: 4, comment: 'On time' });
    expect(rated.status).toBe(201);
    const mine = await t.pull();
    expect(summary(mine)).toEqual({ bookings: { put: [bookingId], del: [] } });
    expect((patchOf(mine).bookings.put[0] as Order).myRating).toMatchObject({ stars: 4 });
    // The carrier's summary moved: their listings, their profile (and its latest comment).
    const rateeSide = await c.pull();
    expect(summary(rateeSide)).toEqual({ listings: { put: listingIds, del: [] }, profile: true });
    expect(patchOf(rateeSide).profile?.rating?.latest).toMatchObject([
      { comment: 'On time', by: traveller.name },
    ]);
    // Someone else's booking with that carrier shows the carrier's rating.
    const theirsPatch = await b.pull();
    expect(summary(theirsPatch)).toEqual({ bookings: { put: [theirs], del: [] } });
    expect((patchOf(theirsPatch).bookings.put[0] as Order).otherRating?.count).toBe(1);

    // The carrier rates the traveller: the carrier's order (my rating and the traveller's summary),
    // the traveller's profile; the traveller's booking shows neither.
    expect((await carrier.call('POST', '/api/ratings', { bookingId, stars: 5 })).status).toBe(201);
    expect(summary(await c.pull())).toEqual({ orders: { put: [bookingId], del: [] } });
    expect(summary(await t.pull())).toEqual({ profile: true });

    // The traveller renames (by hand: no API does it yet): the comment's name on the carrier's profile.
    await server.db.update(users).set({ name: 'Renamed Rater' }).where(eq(users.email, traveller.email));
    const renamed = await c.pull();
    expect(summary(renamed)).toEqual({ profile: true });
    expect(patchOf(renamed).profile?.rating?.latest).toMatchObject([{ by: 'Renamed Rater' }]);
    expect(summary(await t.pull())).toEqual({ profile: true });
  });

  it("a courier request: its sender's profile counts", async () => {
    const sender = await signupAndLogin(server);
    const device = deviceOf(sender);
    await device.pull();
    await server.db.insert(courierRequests).values({
      id: crypto.randomUUID(),
      userId: await userId(sender),
      details: {},
      itemImageUrl: '/api/files/courier-images/x.jpg',
      paymentAcknowledged: true,
      createdAt: new Date(),
    });
    const diff = await device.pull();
    expect(summary(diff)).toEqual({ profile: true });
    expect(patchOf(diff).profile?.bookings.sender.pending).toBe(1);
  });

  it('a wrong hand-off code changes nothing a pull shows, and logs nothing', async () => {
    const [carrier, traveller] = [await signupAndLogin(server), await signupAndLogin(server)];
    const bookingId = await book(traveller, await addListing(carrier, { flightNo: 'AI638' }));
    expect((await accept(carrier, bookingId)).status).toBe(200);
    const [c, t] = [deviceOf(carrier), deviceOf(traveller)];
    await Promise.all([c.pull(), t.pull()]);
    const wrong = await carrier.call('PUT', '/api/bookings/update-status', {
      listingId: bookingId,
      status: 'completed',
      handoffCode: '000000',
    });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    expect(await c.pull()).toMatchObject({ snapshot: null, patch: null });
    expect(await t.pull()).toMatchObject({ snapshot: null, patch: null });
  });
});

describe('cookies', () => {
  it('a lost answer: the same cookie again gets the same patch', async () => {
    const carrier = await signupAndLogin(server);
    await addListing(carrier, { flightNo: 'AI640' });
    const device = deviceOf(carrier);
    await device.pull();
    const before = device.cookie;
    const fresh = await addListing(carrier, { flightNo: 'AI641' });
    const first = await device.pullWith(before);
    const again = await device.pullWith(before);
    expect(summary(first)).toEqual({ listings: { put: [fresh], del: [] } });
    // The same patch; the cookie may differ only in the transactions PostgreSQL still had in
    // flight when the first answer was read (a background write), never in what it delivered.
    expect(again.patch).toEqual(first.patch);
    expect(again.cookie.split('.').slice(0, 2)).toEqual(first.cookie.split('.').slice(0, 2));
  });

  it('an unreadable, foreign or too old cookie gets the whole snapshot', async () => {
    const carrier = await signupAndLogin(server);
    await addListing(carrier, { flightNo: 'AI642' });
    const device = deviceOf(carrier);
    await device.pull();
    const [, version] = /^r1\.(\d+)/.exec(device.cookie ?? '') ?? [];
    const unreadable = [
      'garbage',
      'r2.1',
      'r1.',
      `r1.${version}.x`,
      `r1.${Number(version) + 10_000_000}`,
      `r1.${version}.99999999999999999999`,
      `r1.${version}.m99999999999999999999`,
    ];
    for (const cookie of unreadable)
      expect((await device.pullWith(cookie)).snapshot?.listings).toHaveLength(1);
  });

  it('a cookie from before the pruned tombstones gets the whole snapshot; a later one a patch', async () => {
    const carrier = await signupAndLogin(server);
    const gone = await addListing(carrier, { flightNo: 'AI643' });
    await addListing(carrier, { flightNo: 'AI644' });
    const device = deviceOf(carrier);
    await device.pull();
    const old = device.cookie;
    await server.db.delete(listings).where(eq(listings.id, gone));
    expect(summary(await device.pull())).toEqual({ listings: { put: [], del: [gone] } });
    const afterDelete = device.cookie;

    const retention = DEFAULT_CONFIG.idempotencyRetentionMs;
    await pruneSyncResults(server.db, Date.now() + retention + 60_000, retention);
    const tombstones = await server.db
      .select({ n: count() })
      .from(syncChanges)
      .where(sql`${syncChanges.userId} = ${await userId(carrier)} AND ${syncChanges.deleted}`);
    expect(Number(tombstones[0]?.n)).toBe(0);

    // The delete is forgotten: a device that had not seen it must start over.
    const stale = await device.pullWith(old);
    expect(stale.patch).toBeNull();
    expect(stale.snapshot?.listings).toHaveLength(1);
    // A device past it stays in step, and a change after it comes as a patch.
    expect(await device.pullWith(afterDelete)).toMatchObject({ snapshot: null, patch: null });
    const next = await addListing(carrier, { flightNo: 'AI645' });
    expect(summary(await device.pullWith(afterDelete))).toEqual({ listings: { put: [next], del: [] } });
    expect(summary(await device.pullWith(stale.cookie))).toEqual({ listings: { put: [next], del: [] } });
  });

  it('a client without diff=1 gets the whole snapshot when anything changed, nothing otherwise', async () => {
    const carrier = await signupAndLogin(server);
    await addListing(carrier, { flightNo: 'AI646' });
    const device = deviceOf(carrier, { diff: false });
    expect((await device.pull()).snapshot?.listings).toHaveLength(1);
    expect(await device.pull()).toMatchObject({ snapshot: null, patch: null });
    await addListing(carrier, { flightNo: 'AI647' });
    const whole = await device.pull();
    expect(whole.patch).toBeNull();
    expect(whole.snapshot?.listings).toHaveLength(2);
  });

  it('pulls write nothing', async () => {
    const carrier = await signupAndLogin(server);
    await addListing(carrier, { flightNo: 'AI648' });
    const rows = async () => {
      const [r] = await server.db.select({ n: count() }).from(syncChanges);
      return Number(r?.n);
    };
    const before = await rows();
    const device = deviceOf(carrier);
    for (let i = 0; i < 5; i += 1) await device.pull();
    await deviceOf(carrier).pull();
    expect(await rows()).toBe(before);
  });
});

// Out-of-order commits need two connections at once: the PostgreSQL leg (PGlite runs one
// transaction at a time, so it cannot commit out of order).
describe.runIf(process.env.TEST_DATABASE_URL)('out-of-order commits (PostgreSQL)', () => {
  it('a version taken before a pull by a transaction that commits after it still comes in the next diff', async () => {
    const carrier = await signupAndLogin(server);
    const early = await addListing(carrier, { flightNo: 'AI650' });
    const late = await addListing(carrier, { flightNo: 'AI651' });
    const device = deviceOf(carrier);
    await device.pull();

    // A takes the lower version and holds its transaction open; B takes a higher one and commits.
    const a = await writeAndHold(server.db, (tx) =>
      tx.update(listings).set({ cost: 111 }).where(eq(listings.id, early)),
    );
    await server.db.update(listings).set({ cost: 222 }).where(eq(listings.id, late));
    const first = await device.pull();
    expect(summary(first)).toEqual({ listings: { put: [late], del: [] } });
    await a.commit();
    const second = await device.pull();
    expect(summary(second)).toEqual({ listings: { put: [early], del: [] } });
    expect((patchOf(second).listings.put[0] as Listing).cost).toBe(111);
    expect(await device.pull()).toMatchObject({ snapshot: null, patch: null });
  });
});
