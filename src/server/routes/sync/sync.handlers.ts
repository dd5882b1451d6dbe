// The sync protocol's two calls. Both refuse a client protocol this server does not speak
// (426 sync/upgrade-required) and name their own in the answer.
// Push: a client's numbered mutations, applied in order under a lock on the client row. The
// batch is one transaction: a mutation's effect, the client's last-applied id and its answer
// commit together (or not at all), and one commit per batch keeps a long queue fast. It runs
// first with no savepoints; if any mutation throws, that run rolls back whole and the batch runs
// again with one savepoint per mutation (applyBatch). Steps per mutation:
//   1. an id at or below the client's last-applied id was applied before: answer what was stored
//      (or, once its answer is pruned after the retention, acknowledge it with an empty body);
//   2. a mutation carrying the Idempotency-Key an earlier release sent it under over REST gets
//      that key's stored answer and is not applied again; otherwise the key is claimed with it;
//   3. otherwise run the kind's mutator (in its savepoint, on the second run);
//   4. a refusal rolls back its savepoint and is recorded as applied-with-error; the batch goes
//      on. Refused means whatever the same arguments would raise again (sync.failures.ts): an
//      ApiError, a data exception, a constraint, any unexpected error (logged with kind and id);
//   5. only what a retry can pass (connection, serialisation, deadlock, lock wait) is transient:
//      stop; what was applied commits, the client sends the rest later.
// Pull: the user's rows and last-applied id read in one snapshot, with a cookie naming that
// state, and the stored results above the id the client says it acknowledged (`acked`): an
// answer a push lost reaches the client with the next pull, whichever arrives first.
import { createHash } from 'node:crypto';
import { and, asc, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import * as v from 'valibot';
import { isMutationKind } from '@/domain/sync/mutations';
import {
  clientIdSchema,
  type PullPatch,
  type PullSnapshot,
  type PushResult,
  pushRequestSchema,
  SYNC_PROTOCOL,
  speaksProtocol,
} from '@/domain/sync/protocol';
import { requireUser } from '../../auth/guard';
import type { Db, Tx } from '../../db/client';
import { syncClients, syncResults, syncViews } from '../../db/schema';
import type { AppEnv, Deps, SessionUser } from '../../deps';
import { parseJson, parseWith } from '../../http/body';
import { ApiError, errorResponse } from '../../http/errors';
import { claimIdempotencyKey, type Reply, storeIdempotentReply } from '../../http/idempotency';
import { runMutator } from '../../mutators';
import { ordersOf } from '../bookings/bookings.queries';
import { listingsOfUser } from '../listings/listings.queries';
import { profileOf } from '../profile/profile.index';
import { referenceIndex } from '../reference/reference.queries';
import { capClients, keepUserView, lockClient, overClientCap, refuseForeignPull, viewOf } from './pull-guard';
import { classifyFailure } from './sync.failures';

/** Seconds a client waits before pushing again when the server could not apply anything. */
const BUSY_RETRY_AFTER_S = 5;

/** 426 for a client protocol this server does not answer correctly: the client reloads. */
function requireProtocol(version: number | undefined): void {
  if (!speaksProtocol(version)) throw new ApiError('sync/upgrade-required');
}

const storedResult = (id: number, ok: boolean, body: unknown): PushResult => {
  const b = (body ?? {}) as Record<string, unknown>;
  return ok
    ? { id, ok: true, body: b }
    : { id, ok: false, code: String(b.code ?? 'request/invalid'), message: String(b.message ?? '') };
};

/**
 * The answer to a mutation applied before whose stored answer was pruned (older than the
 * retention, README "Sync results"): it was applied, so it is acknowledged and never run again;
 * its reply is gone, so the body is empty and the client's next pull brings the rows.
 */
const appliedLongAgo = (id: number): PushResult => ({ id, ok: true, body: {} });

/**
 * Deletes answers, and pull views, older than the retention period; main.ts runs it every hour.
 * A client that pulls after that gets its whole snapshot once. Returns the answers deleted.
 */
export async function pruneSyncResults(db: Db, nowMs: number, retentionMs: number): Promise<number> {
  const before = new Date(nowMs - retentionMs);
  await db.delete(syncViews).where(lt(syncViews.createdAt, before));
  const gone = await db
    .delete(syncResults)
    .where(lt(syncResults.createdAt, before))
    .returning({ one: sql`1` });
  return gone.length;
}

/** Thrown out of a batch run without savepoints, so its transaction rolls back and it runs again with them. */
class NeedsSavepoints extends Error {}

interface Batch {
  clientId: string;
  user: SessionUser;
  mutations: { id: number; kind: string; args: unknown; idempotencyKey?: string | undefined }[];
  deps: Deps;
  ref: Awaited<ReturnType<typeof referenceIndex>>;
}

/**
 * Steps 1-4 in one transaction. With `savepoints`, each mutation runs in its own, so a refusal
 * or a failure undoes exactly that mutation. Without, nothing may fail: the first throw of any
 * mutation becomes NeedsSavepoints, which rolls the whole transaction back for a run with them.
 * Almost every batch applies cleanly, and a savepoint is two statements per mutation (a third
 * of a drain's database work on PGlite), so the run without comes first.
 */
function applyBatch({ clientId, user, mutations, deps, ref }: Batch, savepoints: boolean) {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    // The client row's lock: pushes of one client run one after another, each seeing the last.
    const client = await lockClient(tx, clientId, user, clock.now());
    let last = client.lastMutationId;

    // Step 1's answers, read at once for every id the server has already applied.
    const seenIds = mutations.filter((m) => m.id <= last).map((m) => m.id);
    const stored = new Map<number, PushResult>();
    if (seenIds.length) {
      const rows = await tx
        .select()
        .from(syncResults)
        .where(and(eq(syncResults.clientId, clientId), inArray(syncResults.mutationId, seenIds)));
      for (const r of rows) stored.set(r.mutationId, storedResult(r.mutationId, r.ok, r.body));
    }

    const results: PushResult[] = [];
    const fresh: (typeof syncResults.$inferInsert)[] = [];
    const now = new Date(clock.now());
    const run = async (m: Batch['mutations'][number], t: Tx): Promise<Reply> => {
      if (!isMutationKind(m.kind)) {
        throw new ApiError('request/invalid', [{ path: 'kind', message: `Unknown mutation kind ${m.kind}` }]);
      }
      if (m.idempotencyKey === undefined) return runMutator({ tx: t, user, deps, ref }, m.kind, m.args);
      // Step 2: sent before over REST under this key (an earlier release): its answer stands.
      const claim = await claimIdempotencyKey(t, deps, user.id, m.idempotencyKey, null);
      if (claim.stored) return claim.stored;
      const reply = await runMutator({ tx: t, user, deps, ref }, m.kind, m.args);
      await storeIdempotentReply(t, user.id, m.idempotencyKey, reply);
      return reply;
    };
    for (const m of mutations) {
      if (m.id <= last) {
        results.push(stored.get(m.id) ?? appliedLongAgo(m.id));
        continue;
      }
      try {
        // Step 2: with savepoints, its own, so a refusal undoes exactly this mutation's effect.
        const reply = savepoints ? await tx.transaction((sp) => run(m, sp)) : await run(m, tx);
        if (reply.status >= 400) {
          // A refusal that must keep its effect (a wrong hand-off code is counted) comes back as
          // a 4xx reply rather than thrown: its effect stands, and it is recorded as refused.
          const answer = { code: String(reply.body.code ?? ''), message: String(reply.body.message ?? '') };
          results.push({ id: m.id, ok: false, ...answer });
          fresh.push({ clientId, mutationId: m.id, ok: false, body: answer, createdAt: now });
        } else {
          results.push({ id: m.id, ok: true, body: reply.body });
          fresh.push({ clientId, mutationId: m.id, ok: true, body: reply.body, createdAt: now });
        }
      } catch (err) {
        if (!savepoints) throw new NeedsSavepoints();
        const failure = classifyFailure(err, m.kind);
        if (failure.unexpected)
          deps.config.log({
            level: 'error',
            msg: 'push mutation failed',
            kind: m.kind,
            mutationId: m.id,
            clientId,
            outcome: failure.kind,
            error: err instanceof Error ? err.message : String(err),
          });
        // Step 5: not the mutation's fault; what is done so far commits, the rest waits.
        if (failure.kind === 'transient') break;
        // Step 4: applied-with-error, so it never blocks the mutations behind it.
        const answer = { code: failure.error.code, message: failure.error.message };
        results.push({ id: m.id, ok: false, ...answer });
        fresh.push({ clientId, mutationId: m.id, ok: false, body: answer, createdAt: now });
      }
      last = m.id;
    }
    // The new last-applied id and the answers commit with the effects, in this transaction.
    if (fresh.length) {
      await tx
        .update(syncClients)
        .set({ lastMutationId: last, updatedAt: now })
        .where(eq(syncClients.id, clientId));
      await tx.insert(syncResults).values(fresh);
    }
    return { last, results };
  });
}

export async function push(c: Context<AppEnv>, deps: Deps) {
  const user = requireUser(c);
  const { clientId, user: queuedFor, mutations, protocol } = await parseJson(c, pushRequestSchema);
  requireProtocol(protocol);
  if (queuedFor.trim().toLowerCase() !== user.email) throw new ApiError('sync/client-mismatch');
  const batch: Batch = { clientId, user, mutations, deps, ref: await referenceIndex(deps.db) };
  const outcome = await applyBatch(batch, false).catch((err) => {
    if (err instanceof NeedsSavepoints) return applyBatch(batch, true);
    throw err;
  });
  if (await overClientCap(deps.db, user.id)) await capClients(deps.db, user.id, clientId);
  if (outcome.results.length === 0 && mutations.length > 0) {
    c.header('Retry-After', String(BUSY_RETRY_AFTER_S));
    return errorResponse(c, new ApiError('sync/busy'));
  }
  return c.json({ protocol: SYNC_PROTOCOL, lastMutationId: outcome.last, results: outcome.results });
}

const pullQuerySchema = v.object({
  clientId: clientIdSchema,
  user: v.optional(v.string()),
  cookie: v.optional(v.string()),
  /** '1': the client applies patches; without it, the whole snapshot whenever anything changed. */
  diff: v.optional(v.picklist(['0', '1'])),
  /** The highest mutation id whose answer the client holds: the results above it come along. */
  acked: v.optional(v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number))),
  protocol: v.optional(v.pipe(v.string(), v.regex(/^\d{1,7}$/), v.transform(Number))),
  schema: v.optional(v.pipe(v.string(), v.regex(/^\d{1,7}$/))),
});

type Snapshot = PullSnapshot;
const COLLECTIONS = ['listings', 'bookings', 'orders'] as const;
type Collection = (typeof COLLECTIONS)[number];
/** Row id -> digest per collection, and the profile's digest: what a cookie names. */
type Manifest = Record<Collection, Record<string, string>> & { profile: string };

const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64url');

function manifestOf(snapshot: Snapshot): Manifest {
  const rows = (list: { id: string }[]) =>
    Object.fromEntries(list.map((r) => [r.id, digest(r).slice(0, 16)]));
  return {
    listings: rows(snapshot.listings),
    bookings: rows(snapshot.bookings),
    orders: rows(snapshot.orders),
    profile: digest(snapshot.profile).slice(0, 16),
  };
}

/** What changed from `before` to `snapshot` (whose manifest is `after`). */
function patchOf(before: Manifest, after: Manifest, snapshot: Snapshot): PullPatch {
  const changes = <T extends { id: string }>(name: Collection, rows: T[]) => ({
    put: rows.filter((r) => before[name]?.[r.id] !== after[name][r.id]),
    del: Object.keys(before[name] ?? {}).filter((id) => !(id in after[name])),
  });
  return {
    listings: changes('listings', snapshot.listings),
    bookings: changes('bookings', snapshot.bookings),
    orders: changes('orders', snapshot.orders),
    ...(before.profile !== after.profile ? { profile: snapshot.profile } : {}),
  };
}

export async function pull(c: Context<AppEnv>, deps: Deps) {
  const user = requireUser(c);
  refuseForeignPull(c, deps.config);
  const {
    clientId,
    user: expected,
    cookie,
    diff,
    acked,
    protocol,
  } = parseWith(pullQuerySchema, c.req.query());
  requireProtocol(protocol);
  if (expected !== undefined && expected.trim().toLowerCase() !== user.email)
    throw new ApiError('sync/client-mismatch');
  const wantsPatch = diff === '1';
  const answer = await deps.db.transaction(
    async (tx) => {
      // Read the last-applied id first, in the same snapshot as the rows: they agree.
      const [client] = await tx.select().from(syncClients).where(eq(syncClients.id, clientId));
      if (client && client.userId !== user.id) throw new ApiError('sync/client-mismatch');
      const db: Db = tx;
      const last = client?.lastMutationId ?? 0;
      const [listings, bookings, orders, profile, [view], results] = await Promise.all([
        listingsOfUser(db, user.id),
        ordersOf(db, user.id, 'passenger'),
        ordersOf(db, user.id, 'carrier'),
        profileOf(db, user.id),
        wantsPatch && cookie ? viewOf(db, user.id, cookie) : Promise.resolve([]),
        acked !== undefined && acked < last
          ? db
              .select()
              .from(syncResults)
              .where(
                and(
                  eq(syncResults.clientId, clientId),
                  gt(syncResults.mutationId, acked),
                  lte(syncResults.mutationId, last),
                ),
              )
              .orderBy(asc(syncResults.mutationId))
          : Promise.resolve([]),
      ]);
      return {
        lastMutationId: last,
        results: results.map((r) => storedResult(r.mutationId, r.ok, r.body)),
        snapshot: { listings, bookings, orders, profile },
        before: (view?.manifest ?? null) as Manifest | null,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const manifest = manifestOf(answer.snapshot);
  const current = digest(manifest);
  const unchanged = cookie === current;
  // The state sent is kept per user (pull-guard.ts): no client row, a few manifests per user.
  if (wantsPatch && !unchanged) await keepUserView(deps.db, user.id, current, manifest, deps.clock.now());
  const base = {
    protocol: SYNC_PROTOCOL,
    user: user.email,
    lastMutationId: answer.lastMutationId,
    cookie: current,
    ...(acked !== undefined ? { results: answer.results } : {}),
  };
  if (unchanged) return c.json({ ...base, snapshot: null, patch: null });
  if (answer.before)
    return c.json({ ...base, snapshot: null, patch: patchOf(answer.before, manifest, answer.snapshot) });
  return c.json({ ...base, snapshot: answer.snapshot, patch: null });
}
