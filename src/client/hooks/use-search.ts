// Search results and the profile, read live from the local store.
import { useLiveQuery } from 'dexie-react-hooks';
import { type ProfileRow, profileQuery, type SearchResultRow, searchResultsQuery } from '@/data';
import type { Pulled } from '../pull-on-open';
import { useEverSynced, usePulled } from './use-collection';
import { useSession } from './use-session';
import { useStore } from './use-store';

/** The rows stored under `searchKey`, in the server's order; undefined while loading or without a key. */
export function useSearchResults(searchKey: string | null): SearchResultRow[] | undefined {
  const store = useStore();
  return useLiveQuery(
    async () => (searchKey === null ? undefined : searchResultsQuery(store, searchKey)),
    [store, searchKey],
  );
}

/** The signed-in user's profile row, with the route loader's pull (`pulled`) as loading and error. */
export function useProfile(pulled: Pulled): {
  row: ProfileRow | undefined;
  loading: boolean;
  error: string | null;
} {
  const store = useStore();
  const email = useSession()?.email ?? null;
  const { running, failure } = usePulled(pulled);
  const error = useEverSynced('profile') ? null : failure;
  const row = useLiveQuery(async () => (email ? profileQuery(store, email) : undefined), [store, email]);
  return { row, loading: row === undefined && running, error: row ? null : error };
}
