// A mirrored collection for a screen: live local rows, plus a refresh run on mount whose
// failure matters only when nothing was ever synced for it.
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  carrierOrdersQuery,
  type ListingRow,
  myBookingsQuery,
  myListingsQuery,
  type OrderRow,
  refreshCarrierOrders,
  refreshMyBookings,
  refreshMyListings,
  type Store,
  syncedAtQuery,
} from '@/data';
import { useStore } from './use-store';

export interface Collection<T> {
  rows: T[] | undefined;
  loading: boolean;
  error: string | null;
  refresh(): Promise<void>;
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Shared by the collection hooks and useProfile. */
export function useRefresher(name: string, refresh: (store: Store) => Promise<void>) {
  const store = useStore();
  const [running, setRunning] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  const syncedAt = useLiveQuery(() => syncedAtQuery(store, name), [store, name]);
  // A refresh can settle after its screen has gone (the user navigated on, or the page is being
  // torn down): its result then updates nothing.
  const mounted = useRef(false);
  const run = useCallback(async () => {
    setRunning(true);
    let failed: string | null = null;
    try {
      await refresh(store);
    } catch (err) {
      failed = errorText(err);
    }
    if (!mounted.current) return;
    setFailure(failed);
    setRunning(false);
  }, [store, refresh]);
  useEffect(() => {
    mounted.current = true;
    void run();
    return () => {
      mounted.current = false;
    };
  }, [run]);
  const everSynced = syncedAt !== null && syncedAt !== undefined;
  return { run, running, error: everSynced ? null : failure, everSynced };
}

function useCollection<T>(name: string, refresh: (s: Store) => Promise<void>, rows: T[] | undefined) {
  const { run, running, error, everSynced } = useRefresher(name, refresh);
  const nothingLocal = rows === undefined || (rows.length === 0 && !everSynced);
  // Rows written locally (an offline booking before the first sync) show rather than the error.
  const shown = rows !== undefined && rows.length > 0 ? null : error;
  return { rows, loading: nothingLocal && running, error: shown, refresh: run } satisfies Collection<T>;
}

export function useMyListings(): Collection<ListingRow> {
  const store = useStore();
  const rows = useLiveQuery(() => myListingsQuery(store), [store]);
  return useCollection('listings', refreshMyListings, rows);
}

export function useMyBookings(): Collection<OrderRow> {
  const store = useStore();
  const rows = useLiveQuery(() => myBookingsQuery(store), [store]);
  return useCollection('bookings', refreshMyBookings, rows);
}

export function useCarrierOrders(): Collection<OrderRow> {
  const store = useStore();
  const rows = useLiveQuery(() => carrierOrdersQuery(store), [store]);
  return useCollection('orders', refreshCarrierOrders, rows);
}
