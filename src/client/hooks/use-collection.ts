// A mirrored collection for a screen: live local rows, plus the pull its route's loader started
// (pullOnOpen), whose failure matters only when nothing was ever synced for it.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import {
  carrierOrdersQuery,
  type ListingRow,
  myBookingsQuery,
  myListingsQuery,
  type OrderRow,
  syncedAtQuery,
} from '@/data';
import type { Pulled } from '../pull-on-open';
import { useStore } from './use-store';

export interface Collection<T> {
  rows: T[] | undefined;
  loading: boolean;
  error: string | null;
}

/**
 * The loader's pull as the screen sees it: running until it settles, then its failure (null when
 * it worked). It only watches the promise: the router's loader started it, and a new visit to the
 * route starts a new one.
 */
export function usePulled(pulled: Pulled): { running: boolean; failure: string | null } {
  const [settled, setSettled] = useState<{ of: Pulled; failure: string | null } | null>(null);
  useEffect(() => {
    let watching = true;
    void pulled.then((failure) => {
      if (watching) setSettled({ of: pulled, failure });
    });
    return () => {
      watching = false;
    };
  }, [pulled]);
  const done = settled !== null && settled.of === pulled;
  return { running: !done, failure: done ? settled.failure : null };
}

/** Whether `name` (a pull's collection, or 'profile') was ever synced on this device. */
export function useEverSynced(name: string): boolean {
  const store = useStore();
  const syncedAt = useLiveQuery(() => syncedAtQuery(store, name), [store, name]);
  return syncedAt !== null && syncedAt !== undefined;
}

function useCollection<T>(name: string, pulled: Pulled, rows: T[] | undefined): Collection<T> {
  const { running, failure } = usePulled(pulled);
  const everSynced = useEverSynced(name);
  const nothingLocal = rows === undefined || (rows.length === 0 && !everSynced);
  // Rows written locally (an offline booking before the first sync) show rather than the error.
  const error = everSynced || (rows !== undefined && rows.length > 0) ? null : failure;
  // Loading until the local rows are read (an empty list before that would show "none" and make
  // the first rows look like a change), and while nothing local waits on the pull.
  return { rows, loading: rows === undefined || (nothingLocal && running), error };
}

export function useMyListings(pulled: Pulled): Collection<ListingRow> {
  const store = useStore();
  const rows = useLiveQuery(() => myListingsQuery(store), [store]);
  return useCollection('listings', pulled, rows);
}

export function useMyBookings(pulled: Pulled): Collection<OrderRow> {
  const store = useStore();
  const rows = useLiveQuery(() => myBookingsQuery(store), [store]);
  return useCollection('bookings', pulled, rows);
}

export function useCarrierOrders(pulled: Pulled): Collection<OrderRow> {
  const store = useStore();
  const rows = useLiveQuery(() => carrierOrdersQuery(store), [store]);
  return useCollection('orders', pulled, rows);
}
