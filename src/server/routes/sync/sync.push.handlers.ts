// POST /api/sync/push: a client's numbered mutations, applied in order under a lock on the
// client row. An account's pushes take turns (onePushPerAccount); then the account's and the
// device's budgets of mutations per minute are spent (auth/throttle.ts `spend`): past them only the
// mutations granted are applied (the answer names those; the device sends the rest later) and with
// none left the push is 429 sync/rate-limited with Retry-After. A budget found spent is remembered
// until its window ends (SpentBudgets), so the pushes past it are refused before their body is
// parsed (the account's) or checked (the device's), without asking the database. The batch is
// applied in parts, each one transaction: with nobody else about, one part for the whole push,
// which looks every few milliseconds whether a request or another push has come and ends there;
// while a request is in progress, parts of a few mutations (see the constants). Before each part
// the push gives way to the requests in progress (http/in-flight.ts), so one account's long push
// never holds the database (PGlite's single connection) or the event loop for long: a
// mutation's effect, the client's last-applied id and its answer commit together (or not at all).
// A part runs with no savepoints; if a mutation throws, the part rolls back and runs again with a
// savepoint for that mutation alone, and ends after it (applyBatch). Steps per mutation:
//   1. an id at or below the client's last-applied id was applied before: answer what was stored
//      (or, once its answer is pruned after the retention, acknowledge it with an empty body);
//   2. a mutation carrying the Idempotency-Key an earlier release sent it under over REST gets
//      that key's stored answer and is not applied again; otherwise the key is claimed with it;
//   3. otherwise run the kind's mutator (in its savepoint, when it threw the first time);
//   4. a refusal rolls back its savepoint and is recorded as applied-with-error; the batch goes
//      on. Refused means whatever the same arguments would raise again (sync.failures.ts): an
//      ApiError, a data exception, a constraint, any unexpected error (logged with kind and id);
//   5. only what a retry can pass (connection, serialisation, deadlock, lock wait, a message over
//      the per-minute rate) is transient: stop; what was applied commits, the client sends the
//      rest later (after the rate's Retry-After when nothing could be applied).
// Refuses a client protocol this server does not speak (426 sync/upgrade-required) and names its
// own in the answer.
import type { MiddlewareHandler } from 'hono';
import { isMutationKind, type MutationKind } from '@/domain/sync/mutations';
import { type PushResult, type pushRequestSchema, SYNC_PROTOCOL } from '@/domain/sync/protocol';
import { requireUser, tokenOf } from '../../auth/guard';
import type { SpentBudgets } from '../../auth/push-gate';
import { budgetSpent, spend } from '../../auth/throttle';
import type { Tx } from '../../db/client';
import type { AppEnv, Deps, SessionUser } from '../../deps';
import { ApiError, errorResponse, type Reply, refusal, refusalReply } from '../../http/errors';
import { claimIdempotencyKey, storeIdempotentReply } from '../../http/idempotency';
import type { JsonContext } from '../../http/validate';
import { lockUser, rollBackUserLock, type UserLock } from '../../model/quotas.checks';
import { referenceIndex } from '../../model/reference.queries';
import { capClients, lockClient, markApplied, overClientCap } from '../../model/sync.clients';
import { type NewSyncResult, resultsOf, storeResults } from '../../model/sync.results';
import { appliesInRuns, runMutator, runMutators } from '../../mutators';
import { classifyFailure } from './sync.failures';
import { requireProtocol } from './sync.protocol';
import { pushResult, storedBody, storedResult } from './sync.push-results';

/** Seconds a client waits before pushing again when the server could not apply anything. */
const BUSY_RETRY_AFTER_S = 5;
/**
 * While an ordinary request is in progress when a part begins, the part ends after
 * SHARED_PART_MUTATIONS mutations or SHARED_PART_MS of work: on PGlite a part holds the connection
 * (and, between its queries, the event loop), so that request waits for the rest of it.
 */
const SHARED_PART_MUTATIONS = 8;
const SHARED_PART_MS = 2;
/**
 * Otherwise the part goes on, for the whole push when nobody comes (one transaction: a commit and
 * the client's and the user's locks per part were most of a lone drain's work on PGlite), but
 * every LOOK_EVERY_MS of work it lets the event loop read the sockets and ends there when an
 * ordinary request or another push has come (InFlight.othersAbout). A run of one kind applied at
 * once (runMutators) is RUN_MAX mutations at most, so that a look is never far off. A run of
 * add-listings is two statements whatever its length (its insert and one question of who waits on
 * its routes), so a run of 32 takes little longer than one of 16 did when a run was four
 * statements (median 13-22 ms against 12-15 ms, in-process at a load of 7-9 on two cores), and a
 * drain of 1,000 is 32 runs instead of 63: about 100 ms less CPU (bench/push.ts).
 */
const LOOK_EVERY_MS = 2;
const RUN_MAX = 32;
/**
 * Before a part the push waits until no other request has been in progress for this long (so the
 * next request of someone going through screens starts first), config.syncGiveWayMs at most.
 */
const GIVE_WAY_IDLE_MS = 2;
/**
 * After a part that ends with others about, the push rests this many times the part's time
 * before the next: it takes a fifth of the server at most while it is shared.
 */
const SHARE_REST = 4;
const MINUTE_MS = 60_000;

/**
 * The answer to a mutation applied before whose stored answer was pruned (older than the
 * retention, docs/api.md "Sync results"): it was applied, so it is acknowledged and never run again;
 * its reply is gone, so the body is empty and the client's next pull brings the rows.
 */
const appliedLongAgo = (id: number): PushResult => ({ id, ok: true, body: {} });

/**
 * Thrown out of a part run without savepoints when mutations[at] throws, so its transaction rolls
 * back and runs again (applyPart) with that mutation in a savepoint, ending there.
 */
class NeedsSavepoint extends Error {
  constructor(readonly at: number) {
    super('needs a savepoint');
  }
}

interface Batch {
  clientId: string;
  user: SessionUser;
  mutations: { id: number; kind: string; args: unknown; idempotencyKey?: string | undefined }[];
  deps: Deps;
  ref: Awaited<ReturnType<typeof referenceIndex>>;
  /** The client's protocol, kept on its row (migration 0028). */
  protocol: number;
  /** Whether an ordinary request was in progress when the part began: the SHARED_ bounds then. */
  shared: boolean;
}

/** One turn of the event loop for I/O: requests that arrived meanwhile begin (in-flight.ts). */
const turn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Steps 1-4 in one transaction, from the first mutation to where the part ends (the part's bounds;
 * see push). Mutations run with no savepoint, so nothing may fail: the first throw, at index i,
 * becomes NeedsSavepoint(i), which rolls the whole transaction back for a run again with
 * `savepointAt` i: the mutations before i run as before, mutation i runs in a savepoint (so a
 * refusal or a failure undoes exactly it), and the part ends after it. Almost every mutation
 * applies cleanly, and a savepoint is two statements per mutation (a third of a drain's database
 * work on PGlite), so only the one that threw gets one; each mutation is run again at most once.
 */
function applyBatch(
  { clientId, user, mutations, deps, ref, protocol, shared }: Batch,
  savepointAt: number | null,
) {
  const { db, clock } = deps;
  let transient = false;
  return db.transaction(async (tx) => {
    // Counted from when the transaction holds the connection: time spent waiting for it (behind
    // other requests) must not shrink the part to one mutation, which only multiplies the parts.
    const started = performance.now();
    let looked = started;
    /** Whether the part ends before the next mutation, `worked` mutations in (see the constants). */
    const partEnds = async (worked: number): Promise<boolean> => {
      if (worked === 0) return false;
      if (shared) return worked >= SHARED_PART_MUTATIONS || performance.now() - started > SHARED_PART_MS;
      if (performance.now() - looked < LOOK_EVERY_MS) return false;
      await turn();
      await turn();
      looked = performance.now();
      return deps.inFlight.othersAbout();
    };
    // The client row's lock: pushes of one client run one after another, each seeing the last.
    const client = await lockClient(tx, clientId, user, clock.now());
    let last = client.lastMutationId;

    // Step 1's answers, read at once for every id the server has already applied.
    const seenIds = mutations.filter((m) => m.id <= last).map((m) => m.id);
    const stored = new Map<number, PushResult>();
    if (seenIds.length) {
      const rows = await resultsOf(tx, clientId, seenIds);
      for (const r of rows) stored.set(r.mutationId, storedResult(r.mutationId, r.ok, r.body));
    }

    const results: PushResult[] = [];
    /** The refusal whose Retry-After the rest waits for (a rate), when the batch stopped at one. */
    let wait: ApiError | null = null;
    const fresh: NewSyncResult[] = [];
    const now = new Date(clock.now());
    const record = (result: PushResult) => {
      results.push(result);
      fresh.push({
        clientId,
        mutationId: result.id,
        ok: result.ok,
        body: storedBody(result),
        createdAt: now,
      });
    };
    // The user's row lock (quotas), taken by the first mutation that needs it and then held by
    // this transaction: one statement per batch instead of one per mutation.
    const userLock: UserLock = { held: false, noted: 0 };
    const run = async (m: Batch['mutations'][number], t: Tx): Promise<Reply> => {
      if (!isMutationKind(m.kind)) {
        throw new ApiError('request/invalid', [{ path: 'kind', message: `Unknown mutation kind ${m.kind}` }]);
      }
      const ctx = { tx: t, user, deps, ref, userLock };
      if (m.idempotencyKey === undefined) return runMutator(ctx, m.kind, m.args);
      // Step 2: sent before over REST under this key (an earlier release): its answer stands.
      const claim = await claimIdempotencyKey(t, deps, user.id, m.idempotencyKey, null);
      if (claim.stored) return claim.stored;
      const reply = await runMutator(ctx, m.kind, m.args);
      await storeIdempotentReply(t, user.id, m.idempotencyKey, reply);
      return reply;
    };
    let worked = 0;
    for (let i = 0; i < mutations.length; i += 1) {
      // The part ends here; the rest goes in the next part (push, below).
      if (savepointAt !== null && i > savepointAt) break;
      if (await partEnds(worked)) break;
      const m = mutations[i] as Batch['mutations'][number];
      const savepoint = i === savepointAt;
      if (m.id <= last) {
        results.push(stored.get(m.id) ?? appliedLongAgo(m.id));
        continue;
      }
      // A run of one kind that applies at once (runMutators): its refusals are decided before it
      // writes anything, so they are recorded as they come, with no savepoint and no second run.
      // A run is the part's rest at most, and stops before the mutation that needs a savepoint.
      const room = shared ? SHARED_PART_MUTATIONS - worked : RUN_MAX;
      const upTo = savepointAt !== null ? savepointAt - i : room;
      const together = savepoint ? [] : runFrom(mutations, i, last).slice(0, Math.min(room, upTo));
      worked += Math.max(1, together.length);
      if (together.length > 1) {
        const kind = m.kind as MutationKind;
        // Should the run throw, its first mutation runs alone in a savepoint, the rest after it.
        const answers = await runMutators(
          { tx, user, deps, ref, userLock },
          kind,
          together.map((r) => r.args),
        ).catch(() => {
          throw new NeedsSavepoint(i);
        });
        for (const [j, r] of together.entries()) {
          const answer = answers[j] as Reply | ApiError;
          record(pushResult(r.id, answer instanceof ApiError ? refusalReply(answer) : answer));
          last = r.id;
        }
        i += together.length - 1;
        continue;
      }
      // A savepoint rolled back releases a lock taken inside it and undoes an insert counted in it.
      const before = { held: userLock.held, noted: userLock.noted };
      try {
        // Step 2: in a savepoint of its own once it threw, so a refusal undoes exactly its effect.
        // A refusal that must keep its effect (a wrong hand-off code is counted) comes back as
        // a 4xx reply rather than thrown: its effect stands, and it is recorded as refused.
        const reply = savepoint ? await tx.transaction((sp) => run(m, sp)) : await run(m, tx);
        record(pushResult(m.id, reply));
      } catch (err) {
        if (!savepoint) throw new NeedsSavepoint(i);
        const lockReleased = userLock.held && !before.held;
        rollBackUserLock(userLock, before);
        const failure = classifyFailure(err);
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
        if (failure.kind === 'transient') {
          wait = failure.wait ?? null;
          transient = true;
          break;
        }
        // The rollback released the user lock this mutation took: take it again outside any
        // savepoint, so a run of refusals (a quota) does not lock once per mutation.
        if (lockReleased) await lockUser(tx, user.id, userLock);
        // Step 4: applied-with-error, so it never blocks the mutations behind it.
        record(pushResult(m.id, refusalReply(failure.error)));
      }
      last = m.id;
    }
    // The new last-applied id and the answers commit with the effects, in this transaction.
    if (fresh.length) {
      await markApplied(tx, clientId, last, now, protocol);
      await storeResults(tx, fresh);
    }
    return { last, results, transient, wait };
  });
}

/** One part of a push: the mutations from the first, in a transaction of its own (see applyBatch). */
async function applyPart(batch: Batch) {
  let savepointAt: number | null = null;
  for (;;) {
    try {
      return await applyBatch(batch, savepointAt);
    } catch (err) {
      // A mutation before the one that threw may throw now (a concurrent change): it gets the
      // savepoint instead.
      if (!(err instanceof NeedsSavepoint) || err.at === savepointAt) throw err;
      savepointAt = err.at;
    }
  }
}

/**
 * The run that starts at `mutations[i]`: it and the mutations right after it of the same kind,
 * when that kind applies in runs (appliesInRuns), each new (ids rising above `last`) and sent
 * with no Idempotency-Key (a key's stored answer is looked up one by one).
 */
function runFrom(mutations: Batch['mutations'], i: number, last: number): Batch['mutations'] {
  const first = mutations[i];
  if (!first || !isMutationKind(first.kind)) return [];
  const run: Batch['mutations'] = [];
  let previous = last;
  for (const m of mutations.slice(i)) {
    if (m.kind !== first.kind || m.idempotencyKey !== undefined || m.id <= previous) break;
    if (!appliesInRuns(first.kind, m.args)) break;
    run.push(m);
    previous = m.id;
  }
  return run;
}

const userBudget = (deps: Deps, userId: string) => ({
  key: `sync-user:${userId}`,
  max: deps.config.syncMutationsPerMinute,
  windowMs: MINUTE_MS,
});

const clientBudgetKey = (clientId: string) => `sync-client:${clientId}`;

const rateLimited = (waitMs: number) =>
  refusal('sync/rate-limited', { retryAfterS: Math.max(1, Math.ceil(waitMs / 1000)) });

/**
 * Once the push's turn has come, before its body is read (sync.index.ts): an account with no
 * budget left this minute is refused at once, so a flood of pushes costs the server one read of
 * the counter, then none (the spent budget is remembered), and never the parse of a big body.
 */
export function pushBudgetGate(deps: Deps, spent: SpentBudgets): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = requireUser(c);
    const budget = userBudget(deps, user.id);
    const now = deps.clock.now();
    let waitMs = spent.waitMs(budget.key, now);
    if (waitMs === 0) {
      waitMs = await budgetSpent(deps.db, budget, now);
      if (waitMs > 0) spent.note(budget.key, now + waitMs, now);
    }
    if (waitMs > 0) {
      deps.pushGate.noteSpent(tokenOf(c), now + waitMs);
      return errorResponse(c, rateLimited(waitMs));
    }
    await next();
  };
}

/**
 * Run on the parsed body before its schema checks it (sync.index.ts): a device whose budget this
 * process found spent is refused then, without checking its mutations or asking the database.
 */
export function refuseSpentClient(deps: Deps, spent: SpentBudgets) {
  return (body: unknown) => {
    const clientId = (body as { clientId?: unknown } | null)?.clientId;
    if (typeof clientId !== 'string') return;
    const waitMs = spent.waitMs(clientBudgetKey(clientId), deps.clock.now());
    if (waitMs > 0) throw rateLimited(waitMs);
  };
}

/** Pushes of one account waiting behind the one it is running, before more are answered busy. */
const WAITING_PUSHES_PER_ACCOUNT = 2;
/** Pushes one account may have running and waiting (auth/push-gate.ts counts them per session). */
export const PUSH_LANE = 1 + WAITING_PUSHES_PER_ACCOUNT;

/**
 * One push at a time per account, in this process (wired before the body is read): an account's
 * parallel pushes (a flood, or two tabs) take turns, so its parts never queue several deep for the
 * database (PGlite's single connection) ahead of everyone else's requests. A push that finds
 * WAITING_PUSHES_PER_ACCOUNT already waiting is answered 503 sync/busy with Retry-After; the device
 * sends it again after that, as after any busy answer.
 */
export function onePushPerAccount(): MiddlewareHandler<AppEnv> {
  const lanes = new Map<string, { waiting: (() => void)[] }>();
  return async (c, next) => {
    const user = requireUser(c);
    const lane = lanes.get(user.id);
    if (lane) {
      if (lane.waiting.length >= WAITING_PUSHES_PER_ACCOUNT)
        return errorResponse(c, refusal('sync/busy', { retryAfterS: 1 }));
      await new Promise<void>((resolve) => lane.waiting.push(resolve));
    } else lanes.set(user.id, { waiting: [] });
    try {
      await next();
    } finally {
      // The turn passes to the next waiting push, or the lane goes.
      const held = lanes.get(user.id);
      const turn = held?.waiting.shift();
      if (turn) turn();
      else lanes.delete(user.id);
    }
  };
}

export async function push(c: JsonContext<typeof pushRequestSchema>, deps: Deps, spent: SpentBudgets) {
  const user = requireUser(c);
  const { clientId, user: queuedFor, mutations, protocol } = c.req.valid('json');
  await requireProtocol(protocol, deps.db, clientId);
  if (queuedFor.trim().toLowerCase() !== user.email) throw new ApiError('sync/client-mismatch');
  // The budgets: an empty push costs one, like a mutation.
  const { config } = deps;
  const budget = await spend(
    deps.db,
    [
      userBudget(deps, user.id),
      { key: clientBudgetKey(clientId), max: config.syncMutationsPerMinutePerClient, windowMs: MINUTE_MS },
    ],
    Math.max(1, mutations.length),
    deps.clock.now(),
  );
  const userKey = userBudget(deps, user.id).key;
  for (const full of budget.full) {
    spent.note(full.key, full.untilMs, deps.clock.now());
    if (full.key === userKey) deps.pushGate.noteSpent(tokenOf(c), full.untilMs);
  }
  if (budget.granted === 0) return errorResponse(c, rateLimited(budget.retryAfterMs));
  const ref = await referenceIndex(deps.db);
  const pushEnds = deps.inFlight.pushBegins();
  try {
    return await applyGranted(c, deps, { clientId, user, mutations, protocol, budget, ref });
  } finally {
    pushEnds();
  }
}

async function applyGranted(
  c: JsonContext<typeof pushRequestSchema>,
  deps: Deps,
  push: {
    clientId: string;
    user: SessionUser;
    mutations: Batch['mutations'];
    protocol: number | undefined;
    budget: Awaited<ReturnType<typeof spend>>;
    ref: Batch['ref'];
  },
) {
  const { clientId, user, mutations, protocol, budget, ref } = push;
  const { config } = deps;
  let rest = mutations.slice(0, budget.granted);
  let last = 0;
  const results: PushResult[] = [];
  /** A rate that held the rest (a message over the per-minute rate): its refusal says how long. */
  let held: ApiError | null = null;
  /** The last part's time when others were about at its end (its share is owed), else 0. */
  let sharedMs = 0;
  // At least one part, even for an empty push: it binds the client id to its user.
  do {
    // Other requests go first: those waiting for the database, those that arrived meanwhile
    // (the second turn of the event loop reads the sockets), then all in progress and the ones
    // sent right after them, for config.syncGiveWayMs at most (http/in-flight.ts).
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    // While others are about the push takes a share of the server at most: after a part of d ms
    // it rests SHARE_REST x d. The wait for a quiet moment alone does not bound it: someone who
    // sends request after request leaves gaps of a few milliseconds, each of which began a part.
    if (sharedMs > 0) await new Promise((resolve) => setTimeout(resolve, SHARE_REST * sharedMs));
    await deps.inFlight.quiet(config.syncGiveWayMs, GIVE_WAY_IDLE_MS);
    const partBegan = performance.now();
    const outcome = await applyPart({
      clientId,
      user,
      mutations: rest,
      deps,
      ref,
      protocol: protocol ?? 1,
      shared: deps.inFlight.active > 0,
    });
    sharedMs = deps.inFlight.othersAbout() ? performance.now() - partBegan : 0;
    results.push(...outcome.results);
    last = outcome.last;
    held = outcome.wait;
    if (outcome.transient || outcome.results.length === 0) break;
    rest = rest.slice(outcome.results.length);
  } while (rest.length > 0);
  if (await overClientCap(deps.db, user.id)) await capClients(deps.db, user.id, clientId);
  if (results.length === 0 && mutations.length > 0) {
    // Held by a rate: its own 429 and Retry-After, which the client honours before sending again.
    return errorResponse(c, held ?? refusal('sync/busy', { retryAfterS: BUSY_RETRY_AFTER_S }));
  }
  // Answered in part (by the budget, or up to a mutation a rate holds): the device sends the rest
  // after Retry-After, which the answer's `retryAfter` says too (the client reads bodies).
  const waits = [
    ...(budget.granted < mutations.length ? [Math.ceil(budget.retryAfterMs / 1000)] : []),
    ...(held?.retryAfterS !== undefined ? [held.retryAfterS] : []),
  ];
  const retryAfter = waits.length ? Math.max(...waits) : undefined;
  if (retryAfter !== undefined) c.header('Retry-After', String(retryAfter));
  return c.json({
    protocol: SYNC_PROTOCOL,
    lastMutationId: last,
    results,
    ...(retryAfter !== undefined ? { retryAfter } : {}),
  });
}
