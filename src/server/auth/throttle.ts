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

/** Deletes counters nobody has touched for `olderThanMs` (longer than every window). */
export async function pruneThrottles(db: Db, nowMs: number, olderThanMs: number): Promise<void> {
  await db.delete(throttles).where(lt(throttles.touchedAt, new Date(nowMs - olderThanMs)));
}
