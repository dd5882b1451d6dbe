// The page's one way to the data layer's store. The data layer (Dexie, ky, the outbox replayer)
// is a chunk of its own, imported on first need, so the login and signup screens render without
// it. Route loaders and event handlers await `load()`; components read the same promise with
// React's use() (useStore), which suspends until it has settled.
import type { Store } from '@/data';
import type { KeyValueStorage } from '@/data/runtime';

export interface StoreSource {
  /** Where the session is stored: readable before the store has loaded. */
  readonly storage: KeyValueStorage | null;
  /** The store, loading it on the first call; after a failed load (offline before the chunk was
   * cached) the next call tries again. */
  load(): Promise<Store>;
  /** Resolves once somebody's load() has finished, without starting one. */
  whenLoaded(): Promise<Store>;
}

/** Marks a settled promise the way React's use() reads it, so a loaded store renders without suspending. */
function settled(promise: Promise<Store>, store: Store): void {
  Object.assign(promise, { status: 'fulfilled', value: store });
}

export function storeSource(storage: KeyValueStorage | null, open: () => Promise<Store>): StoreSource {
  let pending: Promise<Store> | null = null;
  let markLoaded: (store: Store) => void = () => {};
  const loaded = new Promise<Store>((resolve) => {
    markLoaded = resolve;
  });
  return {
    storage,
    load() {
      if (!pending) {
        const attempt = open();
        pending = attempt;
        attempt.then(
          (store) => {
            settled(attempt, store);
            markLoaded(store);
          },
          () => {
            pending = null;
          },
        );
      }
      return pending;
    },
    whenLoaded: () => loaded,
  };
}

/** A source holding a store made elsewhere (tests). */
export function storeSourceOf(store: Store): StoreSource {
  const ready = Promise.resolve(store);
  settled(ready, store);
  return { storage: store.storage, load: () => ready, whenLoaded: () => ready };
}
