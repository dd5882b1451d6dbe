// The app-wide sync indicator's data: online state, unsent and failed changes, last sync.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { META } from '@/data';
import type { OutboxEntry } from '@/domain/outbox/entry';
import { useStore } from './store-context';
import { useSession } from './use-session';

export interface SyncStatus {
  online: boolean;
  pending: number;
  failed: OutboxEntry[];
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

export function useSyncStatus(): SyncStatus {
  const store = useStore();
  const online = useOnline();
  const email = useSession()?.email ?? '';
  const entries = useLiveQuery(
    () => store.db.outbox.where('user').equals(email).sortBy('createdAt'),
    [store, email],
  );
  const lastSyncAt = useLiveQuery(async () => {
    const value = (await store.db.meta.get(META.lastSyncAt))?.value;
    return typeof value === 'number' ? value : null;
  }, [store]);
  const list = entries ?? [];
  return {
    online,
    pending: list.filter((e) => e.state !== 'failed').length,
    failed: list.filter((e) => e.state === 'failed'),
    lastSyncAt: lastSyncAt ?? null,
  };
}
