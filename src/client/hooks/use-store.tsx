// The Store in React: the app provides its StoreLoader once; a screen reads the Store with
// useStore(): at once when it has loaded (the authenticated layout's beforeLoad has loaded it for
// every screen behind the login), else it suspends on the load with React's use(). Event handlers
// that may run before it has loaded (login, signup) await useStoreLoader().load().
import { createContext, type ReactNode, use, useContext } from 'react';
import type { Store } from '@/data';
import { type StoreLoader, storeLoaderOf } from '../store-loader';

const StoreLoaderContext = createContext<StoreLoader | null>(null);

export function StoreLoaderProvider({ loader, children }: { loader: StoreLoader; children: ReactNode }) {
  return <StoreLoaderContext value={loader}>{children}</StoreLoaderContext>;
}

/** Provides a Store made elsewhere (tests). */
export function StoreProvider({ store, children }: { store: Store; children: ReactNode }) {
  return <StoreLoaderProvider loader={storeLoaderOf(store)}>{children}</StoreLoaderProvider>;
}

export function useStoreLoader(): StoreLoader {
  const loader = useContext(StoreLoaderContext);
  if (!loader) throw new Error('useStoreLoader must be used inside <StoreLoaderProvider>');
  return loader;
}

export function useStore(): Store {
  // load() returns one promise per load: React follows its state, and suspends only until it settles.
  return use(useStoreLoader().load());
}
