// The pusher, shared by the page and the service worker: sends the signed-in user's outbox in
// batches (POST /api/sync/push) under one lock, then pulls when anything was acknowledged.
// Per batch:
//   1. take up to PUSH_BATCH_MAX entries (PUSH_BATCH_BYTES of their JSON) in send order (a courier request waits for its photo,
//      the others go past it); stop if the head is still backing off;
//   2. number the new ones (ids increase per client) and mark them sending, in one transaction;
//   3. push; apply the answers in one transaction, through the same path as a pull's results
//      (outcomes.ts, the batch at once: settled by kind in runs, refusals written in bulk;
//      whichever arrives first settles an entry, the second finds nothing):
//      applied -> drop the entry and confirm the server's rows (a row a later entry changed
//      keeps that change over the new confirmed copy); refused -> failed with the server's code
//      and message; unanswered -> transient, back off. An answer for an ended session (another
//      user, or a logout and login since the pass began) settles entries but touches no rows;
//   4. no answer, 408, 429, 5xx: back off (Retry-After honoured); 401: park the queue until the
//      same user logs in; another user's session (403 sync/client-mismatch): stop, send nothing;
//      426 sync/upgrade-required (or an answer in a newer protocol): stop syncing, "Reload to
//      update" (upgrade-required.ts).
// Every push names this code's protocol and schema version.
import { ERRORS, type ErrorCode } from '@/domain/errors';
import { type OneAtATime, oneAtATime } from '@/domain/one-at-a-time';
import {
  afterFailure,
  dueAt,
  isHeld,
  NOT_FAILING,
  type OutboxEntry,
  retryWaitMs,
  STUCK_AFTER_MS,
} from '@/domain/outbox/entry';
import {
  PUSH_BATCH_BYTES,
  PUSH_BATCH_MAX,
  type PushResponse,
  pushResponseSchema,
  SYNC_PROTOCOL,
} from '@/domain/sync/protocol';
import { deleteMany, getMany } from './bulk';
import { mutationTables } from './db';
import { SCHEMA_VERSION } from './db-versions';
import { ApiError, isTransient } from './errors';
import { callParsed } from './http';
import { contextOf, photoOf, preparedArgs } from './kinds';
import { withReplayLock } from './lock';
import { getMeta, META, setMeta } from './meta';
import { countUnsent, readableEntry, rebase, userEntries } from './outbox';
import { type Answered, applyResults } from './outcomes';
import { photosOf, releasePhotos, waitsForPhoto } from './photos';
import { pull } from './pull';
import { currentLogin, type Login, loadSession, sameLogin } from './session';
import type { Store } from './store';
import { acknowledge, clientIdFor, takeMutationIds } from './sync-client';
import { markUpgradeRequired, upgradeRequired } from './upgrade-required';

export interface ReplayResult {
  sent: number;
  failed: number;
  remaining: number;
}

const passes = new WeakMap<Store, OneAtATime<ReplayResult>>();

/**
 * Pushes now. One pass at a time, none lost: a call while a pass runs is owed one that starts
 * after it (oneAtATime). Every caller waits until the passes asked meanwhile are done too, and
 * is answered their sum (`remaining`: the last one's).
 */
export async function replayOutbox(store: Store): Promise<ReplayResult> {
  let runs = passes.get(store);
  if (!runs) {
    runs = oneAtATime(() => replayLocked(store));
    passes.set(store, runs);
  }
  const total: ReplayResult = { sent: 0, failed: 0, remaining: 0 };
  for (let pass: Promise<ReplayResult> | null = runs.run(); pass; pass = runs.pending()) {
    const r = await pass;
    total.sent += r.sent;
    total.failed += r.failed;
    total.remaining = r.remaining;
  }
  return total;
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
    let bytes = 0;
    for (const e of await userEntries(db, user)) {
      if (batch.length >= max) break;
      if (e.state === 'failed') continue;
      if (!readableEntry(e)) {
        // Written in a format this code cannot send (another release): the user discards it.
        await db.outbox.update(e.key, unreadable);
        continue;
      }
      if (waitsForPhoto(store.mutators, e, photos, store.now())) continue;
      // Held for its Undo: it and everything behind it wait (send order is kept).
      if (isHeld(e, store.now())) {
        if (batch.length === 0) return { batch: [], notBefore: dueAt(e.holdUntil ?? 0, store.now()) };
        break;
      }
      // Under the server's body limit: the rest goes in the next push (at least one always goes;
      // one too large alone is answered 413 and refused as such).
      const size = utf8.encode(JSON.stringify(e.args)).length;
      if (batch.length > 0 && bytes + size > PUSH_BATCH_BYTES) break;
      bytes += size;
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
        const photo = photoOf(store.mutators, e);
        e.args = preparedArgs(store.mutators, e, { photoUrl: (photo && photos.get(photo)?.url) || null });
      }
      e.state = 'sending';
    }
    await db.outbox.bulkPut(batch);
    return { batch, notBefore: null };
  });
}

const utf8 = new TextEncoder();

const unreadable = {
  state: 'failed',
  failingSince: null,
  ...NOT_FAILING,
  lastError: ERRORS['outbox/unreadable'].message,
  lastErrorCode: 'outbox/unreadable',
} as const satisfies Partial<OutboxEntry>;

type Outcome = { kind: 'answered'; answer: PushResponse } | { kind: 'stop' } | { kind: 'smaller' };

/** `asked`: the login the push was sent under (a 401 for an earlier login says nothing now). */
async function send(store: Store, clientId: string, batch: OutboxEntry[], asked: Login): Promise<Outcome> {
  const mutations = batch.map((e) => ({
    id: e.mutationId ?? 0,
    kind: e.kind,
    args: e.args,
    ...(e.idempotencyKey ? { idempotencyKey: e.idempotencyKey } : {}),
  }));
  try {
    const answer = await callParsed(store.http, 'POST', '/api/sync/push', pushResponseSchema, {
      json: {
        clientId,
        user: asked.user,
        protocol: SYNC_PROTOCOL,
        schema: SCHEMA_VERSION,
        mutations,
      },
    });
    if ((answer.protocol ?? 1) > SYNC_PROTOCOL) {
      // A newer server's answer: this code may misread it. The next push (after a reload) asks again.
      await requeue(store, batch, null);
      markUpgradeRequired(store.db);
      return { kind: 'stop' };
    }
    return { kind: 'answered', answer };
  } catch (err) {
    if (err instanceof ApiError && err.code === ('sync/upgrade-required' satisfies ErrorCode)) {
      await requeue(store, batch, null);
      markUpgradeRequired(store.db);
      return { kind: 'stop' };
    }
    if (err instanceof ApiError && err.status === 401) {
      await requeue(store, batch, null);
      // Only the session it was sent under has ended: if the user signed in again while it was
      // on its way, the new session's queue must not wait for yet another login.
      if (await sameLogin(store, asked)) await setMeta(store.db, META.authBlockedFor, asked.user);
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

/**
 * The answer to `batch` could not be stored (a full disk, most often): the entries wait with a
 * growing back-off, not pushed again at every tick, and show as stuck at once with the reason.
 * Their mutation ids stay: once space is freed the next push is answered from the server's
 * stored results, and nothing is applied twice.
 */
/** A full disk does not free itself in a second: the shortest wait before such a batch goes again. */
const STORAGE_RETRY_MS = 60_000;

async function holdUnstored(store: Store, batch: OutboxEntry[], err: unknown): Promise<void> {
  const { db } = store;
  const now = store.now();
  const full = err instanceof Error && /quota/i.test(`${err.name} ${err.message} ${String(err.cause ?? '')}`);
  const inner = (err as { inner?: unknown } | null)?.inner;
  const quota = full || (inner instanceof Error && inner.name === 'QuotaExceededError');
  await db.transaction('rw', db.outbox, async () => {
    for (const e of batch) {
      const current = await db.outbox.get(e.key);
      if (!current || current.state === 'failed' || current.mutationId !== e.mutationId) continue;
      const attempts = current.attempts + 1;
      await db.outbox.update(e.key, {
        state: 'queued',
        attempts,
        nextAttemptAt: now + Math.max(STORAGE_RETRY_MS, retryWaitMs(attempts, store.random(), null)),
        failingSince: current.failingSince ?? now,
        failingForMs: Math.max(current.failingForMs ?? 0, STUCK_AFTER_MS),
        lastAttemptAt: now,
        lastError: quota || !(err instanceof Error) ? ERRORS['storage/full'].message : err.message,
        lastErrorCode: 'storage/full',
      });
    }
  });
}

/** Step 3: the answers, the entries and the rows, in one transaction. */
async function applyAnswer(
  store: Store,
  asked: Login,
  clientId: string,
  batch: OutboxEntry[],
  answer: PushResponse,
): Promise<{ sent: number; failed: number }> {
  const { db } = store;
  const { user } = asked;
  const counts = { sent: 0, failed: 0 };
  const unanswered: OutboxEntry[] = [];
  await db.transaction('rw', mutationTables(db), async () => {
    // Rows are the session's that asked: if it ended meanwhile (someone else signed in, or the
    // same user logged out and in again), touch only entries.
    const sameSession = await sameLogin(store, asked);
    const ctx = contextOf(store);
    const byId = new Map(answer.results.map((r) => [r.id, r]));
    // Read and drop in bulk: a request or two for the whole batch (bulk.ts), not one per entry.
    const currents = await getMany(
      db.outbox,
      batch.map((e) => e.key),
    );
    const answered: Answered[] = [];
    for (const [i, e] of batch.entries()) {
      const result = byId.get(e.mutationId ?? 0);
      const current = currents[i];
      // Gone, refused already, or numbered anew by a Retry: a pull's results settled it first.
      const settledBefore = !current || current.mutationId !== e.mutationId || current.state === 'failed';
      if (!result) {
        if (!settledBefore) unanswered.push(current);
        continue;
      }
      if (settledBefore) {
        counts[result.ok ? 'sent' : 'failed'] += 1;
        continue;
      }
      answered.push({ entry: current, result });
    }
    // The whole batch's answers at once: settled by kind in runs, refusals written in bulk.
    const outcomes = await applyResults(ctx, answered, sameSession);
    const drops: string[] = [];
    let rebaseAfter = false;
    for (const [i, applied] of outcomes.entries()) {
      counts[applied.outcome] += 1;
      const entry = answered[i]?.entry;
      if (applied.drop && entry) drops.push(entry.key);
      rebaseAfter ||= applied.rebase;
    }
    await deleteMany(db.outbox, drops);
    if (rebaseAfter) await rebase(ctx, user);
    // Photos of applied entries are no longer needed, unless another entry of the user's needs one.
    if (drops.length && batch.some((e) => photoOf(store.mutators, e) !== null))
      await releasePhotos(store, user);
    await acknowledge(db, clientId, answer.lastMutationId);
  });
  // Mutations after a transient failure got no answer: they wait, the head backs off (as long as
  // the answer's Retry-After says, when a rate held them).
  if (unanswered.length) {
    const wait = answer.retryAfter;
    const err =
      wait === undefined
        ? new Error('The server could not apply this change yet.')
        : new ApiError(429, 'Waiting for the rate limit', 'sync/held', wait * 1000);
    await requeue(store, unanswered, err);
  }
  return counts;
}

async function drain(store: Store, renew: () => Promise<void>): Promise<ReplayResult> {
  const asked = await currentLogin(store);
  const counts = { sent: 0, failed: 0 };
  if (
    !asked ||
    upgradeRequired(store.db) ||
    (await getMeta<string>(store.db, META.authBlockedFor)) === asked.user
  ) {
    return { ...counts, remaining: await countQueued(store) };
  }
  const { user } = asked;
  const clientId = await store.db.transaction('rw', store.db.meta, () => clientIdFor(store.db, user));
  let max = PUSH_BATCH_MAX;
  let stopped = false;
  for (;;) {
    // Bound to the session that started: a change of session ends the pass.
    if (!(await sameLogin(store, asked)) || upgradeRequired(store.db)) {
      stopped = true;
      break;
    }
    await renew();
    const { batch, notBefore } = await prepareBatch(store, user, clientId, max);
    if (batch.length === 0) {
      stopped = notBefore !== null;
      break;
    }
    const outcome = await send(store, clientId, batch, asked);
    if (outcome.kind === 'stop') {
      stopped = true;
      break;
    }
    if (outcome.kind === 'smaller') {
      max = 1;
      continue;
    }
    let step: { sent: number; failed: number };
    try {
      step = await applyAnswer(store, asked, clientId, batch, outcome.answer);
    } catch (err) {
      // The server applied them; this device could not store the answer (storage full).
      await holdUnstored(store, batch, err);
      stopped = true;
      break;
    }
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
