// Read queries over the local mirror, one per thing a screen shows. The page wraps each in
// useLiveQuery (dexie-react-hooks), a route loader awaits it once: the UI never touches a
// Dexie table itself, so each read (and what "unsent" means) has one definition.

import * as v from 'valibot';
import type { Listing } from '@/domain/listing/schema';
import { listingSchema } from '@/domain/listing/schema';
import type { Airline, Airport } from '@/domain/reference/schema';
import {
  type ListingRow,
  META,
  type OrderRow,
  type ProfileRow,
  type SearchResultRow,
  type Store,
} from './engine';

export const airportsQuery = (store: Store): Promise<Airport[]> =>
  store.db.airports.orderBy('code').toArray();

export const airlinesQuery = (store: Store): Promise<Airline[]> =>
  store.db.airlines.orderBy('code').toArray();

export const myListingsQuery = (store: Store): Promise<ListingRow[]> => store.db.listings.toArray();

export const myBookingsQuery = (store: Store): Promise<OrderRow[]> => store.db.bookings.toArray();

export const carrierOrdersQuery = (store: Store): Promise<OrderRow[]> => store.db.orders.toArray();

/** Requests on my listings still waiting for my answer (pending): the nav and the app badge count them. */
export const requestsToAnswerQuery = (store: Store): Promise<number> =>
  store.db.orders.filter((o) => o.status === 'pending').count();

export const profileQuery = (store: Store, email: string): Promise<ProfileRow | undefined> =>
  store.db.profile.get(email);

/** When a collection was last refreshed from the server (null: never on this device). */
export async function syncedAtQuery(store: Store, name: string): Promise<number | null> {
  const value = (await store.db.meta.get(META.syncedAt(name)))?.value;
  return value === undefined || value === null ? null : Number(value);
}

export async function lastSyncQuery(store: Store): Promise<number | null> {
  const value = (await store.db.meta.get(META.lastSyncAt))?.value;
  return typeof value === 'number' ? value : null;
}

/** The rows stored under `searchKey`, in the server's order. */
export const searchResultsQuery = (store: Store, searchKey: string): Promise<SearchResultRow[]> =>
  store.db.searchResults.where('searchKey').equals(searchKey).sortBy('rank');

/** A listing any search on this device has seen, by id (Confirm Booking's deep link). */
export async function listingByIdQuery(store: Store, id: string): Promise<Listing | null> {
  const row = await store.db.searchResults.where('id').equals(id).first();
  if (!row) return null;
  const { searchKey: _key, rank: _rank, ...listing } = row;
  const parsed = v.safeParse(listingSchema, listing);
  return parsed.success ? parsed.output : null;
}

/** Whether the replayer has met a 401 for some user's queued changes (the page checks the session). */
export async function authBlockedQuery(store: Store): Promise<boolean> {
  return Boolean((await store.db.meta.get(META.authBlockedFor))?.value);
}

/** One booking of mine, from either list: the carrier's orders first, then the bookings I made. */
export async function bookingOfQuery(
  store: Store,
  id: string,
): Promise<{ row: OrderRow; side: 'carrier' | 'traveller' } | null> {
  const order = await store.db.orders.get(id);
  if (order) return { row: order, side: 'carrier' };
  const booking = await store.db.bookings.get(id);
  return booking ? { row: booking, side: 'traveller' } : null;
}
