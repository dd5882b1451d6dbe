// A console list: the server's pages (searched and filtered there), the next page on demand, and
// a reload after an action. A failure is kept as it is; the list shows it in words (by its code).
import { useCallback, useEffect, useState } from 'react';
import { useStore } from '@/client/hooks/use-store';
import { type TeamList, teamPage } from '@/data';

export interface TeamPageState<T> {
  items: T[] | null;
  /** The last load's failure (boxed: any value may be thrown), or null. */
  error: { cause: unknown } | null;
  more: boolean;
  loading: boolean;
  q: string;
  status: string;
  setQ(q: string): void;
  setStatus(status: string): void;
  loadMore(): void;
  reload(): void;
}

export function useTeamPage<T>(list: TeamList, initialStatus = ''): TeamPageState<T> {
  const store = useStore();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState(initialStatus);
  const [items, setItems] = useState<T[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<{ cause: unknown } | null>(null);
  const [loading, setLoading] = useState(false);
  const [version, setVersion] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` asks for the first page again
  useEffect(() => {
    let live = true;
    setLoading(true);
    teamPage<T>(store, list, { q, status })
      .then((page) => {
        if (!live) return;
        setItems(page.items);
        setNext(page.next);
        setError(null);
      })
      .catch((err: unknown) => live && setError({ cause: err }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [store, list, q, status, version]);

  const loadMore = useCallback(() => {
    if (!next) return;
    setLoading(true);
    teamPage<T>(store, list, { q, status, cursor: next })
      .then((page) => {
        setItems((old) => [...(old ?? []), ...page.items]);
        setNext(page.next);
      })
      .catch((err: unknown) => setError({ cause: err }))
      .finally(() => setLoading(false));
  }, [store, list, q, status, next]);

  return {
    items,
    error,
    more: next !== null,
    loading,
    q,
    status,
    setQ,
    setStatus,
    loadMore,
    reload: () => setVersion((n) => n + 1),
  };
}
