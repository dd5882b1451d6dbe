// Airports and airlines from the local mirror, refreshed (at most every 5 minutes) on mount.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { airlinesQuery, airportsQuery, refreshReference } from '@/data';
import type { Airline, Airport } from '@/domain/reference/schema';
import { useStore } from './use-store';

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
  return useLiveQuery(() => airportsQuery(store), [store]);
}

export function useAirlines(): Airline[] | undefined {
  const store = useStore();
  useRefreshReference();
  return useLiveQuery(() => airlinesQuery(store), [store]);
}
