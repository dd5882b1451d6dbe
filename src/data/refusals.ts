// A change the server refused, as the screens branch on it: its code, whether Retry can succeed
// (domain/outbox/refusal), and for a booking refused for want of space the listing and what is
// still free on it, asked of the server's search again (the device's copy predates the refusal).
import type { Listing } from '@/domain/listing/schema';
import { refusedForSpace, retryCanSucceed } from '@/domain/outbox/refusal';
import { discardEntry, type Store } from './engine';
import { searchListings } from './listings';

export interface Refusal {
  code: string | null;
  /** Sending it again can succeed: Retry is offered. */
  retry: boolean;
  /** A booking refused for want of space: its listing and the weight asked for. */
  space: { listingId: string; weight: number } | null;
}

/** The refusal behind outbox entry `key`; null when it is not (or no longer) refused. */
export async function refusalQuery(store: Store, key: string): Promise<Refusal | null> {
  const entry = await store.db.outbox.get(key);
  if (entry?.state !== 'failed') return null;
  const code = entry.lastErrorCode;
  const space =
    entry.kind === 'book' && refusedForSpace(code)
      ? { listingId: entry.args.listingId, weight: entry.args.weight }
      : null;
  return { code, retry: retryCanSucceed(code), space };
}

/** The space still free on a listing, and the listing as the search now shows it (null: not offered). */
export interface FreeSpace {
  free: number;
  listing: Listing | null;
}

/**
 * What the listing of refused booking `key` still has free (KG), by a new search of its flight:
 * 0 when the search no longer offers it (full, withdrawn or closing); null offline, or when the
 * device cannot tell which flight it was.
 */
export async function freeSpaceOf(store: Store, key: string): Promise<FreeSpace | null> {
  const entry = await store.db.outbox.get(key);
  if (entry?.kind !== 'book') return null;
  const { listingId } = entry.args;
  const seen = await store.db.searchResults.where('id').equals(listingId).first();
  const f = entry.args.flightDetails ?? seen;
  if (!f?.from || !f.to || !f.departure) return null;
  const values = {
    from: f.from,
    to: f.to,
    departure: f.departure,
    flightNo: f.flightNo ?? '',
    airline: f.airline ?? '',
  };
  const outcome = await searchListings(store, values);
  if (outcome.kind === 'offline') return null;
  const row = await store.db.searchResults
    .where('searchKey')
    .equals(outcome.searchKey)
    .filter((r) => r.id === listingId)
    .first();
  if (!row) return { free: 0, listing: null };
  // The server's figure: the refused booking, still in the outbox, shows as holding its weight.
  const { searchKey: _k, rank: _r, confirmedAvailable, ...listing } = row;
  const free = confirmedAvailable ?? row.available;
  return { free, listing: { ...listing, available: free } };
}

/**
 * "Book what is still free": the refused booking goes (its rows back to what the server confirmed)
 * and the listing's id is returned for Confirm Booking, which offers the space still free.
 */
export async function dropRefusedBooking(store: Store, key: string): Promise<string | null> {
  const entry = await store.db.outbox.get(key);
  if (entry?.kind !== 'book') return null;
  await discardEntry(store, key);
  return entry.args.listingId;
}
