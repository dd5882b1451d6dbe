// A value that is fetched once, on first need (a lazily imported module, the data layer's store),
// and then read synchronously; React reads it through useLoaded.
import { useSyncExternalStore } from 'react';

export interface Loader<T> {
  /** The value once loaded, else null. */
  current(): T | null;
  /** Starts loading unless it has started; every caller gets the same value. */
  load(): Promise<T>;
  /** Resolves when somebody else's load() has finished, without starting one. */
  loaded(): Promise<T>;
  subscribe(listener: () => void): () => void;
}

/** `initial` makes a loader that already holds its value (tests inject a ready store). */
export function createLoader<T>(open: () => Promise<T>, initial: T | null = null): Loader<T> {
  let value = initial;
  let pending: Promise<T> | null = null;
  const waiters: ((v: T) => void)[] = [];
  const listeners = new Set<() => void>();
  return {
    current: () => value,
    load() {
      if (value !== null) return Promise.resolve(value);
      pending ??= open().then(
        (v) => {
          value = v;
          for (const l of listeners) l();
          for (const w of waiters.splice(0)) w(v);
          return v;
        },
        (err: unknown) => {
          // A failed fetch (offline before the service worker cached it) may succeed next time.
          pending = null;
          throw err;
        },
      );
      return pending;
    },
    loaded() {
      return value !== null ? Promise.resolve(value) : new Promise((resolve) => waiters.push(resolve));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The loader's value in a component, re-rendering once it arrives. */
export function useLoaded<T>(loader: Loader<T>): T | null {
  return useSyncExternalStore(loader.subscribe, loader.current, loader.current);
}
