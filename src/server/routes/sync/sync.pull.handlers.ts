// GET /api/sync/pull: in one repeatable-read snapshot, the client's last-applied id, the stored
// results above the id it acknowledged (`acked`: an answer a push lost reaches the client with the
// next pull, whichever arrives first), and the user's rows, with a cookie naming that state
// (db/sync-cookie.ts). Reads cost what changed, not what the user has:
//   1. a cookie this server can read names a change-log version (and the transactions running
//      then); the user's change-log entries above it (migration 0016: one per row the user sees,
//      upserted by the writer's own transaction) are read through the (user, version) index;
//   2. none: the state is unchanged (snapshot and patch null, the same cookie back);
//   3. some, and the client asked for a diff (`diff=1`): only those rows, read by id through each
//      collection's loader (sync.collections.ts); an id the user no longer sees is deleted;
//   4. anything else (no cookie, an unreadable one, one below the user's floor of pruned
//      tombstones, or a client without diff=1 when something changed): the whole snapshot.
// The same cookie sent again (its answer was lost) gets a patch of everything changed since it.
import {
  type PullPatch,
  type PullSnapshot,
  type pullQuerySchema,
  SYNC_PROTOCOL,
} from '@/domain/sync/protocol';
import { requireUser } from '../../auth/guard';
import type { Db } from '../../db/client';
import { formatCookie, givenCookie, presentedCookie } from '../../db/sync-cookie';
import type { Deps } from '../../deps';
import { ApiError } from '../../http/errors';
import type { QueryContext } from '../../http/validate';
import { pullStateOf } from '../../model/sync.pull-state';
import { resultsBetween } from '../../model/sync.results';
import { dropAckedResults } from '../../model/sync.retention';
import { COLLECTIONS, loadProfile, PROFILE, ROW_COLLECTIONS } from './sync.collections';
import { requireProtocol, storedResult } from './sync.protocol';

/** The rows behind changed entries: put what the user sees, delete what they no longer do. */
async function patchOf(
  db: Db,
  userId: string,
  changed: { collection: string; row_id: string }[],
  nowMs: number,
) {
  const ids = new Map<string, string[]>();
  for (const c of changed) {
    const list = ids.get(c.collection);
    if (list) list.push(c.row_id);
    else ids.set(c.collection, [c.row_id]);
  }
  const patch = {
    listings: { put: [], del: [] },
    bookings: { put: [], del: [] },
    orders: { put: [], del: [] },
    watches: { put: [], del: [] },
    watched: { put: [], del: [] },
    messages: { put: [], del: [] },
    reads: { put: [], del: [] },
    couriers: { put: [], del: [] },
  } as PullPatch;
  for (const name of ROW_COLLECTIONS) {
    const wanted = ids.get(name);
    if (!wanted?.length) continue;
    const rows: { id: string }[] = await COLLECTIONS[name].byIds(db, userId, wanted, nowMs);
    const seen = new Set(rows.map((r) => r.id));
    (patch[name] as { put: unknown[]; del: string[] }) = {
      put: rows,
      del: wanted.filter((id) => !seen.has(id)),
    };
  }
  if (ids.has(PROFILE)) patch.profile = await loadProfile(db, userId);
  // A collection this code does not know (a later release's trigger, while processes of two
  // releases serve together) has no place in this protocol's patch: it is left out.
  return patch;
}

async function snapshotOf(db: Db, userId: string, nowMs: number): Promise<PullSnapshot> {
  const [listings, bookings, orders, profile, watches, watched, messages, reads, couriers] =
    await Promise.all([
      COLLECTIONS.listings.snapshot(db, userId, nowMs),
      COLLECTIONS.bookings.snapshot(db, userId, nowMs),
      COLLECTIONS.orders.snapshot(db, userId, nowMs),
      loadProfile(db, userId),
      COLLECTIONS.watches.snapshot(db, userId, nowMs),
      COLLECTIONS.watched.snapshot(db, userId, nowMs),
      COLLECTIONS.messages.snapshot(db, userId, nowMs),
      COLLECTIONS.reads.snapshot(db, userId, nowMs),
      COLLECTIONS.couriers.snapshot(db, userId, nowMs),
    ]);
  return { listings, bookings, orders, profile, watches, watched, messages, reads, couriers };
}

const HOUR_MS = 60 * 60 * 1000;

/** Behind signedIn, refuseForeignPulls and queryOf(pullQuerySchema) (sync.index.ts), in that order. */
export async function pull(c: QueryContext<typeof pullQuerySchema>, deps: Deps) {
  const user = requireUser(c);
  const { clientId, user: expected, cookie, diff, acked, protocol } = c.req.valid('query');
  await requireProtocol(protocol, deps.db, clientId);
  if (expected !== undefined && expected.trim().toLowerCase() !== user.email)
    throw new ApiError('sync/client-mismatch');
  const wantsPatch = diff === '1';
  // A cookie a tab of the first release stored is read by protocol-1 pulls only.
  const asked = presentedCookie(protocol ?? 1, cookie);
  const nowMs = deps.clock.now();
  const answer = await deps.db.transaction(
    async (tx) => {
      const db: Db = tx;
      // The last-applied id is read in the same snapshot as the rows: they agree.
      const state = await pullStateOf(db, clientId, user.id, asked);
      if (state.clientUser !== null && state.clientUser !== user.id)
        throw new ApiError('sync/client-mismatch');
      const last = state.last;
      const results =
        acked !== undefined && acked < last ? await resultsBetween(db, clientId, acked, last) : [];
      // A cookie below the floor may miss a pruned deletion; one above the top is not this user's.
      const usable = asked !== null && asked.version >= state.floor && asked.version <= state.top;
      const { changed } = state;
      const rows =
        !usable || (changed.length > 0 && !wantsPatch)
          ? { snapshot: await snapshotOf(db, user.id, nowMs), patch: null }
          : changed.length === 0
            ? { snapshot: null, patch: null }
            : { snapshot: null, patch: await patchOf(db, user.id, changed, nowMs) };
      return {
        lastMutationId: last,
        results: results.map((r) => storedResult(r.mutationId, r.ok, r.body)),
        // Unchanged: the same cookie, so a client in step keeps the value it holds.
        cookie:
          rows.snapshot || rows.patch
            ? givenCookie(protocol ?? 1, formatCookie(state.top, state.running, state.xmin))
            : (cookie ?? ''),
        ...rows,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  // What the device acknowledged it holds is not kept for it any longer (model/sync.retention.ts).
  if (acked !== undefined && acked > 0) await dropAckedResults(deps.db, clientId, acked);
  return c.json({
    protocol: SYNC_PROTOCOL,
    user: user.email,
    lastMutationId: answer.lastMutationId,
    cookie: answer.cookie,
    ...(acked !== undefined ? { results: answer.results } : {}),
    snapshot: answer.snapshot,
    patch: answer.patch,
    rules: { cancelCutoffHours: deps.config.cancelCutoffMs / HOUR_MS },
  });
}
