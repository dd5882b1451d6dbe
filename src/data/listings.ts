// My listings (carrier) and search: mirror refresh, the add-listing command, and search with
// an offline answer from what earlier searches stored.
import type { AddListingFormValues, Listing, SearchFormValues } from '@/domain/listing/schema';
import { listingsResponseSchema, searchResponseSchema } from '@/domain/listing/schema';
import { MSG } from '@/domain/messages';
import { track } from './analytics';
import type { ListingRow, SearchResultRow } from './db';
import { OfflineError } from './errors';
import { callParsed } from './http';
import { replaceMirror } from './mirror';
import { appendEntry, localId, newEntry } from './outbox';
import { getSession, loadSession } from './session';
import type { Store } from './store';

async function requireSession(store: Store) {
  const session = getSession(store) ?? (await loadSession(store));
  if (!session?.email || !session.name || !session.phone) throw new Error(MSG.userInfoMissing);
  return session;
}

export async function refreshMyListings(store: Store): Promise<void> {
  const { email } = await requireSession(store);
  const path = `/api/listings/${encodeURIComponent(email)}`;
  const rows = await callParsed(store.http, 'GET', path, listingsResponseSchema);
  await replaceMirror<Listing>(store, store.db.listings, rows, 'listings');
}

/** Queues a new listing; its optimistic row shows at once with syncState 'pending'. */
export async function addListing(store: Store, values: AddListingFormValues): Promise<{ key: string }> {
  const { email, name, phone } = await requireSession(store);
  const body = { ...values, email, name, phone };
  const entry = newEntry(store, 'add-listing', body, email);
  const row: ListingRow = {
    id: localId(entry.key),
    email,
    name,
    from: values.from,
    to: values.to,
    flightNo: values.flightNo,
    airline: values.airline,
    departure: values.departure,
    time: values.time,
    weight: values.weight,
    available: values.weight,
    cost: values.cost,
    createdAt: store.now(),
    syncState: 'pending',
    syncError: null,
    outboxKey: entry.key,
  };
  const { db } = store;
  await db.transaction('rw', db.listings, db.outbox, async () => {
    await db.listings.add(row);
    await appendEntry(store, entry);
  });
  await track(store, 'listing_submitted', {
    from: values.from,
    to: values.to,
    airline: values.airline,
    flightNo: values.flightNo,
    weight: values.weight,
    cost: values.cost,
    email,
  });
  store.wake();
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
  await db.transaction('rw', db.searchResults, async () => {
    await db.searchResults.where('searchKey').equals(searchKey).delete();
    await db.searchResults.bulkPut(rows.map((r, rank): SearchResultRow => ({ ...r, searchKey, rank })));
  });
}

/** Offline: every listing any earlier search saw for this route and date, under this key. */
async function answerOffline(store: Store, searchKey: string, values: SearchFormValues): Promise<number> {
  const { db } = store;
  return db.transaction('rw', db.searchResults, async () => {
    const seen = await db.searchResults
      .where('[from+to+departure]')
      .equals([values.from, values.to, values.departure])
      .toArray();
    const byId = new Map(seen.map((r) => [r.id, { ...r, searchKey }]));
    // Exact flight number first, as the server orders them, then by cost.
    const rows = [...byId.values()].sort(
      (a, b) =>
        Number(b.flightNo === values.flightNo) - Number(a.flightNo === values.flightNo) || a.cost - b.cost,
    );
    await db.searchResults.bulkPut(rows.map((r, rank) => ({ ...r, rank })));
    return rows.length;
  });
}
