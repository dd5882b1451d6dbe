// The store in React: the app provides its StoreSource once; a screen reads the store with
// useStore() (React's use(): it suspends until the store has loaded, which the root route's
// beforeLoad has done for every screen behind the login). Event handlers that may run before
// it has loaded (login, signup) await useStoreSource().load().
import { createContext, type ReactNode, use, useContext, useMemo } from 'react';
import type { Store } from '@/data';
import { type StoreSource, storeSourceOf } from '../store';

const StoreContext = createContext<StoreSource | null>(null);

export function StoreSourceProvider({ source, children }: { source: StoreSource; children: ReactNode }) {
  return <StoreContext value={source}>{children}</StoreContext>;
}

/** Provides a store made elsewhere (tests). */
export function StoreProvider({ store, children }: { store: Store; children: ReactNode }) {
  const source = useMemo(() => storeSourceOf(store), [store]);
  return <StoreSourceProvider source={source}>{children}</StoreSourceProvider>;
}

export function useStoreSource(): StoreSource {
  const source = useContext(StoreContext);
  if (!source) throw new Error('useStoreSource must be used inside <StoreSourceProvider>');
  return source;
}

export function useStore(): Store {
  return use(useStoreSource().load());
}
