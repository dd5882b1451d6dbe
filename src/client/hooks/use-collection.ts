// A mirrored collection for a screen: live local rows, plus a refresh run on mount whose
// failure matters only when nothing was ever synced for it.
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState } from 'react';
import {
  type ListingRow,
  META,
  type OrderRow,
  refreshCarrierOrders,
  refreshMyBookings,
  refreshMyListings,
  type Store,
} from '@/data';
import { useStore } from './store-context';

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
  const syncedAt = useLiveQuery(
    async () => (await store.db.meta.get(META.syncedAt(name)))?.value ?? null,
    [store],
  );
  const run = useCallback(async () => {
    setRunning(true);
    try {
      await refresh(store);
      setFailure(null);
    } catch (err) {
      setFailure(errorText(err));
    } finally {
      setRunning(false);
    }
  }, [store, refresh]);
  useEffect(() => {
    void run();
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
  const rows = useLiveQuery(() => store.db.listings.toArray(), [store]);
  return useCollection('listings', refreshMyListings, rows);
}

export function useMyBookings(): Collection<OrderRow> {
  const store = useStore();
  const rows = useLiveQuery(() => store.db.bookings.toArray(), [store]);
  return useCollection('bookings', refreshMyBookings, rows);
}

export function useCarrierOrders(): Collection<OrderRow> {
  const store = useStore();
  const rows = useLiveQuery(() => store.db.orders.toArray(), [store]);
  return useCollection('orders', refreshCarrierOrders, rows);
}
