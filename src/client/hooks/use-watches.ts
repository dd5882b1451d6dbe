// Watched routes, read live from the local store: the list, and the watch covering a search.
import { useLiveQuery } from 'dexie-react-hooks';
import { type WatchRow, watchesQuery, watchOf } from '@/data';
import { useStore } from './use-store';

/** The user's current watches (undefined while loading). */
export function useWatches(): WatchRow[] | undefined {
  const store = useStore();
  return useLiveQuery(() => watchesQuery(store), [store]);
}

/** The watch covering this route and date, null when none (undefined while loading). */
export function useWatchOf(
  flight: { from: string; to: string; departure: string } | null,
): WatchRow | null | undefined {
  const store = useStore();
  const from = flight?.from;
  const to = flight?.to;
  const departure = flight?.departure;
  return useLiveQuery(
    async () => (from && to && departure ? ((await watchOf(store, { from, to, departure })) ?? null) : null),
    [store, from, to, departure],
  );
}
