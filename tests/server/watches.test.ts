// Watched routes on the server: watch and unwatch are pushed mutations (validated by the shared
// schemas, at most 5 current watches per user, a watch is its owner's), and the pull's `watches`
// and `watched` collections hold the watches and the listings they cover, which leave when they
// close, fill up or stop matching. A change to a watched listing pokes its watchers.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { departureInstant } from '@/domain/listing/departure';
import type { Listing } from '@/domain/listing/schema';
import { WATCHES_MAX } from '@/domain/watch/schema';
import { watchedListingsByIds, watchedListingsOf } from '@/server/model/watches.queries';
import { createTestServer, type TestServer } from '../support/server-app';
import { addListing, book, daysFromNow, patchOf, searchBody } from '../support/server-fixtures';
import { signupAndLogin, type TestUser } from '../support/server-users';
import { type PokeReader, readPokes } from '../support/sse';

let server: TestServer;
const clock = { t: Date.now() };
const open: PokeReader[] = [];

beforeAll(async () => {
  server = await createTestServer({ clock: { now: () => clock.t } });
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.close()));
});
afterAll(() => server.close());

let n = 0;
const newClient = () => {
  n += 1;
  return `watch-client-${n}-${crypto.randomUUID()}`;
};
const watchId = () => crypto.randomUUID();

type Mutation = { id: number; kind: string; args: unknown };
async function push(u: TestUser, clientId: string, mutations: Mutation[]) {
  const res = await u.call('POST', '/api/sync/push', { clientId, user: u.email, mutations });
  expect(res.status).toBe(200);
  return (await res.json()) as { results: { id: number; ok: boolean; code?: string; body?: unknown }[] };
}
interface PullBody {
  cookie: string;
  snapshot: { watches?: { id: string }[]; watched?: Listing[] } | null;
  patch: {
    watches?: { put: { id: string }[]; del: string[] };
    watched?: { put: Listing[]; del: string[] };
  } | null;
}
async function pull(u: TestUser, clientId: string, cookie?: string): Promise<PullBody> {
  const q = `clientId=${clientId}&diff=1${cookie ? `&cookie=${encodeURIComponent(cookie)}` : ''}`;
  const res = await u.call('GET', `/api/sync/pull?${q}`);
  expect(res.status).toBe(200);
  return (await res.json()) as PullBody;
}
const watchArgs = (over: Record<string, unknown> = {}) => ({
  id: watchId(),
  from: 'BLR',
  to: 'GOI',
  departure: daysFromNow(20),
  days: 1,
  ...over,
});

describe('watch and unwatch', () => {
  it(`keeps at most ${WATCHES_MAX} watches per user: the 6th is refused with watch/quota-reached`, async () => {
    const u = await signupAndLogin(server);
    const clientId = newClient();
    const mutations = Array.from({ length: WATCHES_MAX + 1 }, (_, i) => ({
      id: i + 1,
      kind: 'watch',
      args: watchArgs({ departure: daysFromNow(10 + i) }),
    }));
    const body = await push(u, clientId, mutations);
    expect(body.results.map((r) => r.ok)).toEqual([true, true, true, true, true, false]);
    expect(body.results[WATCHES_MAX]).toMatchObject({ ok: false, code: 'watch/quota-reached' });
    // Unwatching one makes room again.
    const first = (mutations[0]?.args as { id: string } | undefined)?.id ?? '';
    const again = await push(u, clientId, [
      { id: 7, kind: 'unwatch', args: { id: first } },
      { id: 8, kind: 'watch', args: watchArgs({ departure: daysFromNow(40) }) },
    ]);
    expect(again.results.map((r) => r.ok)).toEqual([true, true]);
    const state = await pull(u, newClient());
    expect(state.snapshot?.watches).toHaveLength(WATCHES_MAX);
  });

  it('a watch past its last day neither counts nor shows', async () => {
    const u = await signupAndLogin(server);
    const clientId = newClient();
    const back = 30 * 86_400_000;
    clock.t -= back;
    try {
      const old = Array.from({ length: WATCHES_MAX }, (_, i) => ({
        id: i + 1,
        kind: 'watch',
        args: watchArgs({ departure: daysFromNow(-25 + i) }),
      }));
      expect((await push(u, clientId, old)).results.every((r) => r.ok)).toBe(true);
    } finally {
      clock.t += back;
    }
    const body = await push(u, clientId, [{ id: 9, kind: 'watch', args: watchArgs() }]);
    expect(body.results[0]).toMatchObject({ ok: true });
    expect((await pull(u, newClient())).snapshot?.watches).toHaveLength(1);
  });

  it('refuses bad arguments with request/invalid (the shared schema) and the same route and date twice', async () => {
    const u = await signupAndLogin(server);
    const args = watchArgs();
    const body = await push(u, newClient(), [
      { id: 1, kind: 'watch', args: { ...watchArgs(), days: 4 } },
      { id: 2, kind: 'watch', args: { ...watchArgs(), to: 'BLR' } },
      { id: 3, kind: 'watch', args: { ...watchArgs(), departure: '2099-02-30' } },
      { id: 4, kind: 'watch', args: { ...watchArgs(), id: 'x' } },
      { id: 5, kind: 'watch', args },
      { id: 6, kind: 'watch', args: { ...args, id: watchId(), days: 3 } },
    ]);
    expect(body.results.map((r) => r.code ?? 'ok')).toEqual([
      'request/invalid',
      'request/invalid',
      'request/invalid',
      'request/invalid',
      'ok',
      'watch/duplicate',
    ]);
  });

  it("never lets a user unwatch or reuse another user's watch", async () => {
    const [a, b] = await Promise.all([signupAndLogin(server), signupAndLogin(server)]);
    const args = watchArgs();
    await push(a, newClient(), [{ id: 1, kind: 'watch', args }]);
    const body = await push(b, newClient(), [
      { id: 1, kind: 'unwatch', args: { id: args.id } },
      { id: 2, kind: 'watch', args: { ...args, departure: daysFromNow(21) } },
    ]);
    expect(body.results.map((r) => r.code)).toEqual(['watch/not-yours', 'watch/not-yours']);
    expect((await pull(a, newClient())).snapshot?.watches?.map((w) => w.id)).toEqual([args.id]);
    expect((await pull(b, newClient())).snapshot?.watches).toEqual([]);
  });

  it('a repeated watch (same id) answers the watch; unwatching a gone watch is applied', async () => {
    const u = await signupAndLogin(server);
    const args = watchArgs();
    const body = await push(u, newClient(), [
      { id: 1, kind: 'watch', args },
      { id: 2, kind: 'watch', args },
      { id: 3, kind: 'unwatch', args: { id: args.id } },
      { id: 4, kind: 'unwatch', args: { id: args.id } },
    ]);
    expect(body.results.map((r) => r.ok)).toEqual([true, true, true, true]);
    expect(body.results[1]?.body).toMatchObject({ watch: { id: args.id, from: 'BLR', days: 1 } });
  });

  it('needs a session', async () => {
    const res = await server.request('/api/sync/push', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: newClient(), user: 'x@example.com', mutations: [] }),
    });
    expect(res.status).toBe(401);
  });
});

describe('the watched collection', () => {
  it('holds the listings a watch covers, with space left and the carrier rating, and only those', async () => {
    const [carrier, traveller, other] = await Promise.all([
      signupAndLogin(server),
      signupAndLogin(server),
      signupAndLogin(server),
    ]);
    const day = daysFromNow(50);
    const inside = await addListing(carrier, { from: 'LHR', to: 'JFK', departure: day, flightNo: '6E201' });
    const nextDay = await addListing(carrier, {
      from: 'LHR',
      to: 'JFK',
      departure: daysFromNow(51),
      flightNo: '6E202',
    });
    const outside = await addListing(carrier, {
      from: 'LHR',
      to: 'JFK',
      departure: daysFromNow(53),
      flightNo: '6E203',
    });
    await addListing(carrier, { from: 'JFK', to: 'LHR', departure: day, flightNo: '6E204' });
    await book(other, inside, 2);
    const clientId = newClient();
    await push(traveller, clientId, [
      { id: 1, kind: 'watch', args: watchArgs({ from: 'LHR', to: 'JFK', departure: day, days: 1 }) },
      // Overlapping dates of the same route: each listing still comes once.
      {
        id: 2,
        kind: 'watch',
        args: watchArgs({ from: 'LHR', to: 'JFK', departure: daysFromNow(51), days: 0 }),
      },
    ]);
    const first = await pull(traveller, clientId);
    const rows = first.snapshot?.watched ?? [];
    expect(rows.map((r) => r.id).sort()).toEqual([inside, nextDay].sort());
    expect(rows.find((r) => r.id === inside)).toMatchObject({ available: 3, weight: 5, cost: 500 });
    // The row a search answers for the same flight, field for field (the card shows either).
    const searched = (await (
      await traveller.call(
        'POST',
        '/api/search-listings',
        searchBody(traveller, { from: 'LHR', to: 'JFK', departure: day }),
      )
    ).json()) as Listing[];
    expect(rows.find((r) => r.id === inside)).toEqual(searched.find((r) => r.id === inside));
    expect(rows.map((r) => r.id)).not.toContain(outside);
    // The loaders the pull uses, read directly: the same rows either way.
    const user = await userIdOf(traveller);
    expect(await watchedListingsOf(server.db, user, clock.t)).toEqual(rows);
    expect(await watchedListingsByIds(server.db, user, [inside, outside, 'nope'], clock.t)).toEqual(
      rows.filter((r) => r.id === inside),
    );
    // Nobody else sees them.
    expect((await pull(other, newClient())).snapshot?.watched).toEqual([]);
  });

  it('a listing leaves when it fills up, when it closes, and all leave on unwatch; new ones come as a patch', async () => {
    const [carrier, traveller, other] = await Promise.all([
      signupAndLogin(server),
      signupAndLogin(server),
      signupAndLogin(server),
    ]);
    const day = daysFromNow(2);
    const route = { from: 'SYD', to: 'SIN', departure: day };
    const filling = await addListing(carrier, { ...route, flightNo: 'SG301', weight: 2 });
    const staying = await addListing(carrier, { ...route, flightNo: 'SG302' });
    const clientId = newClient();
    const w = watchArgs({ ...route, days: 0 });
    await push(traveller, clientId, [{ id: 1, kind: 'watch', args: w }]);
    const first = await pull(traveller, clientId);
    expect(first.snapshot?.watched?.map((r) => r.id).sort()).toEqual([filling, staying].sort());

    await book(other, filling, 2);
    const later = await addListing(carrier, { ...route, flightNo: 'SG303' });
    const second = await pull(traveller, clientId, first.cookie);
    expect(second.snapshot).toBeNull();
    expect(second.patch?.watched?.del).toEqual([filling]);
    expect(second.patch?.watched?.put.map((r) => r.id)).toEqual([later]);

    // Close to departure (2 hours before, in the origin's zone): closed for booking, so gone from
    // a snapshot. Leaving by time writes no change-log entry: a diff pull has nothing to send
    // (the device hides closed mirrored rows by the server's clock: tests/data/watches.test.ts).
    const back = clock.t;
    // 10:30 in Sydney, less an hour.
    clock.t = departsAt(day) - 60 * 60_000;
    try {
      const closing = await pull(traveller, clientId, second.cookie);
      expect([closing.snapshot, closing.patch]).toEqual([null, null]);
      const fresh = await pull(traveller, newClient());
      expect(fresh.snapshot?.watched).toEqual([]);
    } finally {
      clock.t = back;
    }

    await push(traveller, clientId, [{ id: 2, kind: 'unwatch', args: { id: w.id } }]);
    const third = await pull(traveller, clientId, second.cookie);
    expect(third.patch?.watches?.del).toEqual([w.id]);
    // Every listing the watch covered goes (the full one too: its earlier delete is named again).
    expect(third.patch?.watched?.put).toEqual([]);
    expect(third.patch?.watched?.del.sort()).toEqual([filling, staying, later].sort());
  });

  it('a diff pull after one change carries exactly the changed watched listing, to every watcher; unwatch deletes', async () => {
    const [carrier, watcher, second, booker] = await Promise.all([
      signupAndLogin(server),
      signupAndLogin(server),
      signupAndLogin(server),
      signupAndLogin(server),
    ]);
    const route = { from: 'CCU', to: 'HKG', departure: daysFromNow(40) };
    const taken = await addListing(carrier, { ...route, flightNo: 'CX661', weight: 10 });
    const other = await addListing(carrier, { ...route, flightNo: 'CX662' });
    const [wClient, sClient] = [newClient(), newClient()];
    const w = watchArgs({ ...route, days: 0 });
    await push(watcher, wClient, [{ id: 1, kind: 'watch', args: w }]);
    await push(second, sClient, [{ id: 1, kind: 'watch', args: watchArgs({ ...route, days: 1 }) }]);
    const [wBefore, sBefore] = [await pull(watcher, wClient), await pull(second, sClient)];
    expect(wBefore.snapshot?.watched?.map((r) => r.id).sort()).toEqual([taken, other].sort());

    // One change: 3 KG taken on one listing.
    await book(booker, taken, 3);
    for (const [who, id, before] of [
      [watcher, wClient, wBefore],
      [second, sClient, sBefore],
    ] as const) {
      const after = await pull(who, id, before.cookie);
      expect(after.snapshot).toBeNull();
      expect(after.patch).toEqual(
        patchOf({ watched: { put: [expect.objectContaining({ id: taken, available: 7 })], del: [] } }),
      );
    }

    // Unwatch: the watch and both its listings go, for its owner only.
    const wMid = await pull(watcher, wClient);
    const sMid = await pull(second, sClient);
    await push(watcher, wClient, [{ id: 2, kind: 'unwatch', args: { id: w.id } }]);
    const gone = await pull(watcher, wClient, wMid.cookie);
    expect(gone.patch?.watches).toEqual({ put: [], del: [w.id] });
    expect(gone.patch?.watched?.put).toEqual([]);
    expect(gone.patch?.watched?.del.sort()).toEqual([taken, other].sort());
    const kept = await pull(second, sClient, sMid.cookie);
    expect([kept.snapshot, kept.patch]).toEqual([null, null]);
  });

  it('an old client (no diff) gets the collections in its snapshot and can ignore them', async () => {
    const u = await signupAndLogin(server);
    const res = await u.call('GET', `/api/sync/pull?clientId=${newClient()}`);
    const body = await res.json();
    expect(body.snapshot).toMatchObject({ watches: [], watched: [] });
  });
});

describe('pokes', () => {
  it('space taken on a watched listing and a new listing on a watched route poke the watcher, and only for those', async () => {
    const [carrier, traveller, booker] = await Promise.all([
      signupAndLogin(server),
      signupAndLogin(server),
      signupAndLogin(server),
    ]);
    const day = daysFromNow(70);
    const route = { from: 'BOM', to: 'SYD', departure: day };
    const listing = await addListing(carrier, { ...route, flightNo: 'UK401' });
    await push(traveller, newClient(), [{ id: 1, kind: 'watch', args: watchArgs({ ...route, days: 0 }) }]);
    const t = readPokes(await server.request('/api/sync/poke', { headers: { Cookie: traveller.cookie } }));
    open.push(t);
    // Another route and date: no poke. The carrier's own write is seen by the carrier only.
    await addListing(carrier, { ...route, departure: daysFromNow(72), flightNo: 'UK402' });
    await book(booker, listing, 1);
    await t.waitForPokes(1);
    await addListing(carrier, { ...route, flightNo: 'UK403' });
    await t.waitForPokes(2);
    // A write the traveller cannot see: had one of the above poked twice, the count would pass 3.
    await push(traveller, newClient(), [{ id: 1, kind: 'contact', args: contactOf(traveller) }]);
    await addListing(carrier, { from: 'BOM', to: 'DXB', departure: day, flightNo: 'UK404' });
    await push(traveller, newClient(), [{ id: 1, kind: 'watch', args: watchArgs() }]);
    await t.waitForPokes(3);
    expect(t.pokes()).toBe(3);
  });
});

function departsAt(day: string): number {
  return departureInstant(day, '10:30', 'Australia/Sydney');
}

function contactOf(u: TestUser) {
  return { name: u.name, email: u.email, phone: u.phone, message: 'hello' };
}

async function userIdOf(u: TestUser): Promise<string> {
  const { users } = await import('@/server/db/schema');
  const { eq } = await import('drizzle-orm');
  const [row] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, u.email));
  if (!row) throw new Error('no such user');
  return row.id;
}
