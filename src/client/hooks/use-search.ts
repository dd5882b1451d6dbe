// Search results and the profile, read live from the local store.
import { useLiveQuery } from 'dexie-react-hooks';
import {
  type ProfileRow,
  profileQuery,
  refreshProfile,
  type SearchResultRow,
  searchResultsQuery,
} from '@/data';
import { useRefresher } from './use-collection';
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

export function useProfile(): { row: ProfileRow | undefined; loading: boolean; error: string | null } {
  const store = useStore();
  const email = useSession()?.email ?? null;
  const { running, error } = useRefresher('profile', refreshProfile);
  const row = useLiveQuery(async () => (email ? profileQuery(store, email) : undefined), [store, email]);
  return { row, loading: row === undefined && running, error: row ? null : error };
}
