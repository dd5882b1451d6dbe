// The outbound queue (table outbound_messages): rows written inside the transaction of the change
// they tell about, claimed by one sender each (FOR UPDATE SKIP LOCKED, then a lease), and after
// the attempt deleted (sent), rescheduled (back-off) or marked failed (queue-settle.ts). Claimed
// in a fair order, by its index (migration 0026): account mail first, then each recipient's next
// row before anyone's later ones, and only the first row of a lane (one device, one address).
import { and, asc, eq, inArray, isNull, lt, lte, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import { outboundMessages } from '../db/schema';
import type { NoticeText } from './texts';

/** What a notification says: nothing a lock screen should not show (no names, contacts, codes). */
export interface PushNotification {
  title: string;
  body: string;
  /** The app path a click opens. */
  url: string;
  /** Notifications with one tag replace each other (one per booking). */
  tag: string;
  /** Words for the mail only (a reason's own text): a push never carries them to a lock screen. */
  detail?: string;
  /** What to say in the recipient's language (texts.ts): the fan-out writes title, body and
   * detail from it; the English ones above stay for a row queued before languages (and as a fallback). */
  text?: NoticeText;
}

export type OutboundMessage =
  | { channel: 'push'; endpoint: string; notification: PushNotification }
  | { channel: 'email'; to: string; subject: string; text: string }
  /** A reset request for an address: the notifier makes the link and queues its mail, if the account exists. */
  | { channel: 'password-reset'; email: string }
  /** Booking news for a user: the notifier turns it into a push per device, or an e-mail (fan-out.ts). */
  | { channel: 'booking'; userId: string; notification: PushNotification }
  /** A new message in a thread for a user (queued by migration 0030's trigger): fanned out as booking news. */
  | { channel: 'thread'; userId: string; bookingId: string };

/** Priorities: a password reset and its mail go before any booking news. */
export const ACCOUNT = 0;
export const NEWS = 1;

/** Where a row stands in the queue: whose backlog (recipient), how urgent, how deep in it. */
export interface Place {
  recipient: string;
  priority: number;
  /** Given for rows a queued row turns into (they keep its place); else the recipient's depth now. */
  depth?: number;
}

export interface QueuedMessage extends Required<Place> {
  id: number;
  attempts: number;
  lane: string;
  message: OutboundMessage;
}

/** A row's own place when nothing else is said: its user's, or its address's. */
function placeOf(m: OutboundMessage): Place {
  if (m.channel === 'booking' || m.channel === 'thread')
    return { recipient: `user:${m.userId}`, priority: NEWS };
  if (m.channel === 'password-reset') return { recipient: `reset:${m.email}`, priority: ACCOUNT };
  if (m.channel === 'email') return { recipient: `mail:${m.to}`, priority: NEWS };
  return { recipient: `push:${m.endpoint}`, priority: NEWS };
}

/** Rows that go one after another: a device's pushes, an address's mails (account mail apart), a user's events. */
function laneOf(m: OutboundMessage, priority: number): string {
  if (m.channel === 'push') return m.endpoint;
  if (m.channel === 'email') return `${priority === ACCOUNT ? 'account-mail' : 'mail'}:${m.to}`;
  if (m.channel === 'password-reset') return `reset:${m.email}`;
  return `user:${m.userId}`;
}

export async function enqueue(
  db: Db | Tx,
  messages: OutboundMessage[],
  nowMs: number,
  place?: Place,
): Promise<void> {
  if (!messages.length) return;
  const now = new Date(nowMs);
  const { failedAt, recipient, depth, lane, nextAttemptAt } = outboundMessages;
  await db.insert(outboundMessages).values(
    messages.map((m) => {
      const at = place ?? placeOf(m);
      const laneKey = laneOf(m, at.priority);
      return {
        channel: m.channel,
        payload: m,
        createdAt: now,
        lane: laneKey,
        recipient: at.recipient,
        priority: at.priority,
        depth:
          at.depth ??
          sql`(select coalesce(max(${depth}) + 1, 0) from ${outboundMessages} where ${recipient} = ${at.recipient} and ${failedAt} is null)`,
        // Never due before the rows ahead of it in its lane (one held back by a retry).
        nextAttemptAt: sql`greatest(${now}::timestamptz, (select max(${nextAttemptAt}) from ${outboundMessages} where ${lane} = ${laneKey} and ${failedAt} is null))`,
      };
    }),
  );
}

/**
 * Claims up to `limit` due rows for this sender, in the fair order (priority, depth, id), of
 * priority `maxPriority` or more urgent, each the first of its lane: locked rows (another
 * sender's claim running) are skipped, and the claimed ones get a lease, so no other process
 * takes them while they are sent outside any transaction. The attempt is counted here, so a
 * sender that dies mid-send still counts towards the limit.
 */
export async function claimDue(
  db: Db,
  nowMs: number,
  leaseMs: number,
  limit: number,
  maxPriority = NEWS,
): Promise<QueuedMessage[]> {
  const now = new Date(nowMs);
  const m = outboundMessages;
  const earlier = alias(outboundMessages, 'earlier');
  const due = db
    .select({ id: m.id })
    .from(m)
    .where(
      and(
        isNull(m.failedAt),
        lte(m.nextAttemptAt, now),
        or(isNull(m.claimedUntil), lte(m.claimedUntil, now)),
        lte(m.priority, maxPriority),
        notExists(
          db
            .select({ id: earlier.id })
            .from(earlier)
            .where(and(eq(earlier.lane, m.lane), lt(earlier.id, m.id), isNull(earlier.failedAt))),
        ),
      ),
    )
    .orderBy(asc(m.priority), asc(m.depth), asc(m.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(m)
    .set({ claimedUntil: new Date(nowMs + leaseMs), attempts: sql`${m.attempts} + 1` })
    .where(inArray(m.id, due))
    .returning({
      id: m.id,
      attempts: m.attempts,
      payload: m.payload,
      lane: m.lane,
      recipient: m.recipient,
      priority: m.priority,
      depth: m.depth,
    });
  // RETURNING keeps no order: back to the order they were claimed in.
  return rows
    .sort((a, b) => a.priority - b.priority || a.depth - b.depth || a.id - b.id)
    .map(({ payload, ...row }) => ({ ...row, message: payload as OutboundMessage }));
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

// Housekeeping's prune lives with the other row endings; imported from here by main.ts and tests.
export { FAILED_RETENTION_MS, pruneNotifications } from './queue-settle';
