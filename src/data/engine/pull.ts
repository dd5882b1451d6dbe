// The puller: GET /api/sync/pull, applied in one transaction. The request names this code's
// protocol and schema version, the cookie of the state the device holds and the highest mutation
// id whose answer it holds (`acked`); the answer brings the rows and the stored results above
// that id. Steps:
//   1. drop an answer asked for another session than the one signed in now (another user, or
//      the same user after a logout and login: the session generation, captured when the pull
//      started), one older than an acknowledgement we already hold (it would revert it), or one
//      overtaken by another tab's pull applied meanwhile (the stored cookie is no longer the one
//      this pull sent: compare-and-set), which is then asked again;
//   2. settle the entries the server has applied (id at or below its lastMutationId) with their
//      results, through the push answer's own path (outcomes.ts): applied -> dropped and
//      confirmed; refused -> failed with the server's message, for Retry and Discard (or dealt
//      with by the kind, a wrong hand-off code). An entry is dropped only when its outcome is
//      known; a result gone with the retention is an acknowledgement ("applied long ago");
//   3. bring the user's listings, bookings, orders, profile, watched routes, messages and read
//      state to the server's: a patch (only the rows changed since the state our cookie names) is
//      put and deleted row by row (a row already stored as the patch has it, such as one the
//      push's answer just confirmed, is not written again: bulk.ts putChanged), a whole snapshot
//      replaces them (the rows it lacks go, the same rule for the rest: replaceAll); nothing when
//      the cookie says nothing changed;
//   4. rebase: apply the remaining entries again on top of the new rows.
// A 426 sync/upgrade-required, or an answer in a newer protocol, stops syncing (upgrade-required.ts).
import type { ErrorCode } from '@/domain/errors';
import { type OneAtATime, oneAtATime } from '@/domain/one-at-a-time';
import {
  type PullResponse,
  type PushResult,
  pullResponseSchema,
  SYNC_PROTOCOL,
} from '@/domain/sync/protocol';
import { deleteMany, putChanged, replaceAll } from './bulk';
import { mutationTables } from './db';
import { SCHEMA_VERSION } from './db-versions';
import { ApiError } from './errors';
import { callParsed } from './http';
import { contextOf } from './kinds';
import { META, setMeta } from './meta';
import { rebase } from './outbox';
import { applyResults } from './outcomes';
import { currentLogin, loginSince } from './session';
import type { Store } from './store';
import { ackedMutationId, acknowledge, clientIdFor, pullCookie, setPullCookie } from './sync-client';
import type { OrderRow } from './tables';
import { markUpgradeRequired, upgradeRequired } from './upgrade-required';

export type PullOutcome =
  | 'applied'
  | 'unchanged'
  | 'stale'
  | 'other-user'
  | 'signed-out'
  | 'ended'
  | 'upgrade-required';

const pulls = new WeakMap<Store, OneAtATime<PullOutcome>>();

/**
 * Pulls, with a request that starts after this call: a caller is owed what was committed before
 * it asked (a poke, a push's answer). One request at a time: while one is in flight, callers
 * share one more that starts when it ends (the one in flight may have read before their commit).
 * `joinRunning`: any pull from now on will do (a screen opening, a loader's preload): the one in
 * flight is shared, with no request more.
 */
export function pull(store: Store, options: { joinRunning?: boolean } = {}): Promise<PullOutcome> {
  let runs = pulls.get(store);
  if (!runs) {
    runs = oneAtATime(() => pullNow(store));
    pulls.set(store, runs);
  }
  return options.joinRunning ? runs.join() : runs.run();
}

const synced = { syncState: 'synced', syncError: null, outboxKey: null } as const;

/** Answers overtaken by another tab's pull are asked again, at most this many times in a row. */
const OVERTAKEN_RETRIES = 3;

async function pullNow(store: Store): Promise<PullOutcome> {
  for (let i = 0; ; i += 1) {
    const outcome = await pullOnce(store);
    // Another tab (or the service worker) applied a pull while this one was on its way: this
    // answer was dropped, and the caller is still owed a state read after it asked.
    if (outcome !== 'overtaken') return outcome;
    if (i + 1 >= OVERTAKEN_RETRIES) return 'stale';
  }
}

async function pullOnce(store: Store): Promise<PullOutcome | 'overtaken'> {
  const { db } = store;
  if (upgradeRequired(db)) return 'upgrade-required';
  const login = await currentLogin(store);
  if (!login) return 'signed-out';
  const { user, generation } = login;
  const clientId = await db.transaction('rw', db.meta, () => clientIdFor(db, user));
  const cookie = await pullCookie(db, clientId);
  const acked = await ackedMutationId(db, clientId);
  const query = new URLSearchParams({
    clientId,
    user,
    diff: '1',
    acked: String(acked),
    protocol: String(SYNC_PROTOCOL),
    schema: String(SCHEMA_VERSION),
    ...(cookie ? { cookie } : {}),
  });
  try {
    const res = await callParsed(store.http, 'GET', `/api/sync/pull?${query}`, pullResponseSchema);
    return await applyPull(store, user, clientId, res, { generation, cookie: cookie ?? null });
  } catch (err) {
    // The cookie is someone else's now (another tab signed in): nothing to apply for this user.
    if (err instanceof ApiError && err.code === ('sync/client-mismatch' satisfies ErrorCode))
      return 'other-user';
    if (err instanceof ApiError && err.code === ('sync/upgrade-required' satisfies ErrorCode)) {
      markUpgradeRequired(db);
      return 'upgrade-required';
    }
    throw err;
  }
}

/** An applied mutation whose stored answer the server no longer keeps (docs/api.md, "Sync results"). */
const appliedLongAgo = (id: number): PushResult => ({ id, ok: true, body: {} });

/**
 * Applies a pull answer for `user` (exported for the benchmark and tests). `asked.generation`
 * is the session generation when the pull was asked; without it, only the user is checked.
 * `asked.cookie`: the cookie the pull sent (null: none). When the stored cookie is no longer
 * that one, another pull has been applied since this one was asked, and this answer may be
 * older than what the device holds: it is dropped ('overtaken'), never applied over it, so the
 * stored cookie never goes back and the screen never flips back to an older state.
 */
export async function applyPull(
  store: Store,
  user: string,
  clientId: string,
  res: PullResponse,
  asked: { generation?: string | null; cookie?: string | null } = {},
): Promise<PullOutcome | 'overtaken'> {
  const { db } = store;
  if ((res.protocol ?? 1) > SYNC_PROTOCOL) {
    markUpgradeRequired(db);
    return 'upgrade-required';
  }
  return db.transaction('rw', mutationTables(db), async () => {
    // Step 1.
    const since = await loginSince(store, { user, generation: asked.generation ?? null });
    if (since === 'other-user' || res.user !== user) return 'other-user';
    if (since === 'ended' && asked.generation !== undefined) return 'ended';
    if (res.lastMutationId < (await ackedMutationId(db, clientId))) return 'stale';
    if (asked.cookie !== undefined && ((await pullCookie(db, clientId)) ?? null) !== asked.cookie)
      return 'overtaken';
    const ctx = contextOf(store);
    // Step 2. An older server sends no results: what it applied is simply acknowledged.
    const results = new Map((res.results ?? []).map((r) => [r.id, r]));
    const settled = await db.outbox
      .where('user')
      .equals(user)
      .filter((e) => e.state !== 'failed' && e.mutationId != null && e.mutationId <= res.lastMutationId)
      .toArray();
    // All in one call, as a push's answer is: one call per entry awaited natively between entries
    // whose settling asks IndexedDB nothing (31 messages whose answers the server had cleaned up),
    // and the transaction lost its zone and committed early (PrematureCommitError).
    const applied = await applyResults(
      ctx,
      settled.map((entry) => {
        const id = entry.mutationId ?? 0;
        return { entry, result: results.get(id) ?? appliedLongAgo(id) };
      }),
      true,
    );
    await deleteMany(
      db.outbox,
      settled.filter((_, i) => applied[i]?.drop).map((e) => e.key),
    );
    await acknowledge(db, clientId, res.lastMutationId);
    // Step 3.
    const { snapshot: snap, patch } = res;
    if (snap) {
      await replaceAll(
        db.listings,
        snap.listings.map((r) => ({ ...r, ...synced })),
      );
      await replaceAll(
        db.bookings,
        snap.bookings.map((r): OrderRow => ({ ...r, ...synced })),
      );
      await replaceAll(
        db.orders,
        snap.orders.map((r): OrderRow => ({ ...r, ...synced })),
      );
      if (snap.profile) await db.profile.put({ ...snap.profile, email: user, fetchedAt: store.now() });
      // An older server sends no watched routes: the mirror keeps what it had.
      if (snap.watches) {
        await replaceAll(
          db.watches,
          snap.watches.map((r) => ({ ...r, ...synced })),
        );
      }
      if (snap.watched) {
        await replaceAll(db.watched, snap.watched);
      }
      // A server before messages sends none: what the device has stays.
      if (snap.messages) {
        await replaceAll(
          db.messages,
          snap.messages.map((r) => ({ ...r, ...synced })),
        );
      }
      if (snap.reads) {
        await replaceAll(
          db.reads,
          snap.reads.map((r) => ({ ...r, ...synced })),
        );
      }
      // A server before courier requests sends none: what the device has stays.
      if (snap.couriers) {
        await replaceAll(
          db.couriers,
          snap.couriers.map((r) => ({ ...r, ...synced })),
        );
      }
    } else if (patch) {
      await deleteMany(db.listings, patch.listings.del);
      await putChanged(
        db.listings,
        patch.listings.put.map((r) => ({ ...r, ...synced })),
      );
      await deleteMany(db.bookings, patch.bookings.del);
      await putChanged(
        db.bookings,
        patch.bookings.put.map((r): OrderRow => ({ ...r, ...synced })),
      );
      await deleteMany(db.orders, patch.orders.del);
      await putChanged(
        db.orders,
        patch.orders.put.map((r): OrderRow => ({ ...r, ...synced })),
      );
      if (patch.profile) await db.profile.put({ ...patch.profile, email: user, fetchedAt: store.now() });
      if (patch.watches) {
        await deleteMany(db.watches, patch.watches.del);
        await putChanged(
          db.watches,
          patch.watches.put.map((r) => ({ ...r, ...synced })),
        );
      }
      if (patch.watched) {
        await deleteMany(db.watched, patch.watched.del);
        await putChanged(db.watched, patch.watched.put);
      }
      if (patch.messages) {
        await deleteMany(db.messages, patch.messages.del);
        await putChanged(
          db.messages,
          patch.messages.put.map((r) => ({ ...r, ...synced })),
        );
      }
      if (patch.reads) {
        await deleteMany(db.reads, patch.reads.del);
        await putChanged(
          db.reads,
          patch.reads.put.map((r) => ({ ...r, ...synced })),
        );
      }
      if (patch.couriers) {
        await deleteMany(db.couriers, patch.couriers.del);
        await putChanged(
          db.couriers,
          patch.couriers.put.map((r) => ({ ...r, ...synced })),
        );
      }
    }
    // The server has just said what the watched routes hold, changed or not.
    await setMeta(db, META.watchedAsOf, store.now());
    if (res.rules) await setMeta(db, META.serverRules, res.rules);
    const changed = Boolean(snap ?? patch);
    if (changed)
      for (const c of [
        'listings',
        'bookings',
        'orders',
        'profile',
        'watches',
        'watched',
        'messages',
        'couriers',
      ])
        await setMeta(db, META.syncedAt(c), store.now());
    await setPullCookie(db, clientId, res.cookie);
    // Step 4.
    if (changed || settled.length) await rebase(ctx, user);
    return changed ? 'applied' : 'unchanged';
  });
}
