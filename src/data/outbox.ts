// Queue policy: building entries, the user's actions on failed ones (retry, discard), and
// what an entry's local optimistic record is, so discarding can undo it.

import Dexie from 'dexie';
import type { BookingStatus } from '@/domain/booking/status';
import type { OutboxEntry, OutboxKind, OutboxState } from '@/domain/outbox/entry';
import { syncedTables } from './db';
import type { Store } from './store';

/** A status update remembers the status it replaced, so discarding it can restore that. */
export interface StatusPayload {
  listingId: string;
  status: BookingStatus;
  prevStatus: BookingStatus;
}

/** The courier image travels as bytes: Blobs in IndexedDB are unreliable on some browsers. */
export interface CourierPayload {
  form: Record<string, unknown>;
  image: { bytes: ArrayBuffer; type: string; name: string };
  /** Set once the upload step succeeded, so a retried submit never uploads twice. */
  itemImageUrl: string | null;
}

export function newEntry<P>(store: Store, kind: OutboxKind, payload: P, user: string): OutboxEntry<P> {
  return {
    key: crypto.randomUUID(),
    kind,
    payload,
    user,
    createdAt: store.now(),
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    state: 'queued',
  };
}

/**
 * Appends an entry. Call inside a transaction that includes the outbox: createdAt is made strictly
 * greater than the newest entry's, so commands issued within one millisecond keep their order.
 */
export async function appendEntry(store: Store, entry: OutboxEntry<unknown>): Promise<void> {
  const last = await store.db.outbox.orderBy('createdAt').last();
  entry.createdAt = Math.max(entry.createdAt, (last?.createdAt ?? 0) + 1);
  await store.db.outbox.add(entry);
}

/** Id of the optimistic row a command writes for this entry. */
export function localId(key: string): string {
  return `local-${key}`;
}

/** Replay order: oldest first, the key breaking ties. */
function inReplayOrder(a: OutboxEntry, b: OutboxEntry): number {
  return a.createdAt - b.createdAt || a.key.localeCompare(b.key);
}

/** Entries in replay order. */
export async function orderedEntries(store: Store, user: string): Promise<OutboxEntry[]> {
  const rows = await store.db.outbox.where('user').equals(user).toArray();
  return rows.sort(inReplayOrder);
}

/** The states the replayer sends: 'failed' entries wait for the user's Retry or Discard. */
const SENDABLE: readonly OutboxState[] = ['queued', 'sending'];

function byState(store: Store, user: string, state: OutboxState) {
  return store.db.outbox
    .where('[user+state+createdAt]')
    .between([user, state, Dexie.minKey], [user, state, Dexie.maxKey]);
}

/**
 * The first entry of orderedEntries that is not failed, read from the index: the oldest queued
 * and the oldest sending entry, whichever came first (ties go to the lower key, as the index
 * orders them), so the cost does not grow with the queue.
 */
export function nextEntry(store: Store, user: string): Promise<OutboxEntry | undefined> {
  return store.db.transaction('r', store.db.outbox, async () => {
    const heads = await Promise.all(SENDABLE.map((state) => byState(store, user, state).first()));
    return heads.filter((e) => e !== undefined).sort(inReplayOrder)[0];
  });
}

/** How many of the user's entries are still to send (not failed). */
export function countSendable(store: Store, user: string): Promise<number> {
  return store.db.transaction('r', store.db.outbox, async () => {
    const counts = await Promise.all(SENDABLE.map((state) => byState(store, user, state).count()));
    return counts.reduce((a, b) => a + b, 0);
  });
}

/** Puts a failed entry back in the queue, to be sent now. */
export async function retryEntry(store: Store, key: string): Promise<void> {
  const { db } = store;
  await db.transaction('rw', [db.outbox, db.listings, db.bookings, db.orders], async () => {
    const entry = await db.outbox.get(key);
    if (!entry) return;
    await db.outbox.update(key, { state: 'queued', nextAttemptAt: 0, lastError: null });
    for (const table of syncedTables(db)) {
      await table.where('outboxKey').equals(key).modify({ syncState: 'pending', syncError: null });
    }
  });
  store.wake();
}

/** Drops an entry and undoes its optimistic record. */
export async function discardEntry(store: Store, key: string): Promise<void> {
  const { db } = store;
  await db.transaction('rw', [db.outbox, db.listings, db.bookings, db.orders], async () => {
    const entry = await db.outbox.get(key);
    if (!entry) return;
    await db.outbox.delete(key);
    await db.listings.delete(localId(key));
    await db.bookings.delete(localId(key));
    if (entry.kind === 'status-update') {
      const p = entry.payload as StatusPayload;
      const row = await db.orders.get(p.listingId);
      if (row?.outboxKey === key) {
        await db.orders.update(p.listingId, {
          status: p.prevStatus,
          syncState: 'synced',
          syncError: null,
          outboxKey: null,
        });
      }
    }
  });
}

/**
 * The network is back (the `online` event, a Background Sync): entries waiting out a backoff may
 * go at once instead of after up to five minutes. Their keys keep an early resend harmless.
 */
export async function clearBackoff(store: Store): Promise<void> {
  await store.db.outbox.where('state').equals('queued').modify({ nextAttemptAt: 0 });
}
