// The outbound queue (table outbound_messages): rows written inside the transaction of the change
// they tell about, claimed by one sender each (FOR UPDATE SKIP LOCKED, then a lease), and after
// the attempt deleted (sent), rescheduled (back-off) or marked failed.
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { outboundMessages, passwordResets } from '../db/schema';

/** What a notification says: nothing a lock screen should not show (no names, contacts, codes). */
export interface PushNotification {
  title: string;
  body: string;
  /** The app path a click opens. */
  url: string;
  /** Notifications with one tag replace each other (one per booking). */
  tag: string;
}

export type OutboundMessage =
  | { channel: 'push'; endpoint: string; notification: PushNotification }
  | { channel: 'email'; to: string; subject: string; text: string }
  /** A reset request for an address: the notifier makes the link and queues its mail, if the account exists. */
  | { channel: 'password-reset'; email: string };

export interface QueuedMessage {
  id: number;
  attempts: number;
  message: OutboundMessage;
}

export async function enqueue(db: Db | Tx, messages: OutboundMessage[], nowMs: number): Promise<void> {
  if (!messages.length) return;
  const now = new Date(nowMs);
  await db
    .insert(outboundMessages)
    .values(messages.map((m) => ({ channel: m.channel, payload: m, nextAttemptAt: now, createdAt: now })));
}

/**
 * Claims up to `limit` due rows for this sender: locked rows (another sender's claim running) are
 * skipped, and the claimed ones get a lease, so no other process takes them while they are sent
 * outside any transaction. The attempt is counted here, so a sender that dies mid-send still
 * counts towards the limit.
 */
export async function claimDue(
  db: Db,
  nowMs: number,
  leaseMs: number,
  limit: number,
): Promise<QueuedMessage[]> {
  const now = new Date(nowMs);
  const due = db
    .select({ id: outboundMessages.id })
    .from(outboundMessages)
    .where(
      and(
        isNull(outboundMessages.failedAt),
        lte(outboundMessages.nextAttemptAt, now),
        or(isNull(outboundMessages.claimedUntil), lte(outboundMessages.claimedUntil, now)),
      ),
    )
    .orderBy(asc(outboundMessages.nextAttemptAt), asc(outboundMessages.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(outboundMessages)
    .set({ claimedUntil: new Date(nowMs + leaseMs), attempts: sql`${outboundMessages.attempts} + 1` })
    .where(inArray(outboundMessages.id, due))
    .returning({
      id: outboundMessages.id,
      attempts: outboundMessages.attempts,
      payload: outboundMessages.payload,
    });
  // RETURNING keeps no order: back to the order they were queued in.
  return rows
    .sort((a, b) => a.id - b.id)
    .map((r) => ({ id: r.id, attempts: r.attempts, message: r.payload as OutboundMessage }));
}

/**
 * When the notifier next has something to do: the earliest row not failed for good, at its next
 * attempt or, if claimed, at its lease's end (a sender that died frees it then); null if none.
 */
export async function nextDueMs(db: Db): Promise<number | null> {
  const { nextAttemptAt, claimedUntil } = outboundMessages;
  const [row] = await db
    .select({
      at: sql<Date | null>`min(greatest(${nextAttemptAt}, coalesce(${claimedUntil}, ${nextAttemptAt})))`.mapWith(
        nextAttemptAt,
      ),
    })
    .from(outboundMessages)
    .where(isNull(outboundMessages.failedAt));
  return row?.at?.getTime() ?? null;
}

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

/** Pushes queued after `id` for the same endpoint wait until `untilMs` too (they keep their order). */
export async function holdBehind(db: Db, id: number, endpoint: string, untilMs: number): Promise<void> {
  await db
    .update(outboundMessages)
    .set({ nextAttemptAt: new Date(untilMs) })
    .where(
      and(
        gt(outboundMessages.id, id),
        isNull(outboundMessages.failedAt),
        eq(outboundMessages.channel, 'push'),
        sql`${outboundMessages.payload}->>'endpoint' = ${endpoint}`,
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
