// A booking's thread on the server: who may read and write it (its two sides; anyone else, and
// anyone naming a booking that does not exist, gets the same 403 thread/forbidden, so nobody
// learns a thread exists), when it turns read-only (30 days after the booking ended), and the
// per-user rate of messages.
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { bookingIdOf } from '@/domain/booking/schema';
import { MESSAGE_RATE_WINDOW_MS, MESSAGES_PER_MINUTE, threadWritable } from '@/domain/message/schema';
import type { Db, Tx } from '../db/client';
import { bookings, messages } from '../db/schema';
import { run, type Statement } from '../db/statement';
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

/** What the message path reads of a thread's booking: its sides and what decides read-only. */
export type ThreadBooking = Pick<
  BookingRow,
  'id' | 'carrierId' | 'travellerId' | 'status' | 'expiresAt' | 'endedAt' | 'updatedAt'
>;

const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
const toDateOrNull = (v: unknown): Date | null => (v == null ? null : toDate(v));

/** A messages row as a named statement returns it (columns prefixed `prefix`). */
function storedOf(row: Record<string, unknown>, prefix = ''): StoredMessage {
  return {
    id: String(row[`${prefix}id`]),
    seq: Number(row[`${prefix}seq`]),
    bookingId: String(row[`${prefix}booking_id`]),
    senderId: String(row[`${prefix}sender_id`]),
    text: String(row[`${prefix}text`]),
    sentAt: toDate(row[`${prefix}sent_at`]),
  };
}

/** $1 booking id, $2 sender id, $3 message id. */
const LOCK_THREAD: Statement = {
  name: 'message_lock_thread',
  text: `SELECT b.id, b.carrier_id, b.traveller_id, b.status, b.expires_at, b.ended_at, b.updated_at,
      m.id AS m_id, m.seq AS m_seq, m.booking_id AS m_booking_id, m.sender_id AS m_sender_id,
      m.text AS m_text, m.sent_at AS m_sent_at
    FROM bookings b
    JOIN users u ON u.id = $2
    LEFT JOIN messages m ON m.id = $3
    WHERE b.id = $1
    FOR NO KEY UPDATE OF b, u`,
};

/**
 * The message mutator's first statement: locks the sender's row (their messages are counted one
 * after another) and the thread's booking (threadFor with the lock), and finds the message stored
 * under `messageId` if any (anywhere). FOR NO KEY UPDATE does not block others' foreign keys.
 * A named statement (src/server/db/statement.ts): parsed once per connection.
 */
export async function lockThreadForMessage(
  tx: Tx,
  rawBookingId: string,
  userId: string,
  messageId: string,
): Promise<{ booking: ThreadBooking; stored: StoredMessage | null }> {
  const [row] = await run(tx, LOCK_THREAD, [bookingIdOf(rawBookingId), userId, messageId]);
  if (!row || (row.carrier_id !== userId && row.traveller_id !== userId))
    throw new ApiError('thread/forbidden');
  const booking: ThreadBooking = {
    id: String(row.id),
    carrierId: String(row.carrier_id),
    travellerId: String(row.traveller_id),
    status: row.status as BookingRow['status'],
    expiresAt: toDateOrNull(row.expires_at),
    endedAt: toDateOrNull(row.ended_at),
    updatedAt: toDate(row.updated_at),
  };
  return { booking, stored: row.m_id == null ? null : storedOf(row, 'm_') };
}

/** When the booking ended (ms), or null: a pending booking past its expiry ended then. */
export function endedAtMs(b: ThreadBooking, nowMs: number): number | null {
  if (b.status === 'pending') return isOverdue(b, nowMs) ? (b.expiresAt?.getTime() ?? nowMs) : null;
  if (b.status === 'accepted') return null;
  return (b.endedAt ?? b.updatedAt).getTime();
}

/** 409 thread/closed once 30 days have passed since the booking ended. */
export function requireWritable(b: ThreadBooking, nowMs: number): void {
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
 * $1 sender, $2 the rate window's start, $3 id, $4 booking, $5 text, $6 sent at: the insert unless
 * the sender has MESSAGES_PER_MINUTE messages since $2 (then `ok` false) or the id is taken (then
 * no inserted columns).
 */
const INSERT_WITHIN_RATE: Statement = {
  name: 'message_insert_within_rate',
  text: `WITH recent AS (
      SELECT 1 FROM messages WHERE sender_id = $1 AND sent_at > $2::timestamptz
      LIMIT ${MESSAGES_PER_MINUTE}
    ), within AS (SELECT count(*) < ${MESSAGES_PER_MINUTE} AS ok FROM recent),
    inserted AS (
      INSERT INTO messages (id, booking_id, sender_id, text, sent_at)
      SELECT $3, $4, $1, $5, $6::timestamptz FROM within WHERE ok
      ON CONFLICT (id) DO NOTHING
      RETURNING id, seq, booking_id, sender_id, text, sent_at
    )
    SELECT within.ok, inserted.* FROM within LEFT JOIN inserted ON true`,
};

/**
 * Inserts the message unless its sender has sent MESSAGES_PER_MINUTE in the last minute (then
 * rate refusal) or its id is taken (then null), in one named statement. The caller holds the lock
 * on the sender's row (lockThreadForMessage), so this statement's snapshot holds every message
 * of theirs committed before: parallel sends are counted in turn.
 */
export async function insertWithinRate(
  tx: Tx,
  m: { id: string; bookingId: string; senderId: string; text: string; sentAt: Date },
): Promise<StoredMessage | null> {
  const since = new Date(m.sentAt.getTime() - MESSAGE_RATE_WINDOW_MS);
  const [row] = await run(tx, INSERT_WITHIN_RATE, [
    m.senderId,
    since.toISOString(),
    m.id,
    m.bookingId,
    m.text,
    m.sentAt.toISOString(),
  ]);
  if (!row?.ok) throw await rateError(tx, m.senderId, m.sentAt.getTime());
  if (row.id == null) return null;
  return storedOf(row);
}

/** A thread message's order number by id (within that booking), or null. */
export async function seqOf(db: Db | Tx, bookingId: string, messageId: string): Promise<number | null> {
  const [row] = await db
    .select({ seq: sql<number>`${messages.seq}` })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.bookingId, bookingId)));
  return row ? Number(row.seq) : null;
}
