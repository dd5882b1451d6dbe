// The puller: GET /api/sync/pull, applied in one transaction. Steps:
//   1. drop an answer for another user than the one signed in now, or one older than an
//      acknowledgement we already hold (its lastMutationId is below ours): it would revert it;
//   2. bring the user's listings, bookings, orders and profile to the server's: a patch (only
//      the rows changed since the state our cookie names) is put and deleted row by row, a whole
//      snapshot replaces them; nothing when the cookie says nothing changed;
//   3. drop the entries the server has applied (their answers were lost on the way);
//   4. rebase: apply the remaining entries again on top of the new rows.
import type { ErrorCode } from '@/domain/errors';
import { type PullResponse, pullResponseSchema } from '@/domain/sync/protocol';
import { mutationTables, type OrderRow } from './db';
import { ApiError } from './errors';
import { callParsed } from './http';
import { META, setMeta } from './meta';
import { rebase } from './outbox';
import { loadSession } from './session';
import type { Store } from './store';
import { ackedMutationId, acknowledge, clientIdFor, pullCookie, setPullCookie } from './sync-client';

export type PullOutcome = 'applied' | 'unchanged' | 'stale' | 'other-user' | 'signed-out';

const inFlight = new WeakMap<Store, Promise<PullOutcome>>();

/** Pulls now; callers at the same time share one request. */
export function pull(store: Store): Promise<PullOutcome> {
  const running = inFlight.get(store);
  if (running) return running;
  const p = pullNow(store).finally(() => inFlight.delete(store));
  inFlight.set(store, p);
  return p;
}

const synced = { syncState: 'synced', syncError: null, outboxKey: null } as const;

async function pullNow(store: Store): Promise<PullOutcome> {
  const { db } = store;
  const user = (await loadSession(store))?.email;
  if (!user) return 'signed-out';
  const clientId = await db.transaction('rw', db.meta, () => clientIdFor(db, user));
  const cookie = await pullCookie(db, clientId);
  const query = new URLSearchParams({ clientId, user, diff: '1', ...(cookie ? { cookie } : {}) });
  try {
    const res = await callParsed(store.http, 'GET', `/api/sync/pull?${query}`, pullResponseSchema);
    return await applyPull(store, user, clientId, res);
  } catch (err) {
    // The cookie is someone else's now (another tab signed in): nothing to apply for this user.
    if (err instanceof ApiError && err.code === ('sync/client-mismatch' satisfies ErrorCode))
      return 'other-user';
    throw err;
  }
}

/** Applies a pull answer for `user` (exported for the benchmark and tests). */
export async function applyPull(
  store: Store,
  user: string,
  clientId: string,
  res: PullResponse,
): Promise<PullOutcome> {
  const { db } = store;
  return db.transaction('rw', mutationTables(db), async () => {
    // Step 1.
    const now = (await loadSession(store))?.email;
    if (now !== user || res.user !== user) return 'other-user';
    if (res.lastMutationId < (await ackedMutationId(db, clientId))) return 'stale';
    // Step 2.
    const { snapshot: snap, patch } = res;
    if (snap) {
      await db.listings.clear();
      await db.listings.bulkPut(snap.listings.map((r) => ({ ...r, ...synced })));
      await db.bookings.clear();
      await db.bookings.bulkPut(snap.bookings.map((r): OrderRow => ({ ...r, ...synced })));
      await db.orders.clear();
      await db.orders.bulkPut(snap.orders.map((r): OrderRow => ({ ...r, ...synced })));
      if (snap.profile) await db.profile.put({ ...snap.profile, email: user, fetchedAt: store.now() });
    } else if (patch) {
      await db.listings.bulkDelete(patch.listings.del);
      await db.listings.bulkPut(patch.listings.put.map((r) => ({ ...r, ...synced })));
      await db.bookings.bulkDelete(patch.bookings.del);
      await db.bookings.bulkPut(patch.bookings.put.map((r): OrderRow => ({ ...r, ...synced })));
      await db.orders.bulkDelete(patch.orders.del);
      await db.orders.bulkPut(patch.orders.put.map((r): OrderRow => ({ ...r, ...synced })));
      if (patch.profile) await db.profile.put({ ...patch.profile, email: user, fetchedAt: store.now() });
    }
    const changed = Boolean(snap ?? patch);
    if (changed)
      for (const c of ['listings', 'bookings', 'orders', 'profile'])
        await setMeta(db, META.syncedAt(c), store.now());
    await setPullCookie(db, clientId, res.cookie);
    // Step 3.
    const applied = await db.outbox
      .where('user')
      .equals(user)
      .filter((e) => e.state !== 'failed' && e.mutationId !== null && e.mutationId <= res.lastMutationId)
      .primaryKeys();
    await db.outbox.bulkDelete(applied);
    await acknowledge(db, clientId, res.lastMutationId);
    // Step 4.
    if (changed || applied.length) await rebase({ db, now: store.now() }, user);
    return changed ? 'applied' : 'unchanged';
  });
}
