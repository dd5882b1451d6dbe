// The page's one way to the data layer's Store. The data layer (Dexie, ky, the outbox replayer)
// is a chunk of its own, imported on first need, so the login and signup screens render without
// it. Route beforeLoads and event handlers await `load()`; components read the same promise with
// React's use() (useStore), which follows its state itself: it suspends until the promise has
// settled, and later reads return the Store at once.
import type { Store } from '@/data';
import type { KeyValueStorage } from '@/data/engine/runtime';

export interface StoreLoader {
  /** Where the session is stored: readable before the Store has loaded. */
  readonly storage: KeyValueStorage | null;
  /** The Store, loading it on the first call; after a failed load (offline before the chunk was
   * cached) the next call tries again. */
  load(): Promise<Store>;
  /** Resolves once somebody's load() has finished, without starting one. */
  whenLoaded(): Promise<Store>;
}

export function createStoreLoader(storage: KeyValueStorage | null, open: () => Promise<Store>): StoreLoader {
  let pending: Promise<Store> | null = null;
  let markLoaded: (store: Store) => void = () => {};
  const whenLoaded = new Promise<Store>((resolve) => {
    markLoaded = resolve;
  });
  return {
    storage,
    load() {
      if (!pending) {
        const attempt = open();
        pending = attempt;
        attempt.then(
          (store) => markLoaded(store),
          () => {
            pending = null;
          },
        );
      }
      return pending;
    },
    whenLoaded: () => whenLoaded,
  };
}

const loaders = new WeakMap<Store, StoreLoader>();

/**
 * The loader holding a Store made elsewhere (tests), one per Store: use() needs the same promise
 * when React retries a render, which may happen before anything was committed.
 */
export function storeLoaderOf(store: Store): StoreLoader {
  let loader = loaders.get(store);
  if (!loader) {
    const ready = Promise.resolve(store);
    loader = { storage: store.storage, load: () => ready, whenLoaded: () => ready };
    loaders.set(store, loader);
  }
  return loader;
}
