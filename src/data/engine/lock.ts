// Mutual exclusion for the replayer across the page and the service worker: a Web Lock where
// the runtime has one, else a lease row in IndexedDB (shared by every context of the origin).
// The lock's name and the lease's key carry the entry format (the schema version), so code of
// two formats never takes turns on one outbox as if it were the same queue.
import { SCHEMA_VERSION } from './db-versions';
import { META } from './meta';
import { runtime } from './runtime';
import type { Store } from './store';

export const LOCK_NAME = `carry-outbox-v${SCHEMA_VERSION}`;
/** A lease outlives a crashed holder by at most this long. */
export const LEASE_MS = 60_000;

interface Lease {
  owner: string;
  until: number;
}

/** Runs `fn` holding the lock; returns null when a lease is held elsewhere (the holder drains). */
export async function withReplayLock<T>(store: Store, fn: (renew: () => Promise<void>) => Promise<T>) {
  const locks = runtime.navigator?.locks;
  if (locks?.request) {
    return locks.request(LOCK_NAME, () => fn(async () => undefined));
  }
  const owner = crypto.randomUUID();
  if (!(await takeLease(store, owner))) return null;
  try {
    return await fn(async () => {
      if (!(await takeLease(store, owner))) throw new Error('Replay lease lost');
    });
  } finally {
    await store.db.transaction('rw', store.db.meta, async () => {
      const lease = (await store.db.meta.get(META.replayLease))?.value as Lease | undefined;
      if (lease?.owner === owner) await store.db.meta.delete(META.replayLease);
    });
  }
}

/** Takes or renews the lease in one transaction, so two contexts cannot both win. */
async function takeLease(store: Store, owner: string): Promise<boolean> {
  const { db } = store;
  return db.transaction('rw', db.meta, async () => {
    const lease = (await db.meta.get(META.replayLease))?.value as Lease | undefined;
    const now = store.now();
    if (lease && lease.owner !== owner && lease.until > now) return false;
    await db.meta.put({ key: META.replayLease, value: { owner, until: now + LEASE_MS } });
    return true;
  });
}
