// A booking's thread on the server: who may read and write it (its two sides; anyone else, and
// anyone naming a booking that does not exist, gets the same 403 thread/forbidden, so nobody
// learns a thread exists), when it turns read-only (30 days after the booking ended), and the
// per-user rate of messages.
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { bookingIdOf } from '@/domain/booking/schema';
import { MESSAGE_RATE_WINDOW_MS, MESSAGES_PER_MINUTE, threadWritable } from '@/domain/message/schema';
import type { Db, Tx } from '../db/client';
import { bookings, messages, users } from '../db/schema';
import { ApiError, refusal } from '../http/errors';
import { isOverdue } from './bookings.expiry';

export type BookingRow = typeof bookings.$inferSelect;

/**
 * The booking of a thread `userId` is a side of, else 403 thread/forbidden. `lock`: held until the
 * transaction ends (FOR NO KEY UPDATE: writes to one thread go one after another, so its seq order
 * is its commit order; other users' foreign keys to the booking are not blocked).
 */
export async function threadFor(db: Db | Tx, rawBookingId: string, userId: string, lock = false) {
  const query = db
    .select()
    .from(bookings)
    .where(eq(bookings.id, bookingIdOf(rawBookingId)));
  const [booking] = lock ? await query.for('no key update') : await query;
  if (!booking || (booking.carrierId !== userId && booking.travellerId !== userId))
    throw new ApiError('thread/forbidden');
  return booking;
}

/**
 * The message mutator's first statement: locks the sender's row (their messages are counted one
 * after another) and the thread's booking (threadFor with the lock), and finds the message stored
 * under `messageId` if any (anywhere). FOR NO KEY UPDATE does not block others' foreign keys.
 */
export async function lockThreadForMessage(tx: Tx, rawBookingId: string, userId: string, messageId: string) {
  const [row] = await tx
    .select({ booking: bookings, stored: messages, sender: users.id })
    .from(bookings)
    .innerJoin(users, eq(users.id, userId))
    .leftJoin(messages, eq(messages.id, messageId))
    .where(eq(bookings.id, bookingIdOf(rawBookingId)))
    .for('no key update', { of: [bookings, users] });
  const booking = row?.booking;
  if (!booking || (booking.carrierId !== userId && booking.travellerId !== userId))
    throw new ApiError('thread/forbidden');
  return { booking, stored: row.stored };
}

/** When the booking ended (ms), or null: a pending booking past its expiry ended then. */
export function endedAtMs(b: BookingRow, nowMs: number): number | null {
  if (b.status === 'pending') return isOverdue(b, nowMs) ? (b.expiresAt?.getTime() ?? nowMs) : null;
  if (b.status === 'accepted') return null;
  return (b.endedAt ?? b.updatedAt).getTime();
}

/** 409 thread/closed once 30 days have passed since the booking ended. */
export function requireWritable(b: BookingRow, nowMs: number): void {
  // An overdue pending booking has ended: its status for the rule is 'expired'.
  const status = b.status === 'pending' && isOverdue(b, nowMs) ? 'expired' : b.status;
  if (!threadWritable(status, endedAtMs(b, nowMs), nowMs)) throw new ApiError('thread/closed');
}

/** 429 message/rate-limited with the wait (Retry-After, a push result's retryAfter) until the oldest of the user's last minute's messages is a minute old. */
async function rateError(tx: Tx, userId: string, nowMs: number): Promise<ApiError> {
  const [oldest] = await tx
    .select({ sentAt: messages.sentAt })
    .from(messages)
    .where(and(eq(messages.senderId, userId), gt(messages.sentAt, new Date(nowMs - MESSAGE_RATE_WINDOW_MS))))
    .orderBy(asc(messages.sentAt))
    .limit(1);
  const at = oldest?.sentAt.getTime() ?? nowMs;
  return refusal('message/rate-limited', {
    retryAfterS: Math.max(1, Math.ceil((at + MESSAGE_RATE_WINDOW_MS - nowMs) / 1000)),
  });
}

export type StoredMessage = typeof messages.$inferSelect;

/**
 * Inserts the message unless its sender has sent MESSAGES_PER_MINUTE in the last minute (then
 * rate refusal) or its id is taken (then null), in one statement. The caller holds the lock
 * on the sender's row (lockThreadForMessage), so this statement's snapshot holds every message
 * of theirs committed before: parallel sends are counted in turn.
 */
export async function insertWithinRate(
  tx: Tx,
  m: { id: string; bookingId: string; senderId: string; text: string; sentAt: Date },
): Promise<StoredMessage | null> {
  const since = new Date(m.sentAt.getTime() - MESSAGE_RATE_WINDOW_MS);
  const result = await tx.execute(sql`
    WITH recent AS (
      SELECT 1 FROM ${messages}
      WHERE ${messages.senderId} = ${m.senderId} AND ${messages.sentAt} > ${since}
      LIMIT ${MESSAGES_PER_MINUTE}
    ), within AS (SELECT count(*) < ${MESSAGES_PER_MINUTE} AS ok FROM recent),
    inserted AS (
      INSERT INTO ${messages} ("id", "booking_id", "sender_id", "text", "sent_at")
      SELECT ${m.id}, ${m.bookingId}, ${m.senderId}, ${m.text}, ${m.sentAt} FROM within WHERE ok
      ON CONFLICT ("id") DO NOTHING
      RETURNING "id", "seq", "booking_id", "sender_id", "text", "sent_at"
    )
    SELECT within.ok, inserted.* FROM within LEFT JOIN inserted ON true`);
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  if (!row?.ok) throw await rateError(tx, m.senderId, m.sentAt.getTime());
  if (row.id == null) return null;
  return {
    id: String(row.id),
    seq: Number(row.seq),
    bookingId: String(row.booking_id),
    senderId: String(row.sender_id),
    text: String(row.text),
    sentAt: row.sent_at instanceof Date ? row.sent_at : new Date(String(row.sent_at)),
  };
}

/** A thread message's order number by id (within that booking), or null. */
export async function seqOf(db: Db | Tx, bookingId: string, messageId: string): Promise<number | null> {
  const [row] = await db
    .select({ seq: sql<number>`${messages.seq}` })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.bookingId, bookingId)));
  return row ? Number(row.seq) : null;
}
