// What becomes of a claimed row after its attempt: deleted (sent), rescheduled with back-off (its
// lane waiting as long behind it), released untried, or marked failed for good; and the hourly
// prune of rows failed long ago.
import { and, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outboundMessages, passwordResets } from '../db/schema';

export async function markSent(db: Db, id: number): Promise<void> {
  await db.delete(outboundMessages).where(eq(outboundMessages.id, id));
}

export async function markRetry(db: Db, id: number, nextAttemptMs: number, error: string): Promise<void> {
  await db
    .update(outboundMessages)
    .set({ nextAttemptAt: new Date(nextAttemptMs), claimedUntil: null, lastError: error.slice(0, 500) })
    .where(eq(outboundMessages.id, id));
}

/** A claimed row that was not tried: unclaimed, its attempt not counted. */
export async function release(db: Db, id: number): Promise<void> {
  await db
    .update(outboundMessages)
    .set({ claimedUntil: null, attempts: sql`greatest(${outboundMessages.attempts} - 1, 0)` })
    .where(eq(outboundMessages.id, id));
}

/**
 * Rows queued after `id` in its lane wait until `untilMs` too (they keep their order, and the
 * notifier's next wake-up is the retry's time, not theirs). By the lane's index.
 */
export async function holdBehind(db: Db, id: number, lane: string, untilMs: number): Promise<void> {
  await db
    .update(outboundMessages)
    .set({ nextAttemptAt: new Date(untilMs) })
    .where(
      and(
        eq(outboundMessages.lane, lane),
        gt(outboundMessages.id, id),
        isNull(outboundMessages.failedAt),
        lt(outboundMessages.nextAttemptAt, new Date(untilMs)),
      ),
    );
}

export async function markFailed(db: Db, id: number, nowMs: number, error: string): Promise<void> {
  await db
    .update(outboundMessages)
    .set({ failedAt: new Date(nowMs), claimedUntil: null, lastError: error.slice(0, 500) })
    .where(eq(outboundMessages.id, id));
}

export interface BackoffPolicy {
  baseBackoffMs: number;
  maxBackoffMs: number;
  random: () => number;
}

/**
 * Delay before the next try after `attempts` tries: base doubling per try up to the cap, with
 * ±20% jitter so a burst of failures does not come back as one burst, and never sooner than the
 * service's Retry-After.
 */
export function backoffMs(attempts: number, policy: BackoffPolicy, retryAfterMs = 0): number {
  const exp = Math.min(policy.maxBackoffMs, policy.baseBackoffMs * 2 ** Math.max(0, attempts - 1));
  const jittered = Math.round(exp * (0.8 + 0.4 * policy.random()));
  return Math.max(jittered, retryAfterMs);
}

/** How long a row that failed for good is kept for someone to look at. */
export const FAILED_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Hourly housekeeping: failed rows past their retention, and reset links past their expiry. */
export async function pruneNotifications(db: Db, nowMs: number): Promise<void> {
  await db
    .delete(outboundMessages)
    .where(
      and(
        isNotNull(outboundMessages.failedAt),
        lt(outboundMessages.failedAt, new Date(nowMs - FAILED_RETENTION_MS)),
      ),
    );
  await db.delete(passwordResets).where(lt(passwordResets.expiresAt, new Date(nowMs)));
}
