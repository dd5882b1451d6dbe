// My listings (carrier) and search: the add-listing command, and search with
// an offline answer from what earlier searches stored.
import { BOOKING_ANSWER_BEFORE_DEPARTURE_MS } from '@/domain/booking/status';
import { departureInstant } from '@/domain/listing/departure';
import type { AddListingFormValues, Listing, SearchFormValues } from '@/domain/listing/schema';
import { searchResponseSchema } from '@/domain/listing/schema';
import {
  callParsed,
  contextOf,
  enqueue,
  getSession,
  loadSession,
  mutationTables,
  newEntry,
  OfflineError,
  rebase,
  type SearchResultRow,
  SessionMissingError,
  type Store,
  serverNow,
  track,
} from './engine';
import { watchedAsOfQuery, watchOf } from './watches';

async function requireSession(store: Store) {
  const session = getSession(store) ?? (await loadSession(store));
  if (!session?.email || !session.name || !session.phone) throw new SessionMissingError();
  return session;
}

/** Queues a new listing; its optimistic row shows at once with syncState 'pending'. */
export async function addListing(store: Store, values: AddListingFormValues): Promise<{ key: string }> {
  const { email, name, phone } = await requireSession(store);
  const entry = newEntry(store, 'add-listing', { ...values, email, name, phone }, {}, email);
  await enqueue(store, entry);
  await track(store, 'listing_submitted', {
    from: values.from,
    to: values.to,
    airline: values.airline,
    flightNo: values.flightNo,
    weight: values.weight,
    cost: values.cost,
    email,
  });
  return { key: entry.key };
}

export type SearchOutcome =
  | { kind: 'results'; searchKey: string; count: number }
  | { kind: 'message'; searchKey: string; message: string }
  | LocalOutcome;

/**
 * An answer from the device: a watched route's mirror (`watched`, with `asOf`, when the server
 * last confirmed it; null while the watch itself waits to be sent), or what earlier searches saw.
 */
export interface LocalOutcome {
  kind: 'offline';
  searchKey: string;
  count: number;
  watched: boolean;
  asOf: number | null;
}

/** One key per distinct search, so repeating a search replaces its earlier results. */
export function searchKeyOf(values: SearchFormValues): string {
  return [values.from, values.to, values.departure, values.flightNo, values.airline].join('|');
}

export async function searchListings(store: Store, values: SearchFormValues): Promise<SearchOutcome> {
  const { email, name, phone } = await requireSession(store);
  const searchKey = searchKeyOf(values);
  try {
    const body = { ...values, email, name, phone };
    const res = await callParsed(store.http, 'POST', '/api/search-listings', searchResponseSchema, {
      json: body,
    });
    const rows = Array.isArray(res) ? res : [];
    await storeResults(store, searchKey, rows);
    return Array.isArray(res)
      ? { kind: 'results', searchKey, count: rows.length }
      : { kind: 'message', searchKey, message: res.message };
  } catch (err) {
    if (!(err instanceof OfflineError)) throw err;
    return answerLocally(store, values);
  }
}

/**
 * The search answered from the mirror of a watched route, with no request: null when no watch
 * covers its route and date. The screen shows it at once and may still ask the network.
 */
export async function searchWatched(store: Store, values: SearchFormValues): Promise<LocalOutcome | null> {
  if (!(await watchOf(store, values))) return null;
  return answerLocally(store, values);
}

async function storeResults(store: Store, searchKey: string, rows: readonly Listing[]): Promise<void> {
  const { db } = store;
  await db.transaction('rw', mutationTables(db), async () => {
    await db.searchResults.where('searchKey').equals(searchKey).delete();
    await db.searchResults.bulkPut(rows.map((r, rank): SearchResultRow => ({ ...r, searchKey, rank })));
    // Queued bookings keep holding their space in what the new results show.
    await rebase(contextOf(store), (await loadSession(store))?.email ?? null);
  });
}

/**
 * From the device: a watched route answers from its mirror, which the server keeps exact (rows
 * leave it when full or closed); any other from every listing an earlier search saw for this
 * route and date. Stored under this search's key, with the space queued bookings take shown taken.
 */
async function answerLocally(store: Store, values: SearchFormValues): Promise<LocalOutcome> {
  const { db } = store;
  const searchKey = searchKeyOf(values);
  const now = await serverNow(store);
  const user = (await loadSession(store))?.email ?? null;
  const route = [values.from, values.to, values.departure];
  const zone = (await db.airports.get(values.from))?.timeZone;
  return db.transaction('rw', mutationTables(db), async () => {
    const watch = await watchOf(store, values);
    const mirrored = watch?.syncState === 'synced';
    const seen = mirrored ? [] : await db.searchResults.where('[from+to+departure]').equals(route).toArray();
    const watched = watch ? await db.watched.where('[from+to+departure]').equals(route).toArray() : [];
    const byId = new Map<string, Listing>();
    for (const r of seen) {
      const { searchKey: _k, rank: _r, confirmedAvailable, ...listing } = r;
      byId.set(r.id, { ...listing, available: confirmedAvailable ?? r.available });
    }
    for (const r of watched) byId.set(r.id, r);
    const fromMirror = new Set(watched.map((r) => r.id));
    // A flight that has left (by the server's clock) is not offered, as the server would not offer it.
    // A mirrored one goes when it closes, as the server's search and `watched` judge it: no pull
    // deletes it then (rows that leave by time are not in the change log).
    const open = [...byId.values()].filter(
      (r) =>
        r.available > 0 &&
        departureInstant(r.departure, r.time, zone) >
          now + (fromMirror.has(r.id) ? BOOKING_ANSWER_BEFORE_DEPARTURE_MS : 0),
    );
    // Exact flight number first, as the server orders them, then by cost.
    const rows = open.sort(
      (a, b) =>
        Number(b.flightNo === values.flightNo) - Number(a.flightNo === values.flightNo) || a.cost - b.cost,
    );
    await db.searchResults.where('searchKey').equals(searchKey).delete();
    await db.searchResults.bulkPut(rows.map((r, rank): SearchResultRow => ({ ...r, searchKey, rank })));
    await rebase(contextOf(store), user);
    const asOf = mirrored ? await watchedAsOfQuery(store) : null;
    return { kind: 'offline', searchKey, count: rows.length, watched: Boolean(watch), asOf };
  });
}
