// My listings (carrier) and search: mirror refresh, the add-listing command, and search with
// an offline answer from what earlier searches stored.
import { departureInstant } from '@/domain/listing/departure';
import type { AddListingFormValues, Listing, SearchFormValues } from '@/domain/listing/schema';
import { searchResponseSchema } from '@/domain/listing/schema';
import { track } from './analytics';
import { mutationTables, type SearchResultRow } from './db';
import { OfflineError, SessionMissingError } from './errors';
import { callParsed } from './http';
import { enqueue, newEntry, rebase } from './outbox';
import { pull } from './pull';
import { serverNow } from './server-clock';
import { getSession, loadSession } from './session';
import type { Store } from './store';

async function requireSession(store: Store) {
  const session = getSession(store) ?? (await loadSession(store));
  if (!session?.email || !session.name || !session.phone) throw new SessionMissingError();
  return session;
}

/** My listings come with every pull (src/data/pull.ts); kept as a name for the screens. */
export async function refreshMyListings(store: Store): Promise<void> {
  await requireSession(store);
  await pull(store);
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
  | { kind: 'offline'; searchKey: string; count: number };

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
    return { kind: 'offline', searchKey, count: await answerOffline(store, searchKey, values) };
  }
}

async function storeResults(store: Store, searchKey: string, rows: readonly Listing[]): Promise<void> {
  const { db } = store;
  await db.transaction('rw', mutationTables(db), async () => {
    await db.searchResults.where('searchKey').equals(searchKey).delete();
    await db.searchResults.bulkPut(rows.map((r, rank): SearchResultRow => ({ ...r, searchKey, rank })));
    // Queued bookings keep holding their space in what the new results show.
    await rebase({ db, now: store.now() }, (await loadSession(store))?.email ?? null);
  });
}

/** Offline: every listing any earlier search saw for this route and date, under this key. */
async function answerOffline(store: Store, searchKey: string, values: SearchFormValues): Promise<number> {
  const { db } = store;
  const now = await serverNow(store);
  return db.transaction('rw', db.searchResults, db.airports, async () => {
    const seen = await db.searchResults
      .where('[from+to+departure]')
      .equals([values.from, values.to, values.departure])
      .toArray();
    const zones = new Map((await db.airports.toArray()).map((a) => [a.code, a.timeZone]));
    // A flight that has left (by the server's clock) is not offered, as the server would not offer it.
    const open = seen.filter((r) => departureInstant(r.departure, r.time, zones.get(r.from)) > now);
    const byId = new Map(open.map((r) => [r.id, { ...r, searchKey }]));
    // Exact flight number first, as the server orders them, then by cost.
    const rows = [...byId.values()].sort(
      (a, b) =>
        Number(b.flightNo === values.flightNo) - Number(a.flightNo === values.flightNo) || a.cost - b.cost,
    );
    await db.searchResults.bulkPut(rows.map((r, rank) => ({ ...r, rank })));
    return rows.length;
  });
}
