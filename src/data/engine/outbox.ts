// The outbox: queuing a mutation together with its optimistic effect, the order entries are
// sent in, rebasing the optimistic state over the confirmed rows, and the user's Retry and
// Discard. Every change here runs in one transaction over mutationTables().

import type { Table } from 'dexie';
import { ERRORS } from '@/domain/errors';
import { type ExtrasOf, NOT_FAILING, type OutboxEntry, type OutboxEntryOf } from '@/domain/outbox/entry';
import { isMutationKind, type MutationArgs, type MutationKind } from '@/domain/sync/mutations';
import { type AppDb, mutationTables } from './db';
import { SessionMissingError } from './errors';
import { appliesAll, applyEntries, applyEntry, contextOf, restoreAll, type SyncContext } from './kinds';
import { releasePhotos, retryPhotoOf } from './photos';
import { loadSession } from './session';
import type { Store } from './store';
import type { Synced } from './tables';

export function newEntry<K extends MutationKind>(
  store: Store,
  kind: K,
  args: MutationArgs<K>,
  local: ExtrasOf<K>,
  user: string,
  /** Hold it this long before sending (it can be undone meanwhile: undoEntry). */
  holdMs = 0,
): OutboxEntryOf<K> {
  return {
    ...(holdMs > 0 ? { holdUntil: store.now() + holdMs } : {}),
    key: crypto.randomUUID(),
    kind,
    args,
    local,
    user,
    createdAt: store.now(),
    mutationId: null,
    attempts: 0,
    nextAttemptAt: 0,
    failingSince: null,
    ...NOT_FAILING,
    lastError: null,
    lastErrorCode: null,
    state: 'queued',
  };
}

/**
 * Queues `entry` and applies its optimistic effect in one transaction, then wakes the sender.
 * createdAt is made strictly greater than the newest entry's, so commands issued within one
 * millisecond keep their order.
 */
export async function enqueue(store: Store, entry: OutboxEntry): Promise<void> {
  await store.db.transaction('rw', mutationTables(store.db), () => appendAndApply(store, entry));
  store.wake();
}

/**
 * The command of every kind that keeps nothing beside its arguments and checks nothing on the
 * device first: queues `kind` with `args` for the signed-in user, applies its optimistic effect
 * and wakes the sender. A screen calls it directly; a kind that must look at the device's rows
 * first (rateBooking) writes its own command with appendAndApply. Answers the entry's key.
 */
export async function queueChange<K extends MutationKind>(
  store: Store,
  kind: ExtrasOf<K> extends Record<string, never> ? K : never,
  args: MutationArgs<K>,
): Promise<{ key: string }> {
  const email = (await loadSession(store))?.email;
  if (!email) throw new SessionMissingError();
  // One kind's entry is an OutboxEntry; TypeScript cannot narrow the union through a generic K.
  const entry = newEntry(store, kind, args, {} as ExtrasOf<K>, email) as unknown as OutboxEntry;
  await enqueue(store, entry);
  return { key: entry.key };
}

/** enqueue's body, for a command that checks something in the same transaction first. */
export async function appendAndApply(store: Store, entry: OutboxEntry): Promise<void> {
  const { db } = store;
  const last = await db.outbox.orderBy('createdAt').last();
  entry.createdAt = Math.max(entry.createdAt, (last?.createdAt ?? 0) + 1);
  await db.outbox.add(entry);
  await applyEntry(contextOf(store), entry);
}

/**
 * Whether this code can read `entry`: a kind it knows, arguments and local extras as objects, a
 * mutation id that is null or positive. An entry another release wrote in its own format (a tab
 * of an older release, say) is not sent, applied or labelled as if it were one of ours: it shows
 * as failed (outbox/unreadable) and can be discarded.
 */
export function readableEntry(entry: OutboxEntry): boolean {
  const e = entry as Partial<Record<keyof OutboxEntry, unknown>>;
  const id = e.mutationId;
  return (
    typeof e.kind === 'string' &&
    isMutationKind(e.kind) &&
    typeof e.args === 'object' &&
    e.args !== null &&
    typeof e.local === 'object' &&
    e.local !== null &&
    (id === null || (typeof id === 'number' && Number.isInteger(id) && id > 0))
  );
}

/** Applies an entry's optimistic effect; one this code cannot apply is marked unreadable instead. */
async function applyOrMark(ctx: SyncContext, entry: OutboxEntry): Promise<void> {
  if (readableEntry(entry)) {
    try {
      await applyEntry(ctx, entry);
      return;
    } catch {
      // Fall through: its shape is not what this kind expects.
    }
  }
  if (entry.lastErrorCode === 'outbox/unreadable') return;
  await ctx.db.outbox.update(entry.key, {
    state: 'failed',
    failingSince: null,
    ...NOT_FAILING,
    lastError: ERRORS['outbox/unreadable'].message,
    lastErrorCode: 'outbox/unreadable',
  });
}

/** Send order: entries already numbered (sent before) by their id, then the rest oldest first. */
export function inSendOrder(a: OutboxEntry, b: OutboxEntry): number {
  // `== null`: an entry of another format may have no mutationId at all.
  if (a.mutationId != null || b.mutationId != null) {
    if (a.mutationId == null) return 1;
    if (b.mutationId == null) return -1;
    return a.mutationId - b.mutationId;
  }
  return a.createdAt - b.createdAt || String(a.key).localeCompare(String(b.key));
}

/** A user's entries in send order (failed ones included). */
export async function userEntries(db: AppDb, user: string): Promise<OutboxEntry[]> {
  const rows = await db.outbox.where('user').equals(user).toArray();
  return rows.sort(inSendOrder);
}

async function resetTable<T extends { id: string }>(table: Table<Synced<T>, string>): Promise<void> {
  const changed = await table.where('syncState').anyOf(['pending', 'failed']).toArray();
  const restore: Synced<T>[] = [];
  const drop: string[] = [];
  for (const row of changed) {
    if (row.confirmed)
      restore.push({ ...row.confirmed, syncState: 'synced', syncError: null, outboxKey: null });
    else drop.push(row.id);
  }
  await table.bulkDelete(drop);
  await table.bulkPut(restore);
}

/**
 * Rebase: every optimistic row goes back to what the server last confirmed, then the user's
 * remaining entries are applied again on top, in send order. Call inside a transaction over
 * mutationTables().
 */
export async function rebase(ctx: SyncContext, user: string | null): Promise<void> {
  const { db } = ctx;
  await resetTable(db.listings);
  await resetTable(db.bookings);
  await resetTable(db.orders);
  await resetTable(db.watches);
  await resetTable(db.messages);
  await resetTable(db.reads);
  await restoreAll(ctx);
  if (!user) return;
  const entries = await userEntries(db, user);
  for (let i = 0; i < entries.length; ) {
    const first = entries[i] as OutboxEntry;
    // A run of one kind that applies at once (a long queue of new listings): one request.
    let end = i + 1;
    if (readableEntry(first) && appliesAll(ctx.mutators, first.kind))
      while (end < entries.length && sameKindRun(first, entries[end] as OutboxEntry)) end += 1;
    if (end - i > 1) {
      await applyRun(ctx, entries.slice(i, end));
      i = end;
      continue;
    }
    await applyOrMark(ctx, first);
    i += 1;
  }
}

function sameKindRun(first: OutboxEntry, next: OutboxEntry): boolean {
  return next.kind === first.kind && readableEntry(next);
}

/** A run through applyEntries; should it throw, one by one (each applied or marked unreadable). */
async function applyRun(ctx: SyncContext, run: OutboxEntry[]): Promise<void> {
  try {
    await applyEntries(ctx, run);
  } catch {
    for (const entry of run) await applyOrMark(ctx, entry);
  }
}

/** Runs `work` then rebases, in one transaction, for the signed-in user. */
async function changeAndRebase(store: Store, work: (db: AppDb) => Promise<void>): Promise<void> {
  const { db } = store;
  await db.transaction('rw', mutationTables(db), async () => {
    await work(db);
    const user = (await loadSession(store))?.email ?? null;
    await rebase(contextOf(store), user);
  });
}

/**
 * Retry: a refused entry goes back in the queue under a new mutation id (the server recorded
 * its old id as refused); a stuck one keeps its id and is simply sent now. An entry whose photo
 * the server refused gets its photo uploaded again too: the refusal may not hold any more, and
 * without that the entry would wait for the photo for ever.
 */
export async function retryEntry(store: Store, key: string): Promise<void> {
  await changeAndRebase(store, async (db) => {
    const entry = await db.outbox.get(key);
    if (!entry) return;
    await db.outbox.update(key, {
      state: 'queued',
      ...(entry.state === 'failed' ? { mutationId: null, attempts: 0 } : {}),
      nextAttemptAt: 0,
      failingSince: null,
      ...NOT_FAILING,
      lastError: null,
      lastErrorCode: null,
    });
    await retryPhotoOf(store, entry);
  });
  store.wake();
}

/** Drops an entry; its rows go back to what the server last confirmed. */
export async function discardEntry(store: Store, key: string): Promise<void> {
  await changeAndRebase(store, async (db) => {
    const entry = await db.outbox.get(key);
    if (!entry) return;
    await db.outbox.delete(key);
    await releasePhotos(store, entry.user);
  });
}

/**
 * Undo: takes back an entry still held (never sent), its rows back to what the server last
 * confirmed with the other entries applied on top. False when it is no longer held: it has gone.
 */
export async function undoEntry(store: Store, key: string): Promise<boolean> {
  let undone = false;
  await changeAndRebase(store, async (db) => {
    const entry = await db.outbox.get(key);
    if (!entry || entry.mutationId !== null || entry.state !== 'queued' || entry.holdUntil == null) return;
    await db.outbox.delete(key);
    undone = true;
  });
  return undone;
}

/**
 * The network is back (the `online` event, a Background Sync): entries and photos waiting out a
 * backoff may go at once. Mutation ids keep an early resend harmless.
 */
export async function clearBackoff(store: Store): Promise<void> {
  const { db } = store;
  await db.transaction('rw', db.outbox, db.photos, async () => {
    await db.outbox.where('state').equals('queued').modify({ nextAttemptAt: 0 });
    await db.photos.toCollection().modify({ nextAttemptAt: 0 });
  });
}

/**
 * The one definition of "unsent": changes the server has not applied that are still on their
 * way (queued or in a push; a refused one waits for the user instead). Of `user`; of the
 * signed-in user when omitted; of every user on the device with null (Background Sync has work).
 */
export async function countUnsent(store: Store, user?: string | null): Promise<number> {
  const who = user === undefined ? ((await loadSession(store))?.email ?? '') : user;
  const entries = who === null ? store.db.outbox.toCollection() : store.db.outbox.where('user').equals(who);
  return entries.filter((e) => e.state !== 'failed').count();
}
