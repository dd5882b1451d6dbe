// The collections a pull returns, one entry each: how the whole collection is read for a snapshot
// and how the rows a diff names are read (the same query and mapper with the ids added, so a row
// is identical either way). The change log names rows by (collection, row id): every change to
// what a loader returns must log the row for every user who sees it, from a trigger that calls
// sync_log() (migration 0016). A new collection is one entry here, its triggers, and its place
// in the protocol's snapshot and patch (src/domain/sync/protocol.ts). The REST lists of the
// listings, bookings and orders collections are validated by the same log
// (src/server/http/answer-cache.ts): a field not logged would go stale there too.
import type { PullSnapshot } from '@/domain/sync/protocol';
import type { Db } from '../../db/client';
import { ordersOf } from '../../model/bookings.queries';
import { courierRequestsOf } from '../../model/courier.queries';
import { listingsOfUser } from '../../model/listings.queries';
import { messagesByIds, messagesOf, readsByIds, readsOf } from '../../model/messages.queries';
import { profileOf } from '../../model/profile.queries';
import {
  currentWatches,
  toWatch,
  watchedListingsByIds,
  watchedListingsOf,
} from '../../model/watches.queries';

type RowCollection =
  | 'listings'
  | 'bookings'
  | 'orders'
  | 'watches'
  | 'watched'
  | 'messages'
  | 'reads'
  | 'couriers';

interface Collection<Row> {
  /** Every row of the user's (`nowMs`: the server's clock, for rows that leave by time). */
  snapshot(db: Db, userId: string, nowMs: number): Promise<Row[]>;
  /** The user's rows among `ids`; an id not returned is gone from the user's view. */
  byIds(db: Db, userId: string, ids: readonly string[], nowMs: number): Promise<Row[]>;
}

/** Most ids in one query: well under PostgreSQL's 65,535 parameters. */
const IDS_PER_QUERY = 1000;

async function inChunks<Row>(ids: readonly string[], load: (ids: readonly string[]) => Promise<Row[]>) {
  const out: Row[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_QUERY)
    out.push(...(await load(ids.slice(i, i + IDS_PER_QUERY))));
  return out;
}

const collection = <Row>(
  load: (db: Db, userId: string, ids: readonly string[] | undefined, nowMs: number) => Promise<Row[]>,
): Collection<Row> => ({
  snapshot: (db, userId, nowMs) => load(db, userId, undefined, nowMs),
  byIds: (db, userId, ids, nowMs) => inChunks(ids, (chunk) => load(db, userId, chunk, nowMs)),
});

/** A collection whose snapshot is not its by-id read with every id (a capped or time-bound one). */
const twoReaders = <Row>(
  snapshot: Collection<Row>['snapshot'],
  byIds: Collection<Row>['byIds'],
): Collection<Row> => ({
  snapshot,
  byIds: (db, userId, ids, nowMs) => inChunks(ids, (chunk) => byIds(db, userId, chunk, nowMs)),
});

/**
 * Source tables of each collection's fields (what its triggers must watch), by the mappers
 * toListing, toOrder and profileOf:
 * - listings (the carrier's own): every column of `listings` (held_grams too); the owner's
 *   `rating_totals` (carrierRating).
 * - bookings (the traveller's) and orders (the carrier's incoming): every shown column of
 *   `bookings` (contact copies, status, status times, hand-off code, expiry reason); the listing's
 *   flight columns; the other side's `rating_totals` (otherRating); the user's own `ratings` row
 *   of the booking (myRating).
 * - profile (row id: the user's id): `users` (name, phone, gender, age); counts by status of
 *   `bookings` on either side and of `courier_requests`; the user's `rating_totals`; `ratings`
 *   about the user with a comment, and their raters' `users.name`.
 * - watches (the user's watched routes, src/server/model/watches.queries.ts): `watches` (0017);
 *   a watch past its last day leaves by time (not logged; the device hides it too).
 * - watched (the listings the user's watches cover, as a search card shows them): every column of
 *   `listings` of a watched route and date, for each watcher; the watches themselves (a new watch
 *   puts its listings, an unwatch deletes them); the carrier's `rating_totals`. Listings that close
 *   or depart leave by time: not logged, left out of snapshots and by-id reads, hidden by the
 *   device by the server's clock.
 * - messages (both sides of a booking): `messages` (0018). Snapshots hold the newest
 *   MESSAGES_PER_THREAD_IN_PULL of each thread, MESSAGES_IN_PULL in all; a diff carries each new one.
 * - reads (row id: the booking's id): `message_reads` of either side (0018).
 * - couriers (the sender's courier requests, model/courier.queries.ts): every column of
 *   `courier_requests` (0032), its history (written with each status change), and the listings on
 *   its route and dates (0032's listings trigger logs the open requests each listing matches).
 *   Matches whose departure passes leave by time (not logged).
 */
export const COLLECTIONS: { [K in RowCollection]: Collection<NonNullable<PullSnapshot[K]>[number]> } = {
  listings: collection(listingsOfUser),
  bookings: collection((db, userId, ids) => ordersOf(db, userId, 'passenger', ids)),
  orders: collection((db, userId, ids) => ordersOf(db, userId, 'carrier', ids)),
  watches: collection(async (db, userId, ids, nowMs) =>
    (await currentWatches(db, userId, nowMs, ids)).map(toWatch),
  ),
  watched: twoReaders(
    (db, userId, nowMs) => watchedListingsOf(db, userId, nowMs),
    (db, userId, ids, nowMs) => watchedListingsByIds(db, userId, ids, nowMs),
  ),
  messages: twoReaders(
    (db, userId) => messagesOf(db, userId),
    (db, userId, ids) => messagesByIds(db, userId, ids),
  ),
  reads: twoReaders(
    (db, userId) => readsOf(db, userId),
    (db, userId, ids) => readsByIds(db, userId, ids),
  ),
  couriers: collection(courierRequestsOf),
};
export const ROW_COLLECTIONS = Object.keys(COLLECTIONS) as RowCollection[];

/** The one-row collection: the user's profile, logged under the user's id. */
export const PROFILE = 'profile';
export const loadProfile = (db: Db, userId: string) => profileOf(db, userId);
