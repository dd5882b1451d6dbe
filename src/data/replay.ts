// The replayer, shared by the page and the service worker: sends the signed-in user's outbox in
// order under one lock. Network trouble backs off; a refusal fails only its entry; a 401 parks
// the queue until the same user logs in again.
import type { OutboxEntry, OutboxKind } from '@/domain/outbox/entry';
import { backoffMs } from '@/domain/outbox/entry';
import { refreshCarrierOrders, refreshMyBookings } from './bookings';
import { ApiError, isTransient } from './errors';
import { refreshMyListings } from './listings';
import { withReplayLock } from './lock';
import { getMeta, META, setMeta } from './meta';
import { countSendable, nextEntry } from './outbox';
import { applySuccess, markFailed, sendEntry } from './replay-send';
import { loadSession } from './session';
import type { Store } from './store';

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

/** Replays now; a call while a pass runs joins it and makes it run once more at the end. */
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
  return countSendable(store, user);
}

type Step = 'sent' | 'failed' | 'stop';

async function drain(store: Store, renew: () => Promise<void>): Promise<ReplayResult> {
  const user = (await loadSession(store))?.email;
  const counts = { sent: 0, failed: 0 };
  if (!user || (await getMeta<string>(store.db, META.authBlockedFor)) === user) {
    return { ...counts, remaining: await countQueued(store) };
  }
  const acknowledged = new Set<OutboxKind>();
  let stopped = false;
  for (;;) {
    // Oldest first; an entry still backing off holds the ones behind it, to keep their order.
    // Read fresh each time: a Retry, Discard or the online event may change the queue mid-pass.
    const entry = await nextEntry(store, user);
    if (!entry) break;
    if (entry.nextAttemptAt > store.now()) {
      stopped = true;
      break;
    }
    await renew();
    const step = await sendOne(store, entry);
    if (step === 'stop') {
      stopped = true;
      break;
    }
    counts[step] += 1;
    if (step === 'sent') acknowledged.add(entry.kind);
  }
  if (!stopped) await setMeta(store.db, META.lastSyncAt, store.now());
  await refreshAfter(store, acknowledged);
  return { ...counts, remaining: await countQueued(store) };
}

async function sendOne(store: Store, entry: OutboxEntry): Promise<Step> {
  // A 'sending' entry left by a crashed holder is simply sent again: the key makes it safe.
  await store.db.outbox.update(entry.key, { state: 'sending' });
  try {
    await applySuccess(store, entry, await sendEntry(store, entry));
    return 'sent';
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      await store.db.outbox.update(entry.key, { state: 'queued', lastError: err.serverMessage });
      await setMeta(store.db, META.authBlockedFor, entry.user);
      return 'stop';
    }
    if (err instanceof ApiError && !isTransient(err)) {
      await markFailed(store, entry, err.serverMessage);
      return 'failed';
    }
    // No response, 408, 429, 5xx, or an unexpected answer: try again later, same key.
    const attempts = entry.attempts + 1;
    await store.db.outbox.update(entry.key, {
      state: 'queued',
      attempts,
      nextAttemptAt: store.now() + backoffMs(attempts, store.random()),
      lastError: err instanceof Error ? err.message : String(err),
    });
    return 'stop';
  }
}

/** After acknowledged writes the mirrors pick up the server's own rows (best effort). */
async function refreshAfter(store: Store, kinds: ReadonlySet<OutboxKind>): Promise<void> {
  const jobs: Promise<void>[] = [];
  if (kinds.has('add-listing')) jobs.push(refreshMyListings(store));
  if (kinds.has('book')) jobs.push(refreshMyBookings(store));
  if (kinds.has('status-update')) jobs.push(refreshCarrierOrders(store));
  await Promise.allSettled(jobs);
}
