// The page's store, opened by the store loader (imported lazily, so Dexie and the sync engine stay
// out of the first screen): the sync engine, persistent storage, and the 401 watch.
import { liveQuery } from 'dexie';
import { createStore, META, requestPersistentStorage, type Store, startSync } from '@/data';

/** `onAuthBlocked` runs when the replayer has met a 401, and at once if it had before this load. */
export function openStore(onAuthBlocked: () => void): Store {
  const store = createStore();
  startSync(store);
  void requestPersistentStorage();
  // The session ended while the page was open and online: check now rather than at the next
  // navigation, so the user is asked to log in and the parked queue can drain.
  liveQuery(() => store.db.meta.get(META.authBlockedFor)).subscribe({
    next: (row) => {
      if (row?.value) onAuthBlocked();
    },
  });
  return store;
}
