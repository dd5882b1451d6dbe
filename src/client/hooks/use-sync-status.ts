// The app-wide sync status: online state and the waiting list (src/data's one definition of a
// change not yet applied by the server), with the counts the sync line shows.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { countUnsent, lastSyncQuery, type WaitingItem, waitingList } from '@/data';
import { useSession } from './use-session';
import { useStore } from './use-store';

/** The list re-reads at least this often, so "stuck" appears without a change in the database. */
const CLOCK_TICK_MS = 60_000;

export interface SyncStatus {
  online: boolean;
  /** Every change of the signed-in user the server has not applied, in send order. */
  items: WaitingItem[];
  /** Changes still on their way (src/data's countUnsent). */
  pending: number;
  /** Changes the server refused: they wait for the user's Retry or Discard. */
  failed: WaitingItem[];
  /** Refused or stuck: the changes that need the user. */
  attention: number;
  lastSyncAt: number | null;
}

function useOnline(): boolean {
  const [online, setOnline] = useState(() => globalThis.navigator?.onLine ?? true);
  useEffect(() => {
    const update = () => setOnline(globalThis.navigator?.onLine ?? true);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

function useClockTick(): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const id = setInterval(() => setTick((t) => t + 1), CLOCK_TICK_MS);
    return () => clearInterval(id);
  }, []);
  return tick;
}

export function useSyncStatus(): SyncStatus {
  const store = useStore();
  const online = useOnline();
  const tick = useClockTick();
  const email = useSession()?.email ?? '';
  const items = useLiveQuery(() => (email ? waitingList(store, email) : []), [store, email, tick]) ?? [];
  const pending = useLiveQuery(() => (email ? countUnsent(store, email) : 0), [store, email]) ?? 0;
  const lastSyncAt = useLiveQuery(() => lastSyncQuery(store), [store]);
  const failed = items.filter((i) => i.state === 'failed');
  return {
    online,
    items,
    pending,
    failed,
    attention: failed.length + items.filter((i) => i.state === 'stuck').length,
    lastSyncAt: lastSyncAt ?? null,
  };
}
