// @vitest-environment node
// Watched routes on the device against the real server: a watch queued offline reaches the server
// once; the pull mirrors its listings; a search on the watched route then answers from the mirror
// with no network (with its age), a booking from it queues as any other and a refusal comes back
// with its reason; unwatch removes the mirrored rows; a 6th watch is refused on the device.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bookListing,
  clearBackoff,
  pull,
  refreshReference,
  replayOutbox,
  searchListings,
  searchResultsQuery,
  searchWatched,
  unwatchRoute,
  watchedAsOfQuery,
  watchesQuery,
  watchRoute,
} from '@/data';
import { BOOKING_ANSWER_BEFORE_DEPARTURE_MS } from '@/domain/booking/status';
import { departureInstant } from '@/domain/listing/departure';
import { WATCHES_MAX } from '@/domain/watch/schema';
import { watches } from '@/server/db/schema';
import { holdAnswers } from '../support/data-fetch';
import { signedIn } from '../support/data-store';
import { serverPerFile } from '../support/server-app';
import { addListing, book, daysFromNow } from '../support/server-fixtures';
import { signupAndLogin } from '../support/server-users';
import { until } from '../support/until';

const server = serverPerFile();

const search = (departure: string, flightNo = 'AI101') => ({
  from: 'DEL',
  to: 'DXB',
  departure,
  flightNo,
  airline: 'AI',
});

describe('watch and unwatch from the device', () => {
  it('a watch made offline shows at once, reaches the server once, and its listings arrive with the pull', async () => {
    const carrier = await signupAndLogin(server);
    const day = daysFromNow(40);
    const listing = await addListing(carrier, { departure: day, flightNo: 'AI310' });
    const t = await signedIn(server);
    t.net.down = true;
    const result = await watchRoute(t.store, { from: 'DEL', to: 'DXB', departure: daysFromNow(41), days: 1 });
    expect(result.ok).toBe(true);
    expect(await watchesQuery(t.store)).toMatchObject([{ from: 'DEL', syncState: 'pending' }]);
    expect(await replayOutbox(t.store)).toMatchObject({ sent: 0 });

    t.net.down = false;
    await clearBackoff(t.store);
    expect(await replayOutbox(t.store)).toMatchObject({ sent: 1, failed: 0, remaining: 0 });
    expect(await replayOutbox(t.store)).toMatchObject({ sent: 0 });
    if (!result.ok) throw new Error('refused');
    expect(await server.db.select().from(watches).where(eq(watches.id, result.id))).toHaveLength(1);
    await pull(t.store);
    expect(await watchesQuery(t.store)).toMatchObject([{ syncState: 'synced', days: 1 }]);
    expect((await t.store.db.watched.toArray()).map((r) => r.id)).toEqual([listing]);
    expect(await watchedAsOfQuery(t.store)).toBe(t.clock.t);
  });

  it('refuses a 6th watch and the same route and date twice on the device, queuing nothing', async () => {
    const t = await signedIn(server);
    for (let i = 0; i < WATCHES_MAX; i += 1)
      expect((await watchRoute(t.store, { ...search(daysFromNow(10 + i)), days: 0 })).ok).toBe(true);
    expect(await watchRoute(t.store, { ...search(daysFromNow(30)), days: 0 })).toEqual({
      ok: false,
      code: 'watch/quota-reached',
    });
    expect(await watchRoute(t.store, { ...search(daysFromNow(10)), days: 2 })).toEqual({
      ok: false,
      code: 'watch/duplicate',
    });
    expect(await t.store.db.outbox.count()).toBe(WATCHES_MAX);
  });
});

describe('search on a watched route', () => {
  it("answers from the server's mirror once a pull brought it, though the watch's push answer is still on its way", async () => {
    const carrier = await signupAndLogin(server);
    const day = daysFromNow(47);
    await addListing(carrier, { departure: day, flightNo: 'AI330' });
    const t = await signedIn(server);
    await refreshReference(t.store);
    // An earlier search of another flight on the route: the device has results of its own to fall back on.
    expect(await searchListings(t.store, search(day, 'AI339'))).toMatchObject({ kind: 'results', count: 1 });
    await watchRoute(t.store, { ...search(day), days: 0 });
    const gate = holdAnswers(t, (path) => path === '/api/sync/push', { times: 1 });
    const replay = replayOutbox(t.store);
    await until(() => gate.held.length === 1);
    await pull(t.store);
    expect(await t.store.db.watched.count()).toBe(1);
    const asOf = await watchedAsOfQuery(t.store);
    // The link goes before the push's answer arrives: the mirror is there, so it answers.
    t.net.down = true;
    expect(await searchWatched(t.store, search(day, 'AI330'))).toMatchObject({
      kind: 'offline',
      watched: true,
      count: 1,
      asOf,
    });
    gate.release();
    await replay;
  });

  it('answers from the mirror with no network, says how fresh it is, and leaves with unwatch', async () => {
    const [carrier, other] = await Promise.all([signupAndLogin(server), signupAndLogin(server)]);
    const day = daysFromNow(45);
    const full = await addListing(carrier, { departure: day, flightNo: 'AI320', weight: 1 });
    const open = await addListing(carrier, { departure: day, flightNo: 'AI321', weight: 5 });
    const t = await signedIn(server);
    await refreshReference(t.store);
    // An earlier search saw both; then one filled up.
    expect(await searchListings(t.store, search(day))).toMatchObject({ kind: 'results', count: 2 });
    await book(other, full, 1);
    await watchRoute(t.store, { ...search(day), days: 0 });
    await replayOutbox(t.store);
    await pull(t.store);
    const asOf = t.clock.t;
    t.clock.t += 60_000;

    t.net.down = true;
    const sent = t.net.applied().length;
    const outcome = await searchWatched(t.store, search(day, 'AI321'));
    expect(outcome).toMatchObject({ kind: 'offline', watched: true, count: 1, asOf });
    expect(t.net.applied().length).toBe(sent);
    const rows = await searchResultsQuery(t.store, outcome?.searchKey ?? '');
    // The mirror is exact: the full listing an earlier search saw is not offered.
    expect(rows.map((r) => r.id)).toEqual([open]);
    // The network path falls back to the same answer.
    expect(await searchListings(t.store, search(day, 'AI321'))).toMatchObject({ kind: 'offline', asOf });

    // A booking from the mirror is queued; the space it takes shows at once.
    const row = rows[0];
    if (!row) throw new Error('no row');
    await bookListing(t.store, row, 2);
    expect((await searchResultsQuery(t.store, outcome?.searchKey ?? ''))[0]?.available).toBe(3);
    await searchWatched(t.store, search(day, 'AI321'));
    expect((await searchResultsQuery(t.store, outcome?.searchKey ?? ''))[0]?.available).toBe(3);

    t.net.down = false;
    const [w] = await watchesQuery(t.store);
    await unwatchRoute(t.store, w?.id ?? '');
    expect(await t.store.db.watched.count()).toBe(0);
    expect(await searchWatched(t.store, search(day))).toBeNull();
    await replayOutbox(t.store);
    await pull(t.store);
    expect(await watchesQuery(t.store)).toEqual([]);
    expect(await t.store.db.watched.count()).toBe(0);
    expect(
      await server.db
        .select()
        .from(watches)
        .where(eq(watches.id, w?.id ?? '')),
    ).toHaveLength(0);
  });

  it('hides a mirrored listing once it closes by the server clock, though no pull deletes it', async () => {
    const carrier = await signupAndLogin(server);
    const day = daysFromNow(3);
    const listing = await addListing(carrier, { departure: day, flightNo: 'AI330', weight: 5 });
    const t = await signedIn(server);
    await refreshReference(t.store);
    await watchRoute(t.store, { ...search(day, 'AI330'), days: 0 });
    await replayOutbox(t.store);
    await pull(t.store);
    const row = await t.store.db.watched.get(listing);
    if (!row) throw new Error('not mirrored');
    const zone = (await t.store.db.airports.get('DEL'))?.timeZone;
    const departs = departureInstant(row.departure, row.time, zone);
    const offset = t.store.serverOffsetMs ?? 0;
    t.net.down = true;
    // The server's clock (the device's plus the offset it learnt) a minute before the booking
    // window closes: offered. An hour before departure: closed, as the server judges it.
    t.clock.t = departs - BOOKING_ANSWER_BEFORE_DEPARTURE_MS - 60_000 - offset;
    expect(await searchWatched(t.store, search(day, 'AI330'))).toMatchObject({ count: 1 });
    t.clock.t = departs - 60 * 60_000 - offset;
    expect(await searchWatched(t.store, search(day, 'AI330'))).toMatchObject({ count: 0 });
    // Leaving by time is in no change log: the row stays in the mirror, hidden.
    expect(await t.store.db.watched.get(listing)).toBeDefined();
  });

  it('a booking from the mirror that the server refuses (full meanwhile) comes back failed with its reason', async () => {
    const [carrier, other] = await Promise.all([signupAndLogin(server), signupAndLogin(server)]);
    const day = daysFromNow(46);
    const listing = await addListing(carrier, { departure: day, flightNo: 'AI330', weight: 2 });
    const t = await signedIn(server);
    await watchRoute(t.store, { ...search(day), days: 1 });
    await replayOutbox(t.store);
    await pull(t.store);
    t.net.down = true;
    const outcome = await searchWatched(t.store, search(day));
    const [row] = await searchResultsQuery(t.store, outcome?.searchKey ?? '');
    if (!row) throw new Error('no mirrored row');
    const { key } = await bookListing(t.store, row, 2);
    // Someone else takes the space while this device is offline.
    await book(other, listing, 2);
    t.net.down = false;
    await replayOutbox(t.store);
    expect(await t.store.db.outbox.get(key)).toMatchObject({
      state: 'failed',
      lastErrorCode: 'listing/no-space',
    });
    expect(await t.store.db.bookings.get(`local-${key}`)).toMatchObject({ syncState: 'failed' });
    // And the mirror drops the full listing with the next pull.
    await pull(t.store);
    expect(await t.store.db.watched.get(listing)).toBeUndefined();
  });
});
