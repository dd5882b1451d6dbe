// Airports and airlines from the local mirror, refreshed (at most every 5 minutes) on mount.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { refreshReference } from '@/data';
import type { Airline, Airport } from '@/domain/reference/schema';
import { useStore } from './store-context';

function useRefreshReference(): void {
  const store = useStore();
  useEffect(() => {
    // A failure with nothing cached shows as an empty list; the screen offers Retry.
    refreshReference(store).catch(() => undefined);
  }, [store]);
}

export function useAirports(): Airport[] | undefined {
  const store = useStore();
  useRefreshReference();
  return useLiveQuery(() => store.db.airports.orderBy('code').toArray(), [store]);
}

export function useAirlines(): Airline[] | undefined {
  const store = useStore();
  useRefreshReference();
  return useLiveQuery(() => store.db.airlines.orderBy('code').toArray(), [store]);
}
