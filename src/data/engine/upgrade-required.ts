// "Reload to update": this code may not sync any more. Set when the server answers a protocol
// this code does not speak (426 sync/upgrade-required, or an answer naming a newer protocol),
// when a newer release opens the database (Dexie's versionchange: this connection closes), or
// when the database on disk is newer than this code. Kept per database connection, never in
// the database: a newer tab sharing it must go on syncing. Push and pull stop; the page offers
// a reload (src/client/pwa).
// Keyed by the Dexie connection itself, so the schema (db.ts) can mark its own connection.
import type Dexie from 'dexie';

const stale = new WeakSet<Dexie>();
const listeners = new Map<Dexie, Set<() => void>>();

export function markUpgradeRequired(db: Dexie): void {
  if (stale.has(db)) return;
  stale.add(db);
  for (const cb of listeners.get(db) ?? []) cb();
}

export function upgradeRequired(db: Dexie): boolean {
  return stale.has(db);
}

/** Calls `cb` once this connection needs a reload; returns the unsubscribe. */
export function subscribeUpgradeRequired(db: Dexie, cb: () => void): () => void {
  const set = listeners.get(db) ?? new Set();
  set.add(cb);
  listeners.set(db, set);
  return () => set.delete(cb);
}
