// The store in React context: screens reach the data layer through useStore(). The context holds
// the store loader; the entry screens, which render before the store loads, use useStoreLoader().
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { Store } from '@/data';
import { useLoaded } from '../loader';
import { type StoreLoader, storeLoaderOf } from '../store-loader';

const StoreContext = createContext<StoreLoader | null>(null);

export function StoreLoaderProvider({ loader, children }: { loader: StoreLoader; children: ReactNode }) {
  return <StoreContext.Provider value={loader}>{children}</StoreContext.Provider>;
}

export function StoreProvider({ store, children }: { store: Store; children: ReactNode }) {
  const loader = useMemo(() => storeLoaderOf(store), [store]);
  return <StoreLoaderProvider loader={loader}>{children}</StoreLoaderProvider>;
}

export function useStoreLoader(): StoreLoader {
  const loader = useContext(StoreContext);
  if (!loader) throw new Error('useStoreLoader must be used inside <StoreProvider>');
  return loader;
}

/** The store, for screens behind the root route, which loads it before they render. */
export function useStore(): Store {
  const store = useStoreLoader().current();
  if (!store) throw new Error('useStore ran before the store loaded: load it in beforeLoad');
  return store;
}

/** The store once it has loaded, else null; re-renders when it arrives. */
export function useLoadedStore(): Store | null {
  return useLoaded(useStoreLoader());
}
