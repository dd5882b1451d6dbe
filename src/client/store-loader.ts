// The data layer (Dexie, ky, the outbox replayer) loads on first need rather than with the page:
// the login and signup screens render without it, and only their submit waits for it.
import type { Store } from '@/data';
import type { KeyValueStorage } from '@/data/runtime';
import { createLoader, type Loader } from './loader';

export interface StoreLoader extends Loader<Store> {
  /** Where the session is stored: readable before the store has loaded. */
  readonly storage: KeyValueStorage | null;
}

export function createStoreLoader(storage: KeyValueStorage | null, open: () => Promise<Store>): StoreLoader {
  return { ...createLoader(open), storage };
}

/** A loader holding a store made elsewhere (tests, and code that already has one). */
export function storeLoaderOf(store: Store): StoreLoader {
  return { ...createLoader(() => Promise.resolve(store), store), storage: store.storage };
}

/** The store's UI module: loaded beside the store, read synchronously once it is in. */
export const storeUi = createLoader(() => import('./store-ui'));
