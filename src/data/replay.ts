// The pusher, shared by the page and the service worker: sends the signed-in user's outbox in
// batches (POST /api/sync/push) under one lock, then pulls when anything was acknowledged.
// Per batch:
//   1. take up to PUSH_BATCH_MAX entries in send order (a courier request waits for its photo,
//      the others go past it); stop if the head is still backing off;
//   2. number the new ones (ids increase per client) and mark them sending, in one transaction;
//   3. push; apply the answers in one transaction: applied -> drop the entry and confirm the
//      server's rows (a row a later entry changed keeps that change over the new confirmed copy);
//      refused -> failed with the server's code and message; unanswered -> transient, back off;
//   4. no answer, 408, 429, 5xx: back off (Retry-After honoured); 401: park the queue until the
//      same user logs in; another user's session (403 sync/client-mismatch): stop, send nothing.
import type { ErrorCode } from '@/domain/errors';
import { afterFailure, dueAt, NOT_FAILING, type OutboxEntry, retryWaitMs } from '@/domain/outbox/entry';
import { PUSH_BATCH_MAX, type PushResponse, pushResponseSchema } from '@/domain/sync/protocol';
import { type AppDb, mutationTables } from './db';
import { ApiError, isTransient } from './errors';
import { callParsed } from './http';
import { withReplayLock } from './lock';
import { getMeta, META, setMeta } from './meta';
import { photoOf, preparedArgs, refuseEntry, settleEntry } from './mutators';
import { countUnsent, rebase, userEntries } from './outbox';
import { photosOf, releasePhotos, waitsForPhoto } from './photos';
import { pull } from './pull';
import { loadSession } from './session';
import type { Store } from './store';
import { acknowledge, clientIdFor, takeMutationIds } from './sync-client';

export interface ReplayResult {
  sent: number;
  failed: number;
  remaining: number;
}

interface Running {
  promise: Promise<ReplayResult>;
  again: boolean;
}
const running = new WeakMap<Store, Running>();

/** Pushes now; a call while a pass runs joins it and makes it run once more at the end. */
export function replayOutbox(store: Store): Promise<ReplayResult> {
  const current = running.get(store);
  if (current) {
    current.again = true;
    return current.promise;
  }
  const state: Running = { promise: Promise.resolve({ sent: 0, failed: 0, remaining: 0 }), again: false };
  state.promise = (async () => {
    const total: ReplayResult = { sent: 0, failed: 0, remaining: 0 };
    try {
      do {
        state.again = false;
        const r = await replayLocked(store);
        total.sent += r.sent;
        total.failed += r.failed;
        total.remaining = r.remaining;
      } while (state.again);
      return total;
    } finally {
      running.delete(store);
    }
  })();
  running.set(store, state);
  return state.promise;
}

async function replayLocked(store: Store): Promise<ReplayResult> {
  const result = await withReplayLock(store, (renew) => drain(store, renew));
  return result ?? { sent: 0, failed: 0, remaining: await countQueued(store) };
}

async function countQueued(store: Store): Promise<number> {
  const user = (await loadSession(store))?.email;
  if (!user) return 0;
  return countUnsent(store, user);
}

/** Step 1 and 2; returns the batch, or the time its head may go. */
async function prepareBatch(
  store: Store,
  user: string,
  clientId: string,
  max: number,
): Promise<{ batch: OutboxEntry[]; notBefore: number | null }> {
  const { db } = store;
  // Only Dexie calls are awaited inside: a real IndexedDB transaction commits once the scope
  // awaits anything else (Dexie keeps its zone across a bounded number of native awaits).
  return db.transaction('rw', db.outbox, db.photos, db.meta, async () => {
    const photos = await photosOf(db, user);
    const batch: OutboxEntry[] = [];
    for (const e of await userEntries(db, user)) {
      if (batch.length >= max) break;
      if (e.state === 'failed' || waitsForPhoto(e, photos)) continue;
      batch.push(e);
    }
    const head = batch[0];
    if (!head) return { batch: [], notBefore: null };
    const due = dueAt(head.nextAttemptAt, store.now());
    if (due > store.now()) return { batch: [], notBefore: due };
    let next = await takeMutationIds(db, clientId, batch.filter((e) => e.mutationId === null).length);
    for (const e of batch) {
      if (e.mutationId === null) {
        e.mutationId = next;
        next += 1;
        // What it waited for is ready (checked above): it is part of the request from now on.
        const photo = photoOf(e);
        e.args = preparedArgs(e, { photoUrl: (photo && photos.get(photo)?.url) || null });
      }
      e.state = 'sending';
    }
    await db.outbox.bulkPut(batch);
    return { batch, notBefore: null };
  });
}

type Outcome = { kind: 'answered'; answer: PushResponse } | { kind: 'stop' } | { kind: 'smaller' };

async function send(store: Store, clientId: string, batch: OutboxEntry[]): Promise<Outcome> {
  const mutations = batch.map((e) => ({ id: e.mutationId ?? 0, kind: e.kind, args: e.args }));
  try {
    const answer = await callParsed(store.http, 'POST', '/api/sync/push', pushResponseSchema, {
      json: { clientId, user: batch[0]?.user ?? '', mutations },
    });
    return { kind: 'answered', answer };
  } catch (err) {
    const user = batch[0]?.user ?? '';
    if (err instanceof ApiError && err.status === 401) {
      await requeue(store, batch, null);
      await setMeta(store.db, META.authBlockedFor, user);
      return { kind: 'stop' };
    }
    if (err instanceof ApiError && err.code === ('sync/client-mismatch' satisfies ErrorCode)) {
      // The cookie now belongs to someone else: nothing of this user's may go under it.
      await requeue(store, batch, null);
      return { kind: 'stop' };
    }
    if (err instanceof ApiError && !isTransient(err) && batch.length > 1) {
      // The batch as a whole was refused (too large, say): send one at a time to find the culprit.
      await requeue(store, batch, null);
      return { kind: 'smaller' };
    }
    if (err instanceof ApiError && !isTransient(err)) {
      return {
        kind: 'answered',
        answer: {
          lastMutationId: 0,
          results: batch.map((e) => ({
            id: e.mutationId ?? 0,
            ok: false as const,
            code: err.code ?? 'request/invalid',
            message: err.serverMessage,
          })),
        },
      };
    }
    await requeue(store, batch, err);
    return { kind: 'stop' };
  }
}

/** Back to queued; with an error, the head backs off (at least as long as Retry-After says). */
async function requeue(store: Store, batch: OutboxEntry[], err: unknown): Promise<void> {
  const { db } = store;
  const now = store.now();
  await db.transaction('rw', db.outbox, async () => {
    for (const [i, e] of batch.entries()) {
      const current = await db.outbox.get(e.key);
      if (!current) continue;
      if (err === null) {
        await db.outbox.update(e.key, { state: 'queued' });
        continue;
      }
      const attempts = current.attempts + (i === 0 ? 1 : 0);
      const retryAfter = err instanceof ApiError ? err.retryAfterMs : null;
      await db.outbox.update(e.key, {
        state: 'queued',
        attempts,
        nextAttemptAt: now + retryWaitMs(Math.max(1, attempts), store.random(), retryAfter),
        failingSince: current.failingSince ?? now,
        ...afterFailure(current, now),
        lastError: err instanceof Error ? err.message : String(err),
      });
    }
  });
}

async function markRowsFailed(db: AppDb, key: string, message: string): Promise<void> {
  const mark = (row: { syncState: string; syncError: string | null }) => {
    row.syncState = 'failed';
    row.syncError = message;
  };
  await db.listings.where('outboxKey').equals(key).modify(mark);
  await db.bookings.where('outboxKey').equals(key).modify(mark);
  await db.orders.where('outboxKey').equals(key).modify(mark);
}

/** Step 3: the answers, the entries and the rows, in one transaction. */
async function applyAnswer(
  store: Store,
  user: string,
  clientId: string,
  batch: OutboxEntry[],
  answer: PushResponse,
): Promise<{ sent: number; failed: number }> {
  const { db } = store;
  const counts = { sent: 0, failed: 0 };
  const unanswered: OutboxEntry[] = [];
  await db.transaction('rw', mutationTables(db), async () => {
    // Rows are the signed-in user's: if someone else signed in meanwhile, touch only entries.
    const sameUser = (await loadSession(store))?.email === user;
    const ctx = { db, now: store.now() };
    const byId = new Map(answer.results.map((r) => [r.id, r]));
    // Read and drop in bulk: one request each for the whole batch, not one per entry.
    const currents = await db.outbox.bulkGet(batch.map((e) => e.key));
    const acked: string[] = [];
    let rebaseAfter = false;
    for (const [i, e] of batch.entries()) {
      const result = byId.get(e.mutationId ?? 0);
      const current = currents[i];
      if (!result) {
        if (current) unanswered.push(current);
        continue;
      }
      if (result.ok) {
        counts.sent += 1;
        acked.push(e.key);
        if (sameUser && current) await settleEntry(ctx, current, result.body);
        continue;
      }
      if (current && sameUser && (await refuseEntry(ctx, current, result.code, result.message))) {
        // The kind dealt with the refusal itself (a wrong hand-off code): the entry goes, and its
        // rows return to what the server confirmed (the rebase below), as a Discard leaves them.
        counts.failed += 1;
        await db.outbox.delete(e.key);
        rebaseAfter = true;
        continue;
      }
      counts.failed += 1;
      if (!current) continue;
      await db.outbox.update(e.key, {
        state: 'failed',
        attempts: current.attempts + 1,
        failingSince: null,
        ...NOT_FAILING,
        lastError: result.message,
        lastErrorCode: result.code,
      });
      // Its rows keep showing the change, marked failed with the server's reason.
      if (sameUser) await markRowsFailed(db, e.key, result.message);
    }
    await db.outbox.bulkDelete(acked);
    if (rebaseAfter) await rebase(ctx, user);
    // Photos of applied entries are no longer needed, unless another entry of the user's needs one.
    if (acked.length && batch.some((e) => photoOf(e) !== null)) await releasePhotos(db, user);
    await acknowledge(db, clientId, answer.lastMutationId);
  });
  // Mutations after a transient failure got no answer: they wait, the head backs off.
  if (unanswered.length)
    await requeue(store, unanswered, new Error('The server could not apply this change yet.'));
  return counts;
}

async function drain(store: Store, renew: () => Promise<void>): Promise<ReplayResult> {
  const user = (await loadSession(store))?.email;
  const counts = { sent: 0, failed: 0 };
  if (!user || (await getMeta<string>(store.db, META.authBlockedFor)) === user) {
    return { ...counts, remaining: await countQueued(store) };
  }
  const clientId = await store.db.transaction('rw', store.db.meta, () => clientIdFor(store.db, user));
  let max = PUSH_BATCH_MAX;
  let stopped = false;
  for (;;) {
    // Bound to the user who started: a change of session ends the pass.
    if ((await loadSession(store))?.email !== user) {
      stopped = true;
      break;
    }
    await renew();
    const { batch, notBefore } = await prepareBatch(store, user, clientId, max);
    if (batch.length === 0) {
      stopped = notBefore !== null;
      break;
    }
    const outcome = await send(store, clientId, batch);
    if (outcome.kind === 'stop') {
      stopped = true;
      break;
    }
    if (outcome.kind === 'smaller') {
      max = 1;
      continue;
    }
    const step = await applyAnswer(store, user, clientId, batch, outcome.answer);
    counts.sent += step.sent;
    counts.failed += step.failed;
    if (step.sent + step.failed < batch.length) {
      stopped = true;
      break;
    }
  }
  if (!stopped) await setMeta(store.db, META.lastSyncAt, store.now());
  // The server's own rows (ids, space left, the other side's changes) come with a pull.
  if (counts.sent + counts.failed > 0) await pull(store).catch(() => undefined);
  return { ...counts, remaining: await countQueued(store) };
}
