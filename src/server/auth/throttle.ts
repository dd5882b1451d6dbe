// Throttles kept in the database, so every instance counts together: logins per email and per
// client address, signups and anonymous analytics per address. An attempt is counted before the
// work it guards (a password hash), by one upsert that locks the counter's row, so parallel
// attempts cannot all pass a check made before any of them was counted.
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { throttles } from '../db/schema';

export interface Limit {
  key: string;
  /** Attempts allowed in one window (which starts at the first attempt). */
  max: number;
  windowMs: number;
  /** Attempts allowed to run at the same time. */
  maxParallel: number;
}

/** How an attempt ended: counted against the window, given back, or the counter cleared. */
export type Outcome = 'count' | 'refund' | 'clear';

export interface Reservation {
  /** Ends the attempt on every counter it was counted on (outcome per counter, in order). */
  done(...outcomes: Outcome[]): Promise<void>;
}

/** An attempt that never said it ended (its process died) stops holding a slot after this. */
const IN_FLIGHT_STALE_MS = 60_000;

async function count(db: Db, limit: Limit, nowMs: number) {
  const now = new Date(nowMs).toISOString();
  const windowOver = sql`${throttles.windowStart} <= ${new Date(nowMs - limit.windowMs).toISOString()}::timestamptz`;
  const stale = sql`${throttles.touchedAt} <= ${new Date(nowMs - IN_FLIGHT_STALE_MS).toISOString()}::timestamptz`;
  const [row] = await db
    .insert(throttles)
    .values({
      key: limit.key,
      windowStart: new Date(nowMs),
      attempts: 1,
      inFlight: 1,
      touchedAt: new Date(nowMs),
    })
    .onConflictDoUpdate({
      target: throttles.key,
      set: {
        windowStart: sql`case when ${windowOver} then ${now}::timestamptz else ${throttles.windowStart} end`,
        attempts: sql`case when ${windowOver} then 1 else ${throttles.attempts} + 1 end`,
        // Slots of attempts that never ended (their process died) last one window at most.
        inFlight: sql`case when ${stale} or ${windowOver} then 1 else ${throttles.inFlight} + 1 end`,
        touchedAt: sql`${now}::timestamptz`,
      },
    })
    .returning({ attempts: throttles.attempts, inFlight: throttles.inFlight });
  if (!row) throw new Error('throttle upsert returned no row');
  return row.attempts <= limit.max && row.inFlight <= limit.maxParallel;
}

async function end(db: Db, key: string, outcome: Outcome) {
  if (outcome === 'clear') {
    await db.delete(throttles).where(eq(throttles.key, key));
    return;
  }
  const refund = outcome === 'refund' ? 1 : 0;
  await db
    .update(throttles)
    .set({
      inFlight: sql`greatest(${throttles.inFlight} - 1, 0)`,
      attempts: sql`greatest(${throttles.attempts} - ${refund}, 0)`,
    })
    .where(eq(throttles.key, key));
}

/**
 * Counts one attempt on each limit in turn. Null when any limit is reached (the attempt is
 * then given back everywhere); otherwise the caller must end it with `done`.
 */
export async function reserve(db: Db, limits: readonly Limit[], nowMs: number): Promise<Reservation | null> {
  const counted: string[] = [];
  for (const limit of limits) {
    const allowed = await count(db, limit, nowMs);
    counted.push(limit.key);
    if (!allowed) {
      await Promise.all(counted.map((key) => end(db, key, 'refund')));
      return null;
    }
  }
  return {
    async done(...outcomes) {
      await Promise.all(counted.map((key, i) => end(db, key, outcomes[i] ?? outcomes.at(-1) ?? 'count')));
    },
  };
}

/** A budget of units (a push's mutations) per window; `max` units in a window starting at the first. */
export interface Budget {
  key: string;
  max: number;
  windowMs: number;
}

/**
 * Spends up to `units` of each budget in turn, each granting at most what the one before granted:
 * answers how many units every budget granted (0: none left) and, when fewer than asked, the
 * milliseconds until the tightest window that refused them ends. A budget's unused grant is given
 * back at once, so the counters hold what was granted. `full` names the budgets left with nothing
 * until their window ends (a push past them can be refused from memory until then).
 */
export async function spend(
  db: Db,
  budgets: readonly Budget[],
  units: number,
  nowMs: number,
): Promise<{ granted: number; retryAfterMs: number; full: { key: string; untilMs: number }[] }> {
  let granted = units;
  let retryAfterMs = 0;
  const spent: { key: string; took: number; before: number; max: number; untilMs: number }[] = [];
  const now = new Date(nowMs).toISOString();
  for (const budget of budgets) {
    const windowOver = sql`${throttles.windowStart} <= ${new Date(nowMs - budget.windowMs).toISOString()}::timestamptz`;
    const [row] = await db
      .insert(throttles)
      .values({
        key: budget.key,
        windowStart: new Date(nowMs),
        attempts: granted,
        inFlight: 0,
        touchedAt: new Date(nowMs),
      })
      .onConflictDoUpdate({
        target: throttles.key,
        set: {
          windowStart: sql`case when ${windowOver} then ${now}::timestamptz else ${throttles.windowStart} end`,
          attempts: sql`case when ${windowOver} then 0 else ${throttles.attempts} end + ${granted}`,
          touchedAt: sql`${now}::timestamptz`,
        },
      })
      .returning({ attempts: throttles.attempts, windowStart: throttles.windowStart });
    if (!row) throw new Error('budget upsert returned no row');
    const before = row.attempts - granted;
    const took = Math.max(0, Math.min(granted, budget.max - before));
    spent.push({
      key: budget.key,
      took: granted,
      before,
      max: budget.max,
      untilMs: row.windowStart.getTime() + budget.windowMs,
    });
    if (took < granted) {
      retryAfterMs = Math.max(retryAfterMs, row.windowStart.getTime() + budget.windowMs - nowMs);
      granted = took;
    }
  }
  // Each counter keeps only what every budget granted.
  for (const s of spent)
    if (s.took > granted)
      await db
        .update(throttles)
        .set({ attempts: sql`greatest(${throttles.attempts} - ${s.took - granted}, 0)` })
        .where(eq(throttles.key, s.key));
  return {
    granted,
    retryAfterMs: granted < units ? Math.max(retryAfterMs, 1000) : 0,
    // The budgets with nothing left until their window ends.
    full: spent.filter((s) => s.before + granted >= s.max).map(({ key, untilMs }) => ({ key, untilMs })),
  };
}

/**
 * Milliseconds until `budget` has room again when it has none now (0 when it has some): one read,
 * no write, so a request past it is refused before its body is read.
 */
export async function budgetSpent(db: Db, budget: Budget, nowMs: number): Promise<number> {
  const [row] = await db
    .select({ attempts: throttles.attempts, windowStart: throttles.windowStart })
    .from(throttles)
    .where(eq(throttles.key, budget.key));
  if (!row || row.attempts < budget.max) return 0;
  return Math.max(0, row.windowStart.getTime() + budget.windowMs - nowMs);
}

/** Deletes counters nobody has touched for `olderThanMs` (longer than every window). */
export async function pruneThrottles(db: Db, nowMs: number, olderThanMs: number): Promise<void> {
  await db.delete(throttles).where(lt(throttles.touchedAt, new Date(nowMs - olderThanMs)));
}

/**
 * A counter that slows instead of refusing: after `free` failures each further attempt has to
 * wait `baseMs`, doubling per failure up to `maxMs`. Attempts after the wait are evaluated (the
 * right password gets in); attempts during it are refused with the time left.
 */
export interface Backoff {
  key: string;
  free: number;
  baseMs: number;
  maxMs: number;
  /** The failures are forgotten once no attempt came for this long after the wait ended. */
  quietMs: number;
  maxParallel: number;
}

export type BackoffClaim =
  | { ok: true; done(outcome: 'fail' | 'clear' | 'refund'): Promise<void> }
  | { ok: false; retryAfterMs: number };

/** Beyond this many doublings the wait is at its maximum anyway (and 2^n stays finite). */
const MAX_DOUBLINGS = 40;

/** Claims one attempt on a backoff counter, in one upsert that locks its row. */
export async function claimBackoff(db: Db, backoff: Backoff, nowMs: number): Promise<BackoffClaim> {
  const now = new Date(nowMs).toISOString();
  const waiting = sql`coalesce(${throttles.blockedUntil} > ${now}::timestamptz, false)`;
  const quiet = sql`coalesce(${throttles.blockedUntil}, ${throttles.touchedAt}) <= ${new Date(nowMs - backoff.quietMs).toISOString()}::timestamptz`;
  const stale = sql`${throttles.touchedAt} <= ${new Date(nowMs - IN_FLIGHT_STALE_MS).toISOString()}::timestamptz`;
  const claimed = await db
    .insert(throttles)
    .values({
      key: backoff.key,
      windowStart: new Date(nowMs),
      attempts: 0,
      inFlight: 1,
      touchedAt: new Date(nowMs),
    })
    .onConflictDoUpdate({
      target: throttles.key,
      set: {
        attempts: sql`case when ${quiet} then 0 else ${throttles.attempts} end`,
        blockedUntil: sql`case when ${quiet} then null else ${throttles.blockedUntil} end`,
        inFlight: sql`case when ${stale} or ${quiet} then 1 else ${throttles.inFlight} + 1 end`,
        touchedAt: sql`${now}::timestamptz`,
      },
      setWhere: sql`not ${waiting} and (${throttles.inFlight} < ${backoff.maxParallel} or ${stale})`,
    })
    .returning({ key: throttles.key });
  if (claimed.length === 0) {
    const [row] = await db
      .select({ blockedUntil: throttles.blockedUntil })
      .from(throttles)
      .where(eq(throttles.key, backoff.key));
    // Refused for the wait, or (no wait) for too many attempts at once: try again in a second.
    const waitMs = (row?.blockedUntil?.getTime() ?? 0) - nowMs;
    return { ok: false, retryAfterMs: Math.max(waitMs, 1000) };
  }
  const doublings = sql`least(${throttles.attempts} + 1 - ${backoff.free}, ${MAX_DOUBLINGS})`;
  return {
    ok: true,
    async done(outcome) {
      if (outcome === 'clear') {
        await db.delete(throttles).where(eq(throttles.key, backoff.key));
        return;
      }
      const failed = outcome === 'fail';
      await db
        .update(throttles)
        .set({
          inFlight: sql`greatest(${throttles.inFlight} - 1, 0)`,
          ...(failed && {
            attempts: sql`${throttles.attempts} + 1`,
            blockedUntil: sql`case when ${throttles.attempts} + 1 >= ${backoff.free}
              then ${now}::timestamptz + make_interval(secs => least(${backoff.baseMs}::float8 * power(2::float8, ${doublings}), ${backoff.maxMs}::float8) / 1000)
              else ${throttles.blockedUntil} end`,
          }),
        })
        .where(eq(throttles.key, backoff.key));
    },
  };
}
