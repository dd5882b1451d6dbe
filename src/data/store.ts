// The store: the database, the HTTP client, the clock and randomness, passed to every data
// function so tests can swap each one. Works on the page and in the service worker.
import type { KyInstance } from 'ky';
import { type AppDb, openDb } from './db';
import { createHttp } from './http';
import type { KeyValueStorage } from './runtime';
import { pageStorage } from './stored-session';

export interface Store {
  db: AppDb;
  http: KyInstance;
  now(): number;
  random(): number;
  /** localStorage on the page; null in the service worker. */
  storage: KeyValueStorage | null;
  /** Asks whoever runs the replayer (startSync) to run it soon. */
  wake(): void;
  /** Registers a waker; returns its removal. */
  onWake(cb: () => void): () => void;
  /** Session listeners, notified on login, logout and role change. */
  sessionListeners: Set<() => void>;
}

export interface StoreOptions {
  db?: AppDb;
  baseUrl?: string;
  fetch?: typeof fetch;
  now?: () => number;
  random?: () => number;
  storage?: KeyValueStorage;
}

function defaultBaseUrl(): string {
  const origin = globalThis.location?.origin;
  return origin && origin !== 'null' ? origin : 'http://localhost';
}

export function createStore(opts: StoreOptions = {}): Store {
  const wakers = new Set<() => void>();
  return {
    db: opts.db ?? openDb(),
    http: createHttp({
      baseUrl: opts.baseUrl ?? defaultBaseUrl(),
      ...(opts.fetch ? { fetch: opts.fetch } : {}),
    }),
    now: opts.now ?? (() => Date.now()),
    random: opts.random ?? Math.random,
    storage: opts.storage ?? pageStorage(),
    wake() {
      for (const cb of wakers) cb();
    },
    onWake(cb) {
      wakers.add(cb);
      return () => wakers.delete(cb);
    },
    sessionListeners: new Set(),
  };
}
