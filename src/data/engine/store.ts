// The store: the database, the HTTP client, the clock and randomness, passed to every data
// function so tests can swap each one, and the local mutator of every kind, which the features
// hand in (the engine names none). Works on the page and in the service worker.
import type { KyInstance } from 'ky';
import { apiBaseUrl } from './api-url';
import { type AppDb, openDb } from './db';
import { createHttp } from './http';
import type { LocalMutators } from './local-mutator';
import type { KeyValueStorage } from './runtime';
import { noteServerDate } from './server-clock';
import { pageStorage } from './stored-session';

export interface Store {
  db: AppDb;
  /** The API's origin (api-url.ts): the photo lane's uploads go there outside ky. */
  baseUrl: string;
  http: KyInstance;
  /** The fetch ky uses when one was injected (tests); null for the runtime's. */
  fetch: typeof fetch | null;
  now(): number;
  /** The server's clock minus the device's, from the Date of its answers (server-clock.ts). */
  serverOffsetMs: number | null;
  random(): number;
  /** localStorage on the page; null in the service worker. */
  storage: KeyValueStorage | null;
  /** Asks whoever runs the replayer (startSync) to run it soon. */
  wake(): void;
  /** Registers a waker; returns its removal. */
  onWake(cb: () => void): () => void;
  /** Session listeners, notified on login, logout and role change. */
  sessionListeners: Set<() => void>;
  /** Every kind's local mutator: entries are applied, settled and labelled through these. */
  mutators: LocalMutators;
}

export interface StoreOptions {
  db?: AppDb;
  /** The API's origin; defaults to the one setting of api-url.ts. */
  baseUrl?: string;
  fetch?: typeof fetch;
  now?: () => number;
  random?: () => number;
  storage?: KeyValueStorage;
}

export function createSyncStore(mutators: LocalMutators, opts: StoreOptions = {}): Store {
  const wakers = new Set<() => void>();
  const baseUrl = opts.baseUrl ?? apiBaseUrl();
  const store: Store = {
    db: opts.db ?? openDb(),
    baseUrl,
    fetch: opts.fetch ?? null,
    http: createHttp({
      baseUrl,
      ...(opts.fetch ? { fetch: opts.fetch } : {}),
      onServerDate: (serverMs) => noteServerDate(store, serverMs),
    }),
    now: opts.now ?? (() => Date.now()),
    serverOffsetMs: null,
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
    mutators,
  };
  return store;
}
