// A booking's thread on the server: who may read it (its two sides; anyone else, and anyone
// naming a booking that does not exist, gets the same 403 thread/forbidden, so nobody learns a
// thread exists), and the one way a message is written, postThreadMessage: the SQL function
// post_message() (migration 0024) holds the rule (the sides, read-only 30 days after the booking
// ended, the per-user rate, a message stored once by its id) and the answer's shape, for REST and
// the sync push alike.
import { and, eq, sql } from 'drizzle-orm';
import { bookingIdOf } from '@/domain/booking/schema';
import type { ErrorCode } from '@/domain/errors';
import {
  MESSAGE_RATE_WINDOW_MS,
  MESSAGES_PER_MINUTE,
  type Message,
  THREAD_OPEN_AFTER_END_MS,
} from '@/domain/message/schema';
import type { Db, Tx } from '../db/client';
import { bookings, messages } from '../db/schema';
import { run, type Statement } from '../db/statement';
import { ApiError, type Reply, refusal } from '../http/errors';
import { refuseBlockedThread } from './blocks.checks';

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

/** A message to post: its thread, its sender, the id its device (or the REST call) made. */
export interface NewMessage {
  bookingId: string;
  senderId: string;
  id: string;
  text: string;
}

/** An Idempotency-Key post_message() claims and answers under (REST), with the request it binds. */
export interface MessageKey {
  key: string;
  method: string;
  path: string;
  bodyHash: string;
  /** The oldest a live record of a key may be (older: taken over as new). */
  liveAfter: Date;
}

/** $1 booking … $13 the key's live-after: post_message() (migration 0024). A named statement. */
const POST_MESSAGE: Statement = {
  name: 'post_message',
  text: `SELECT outcome, answer FROM post_message($1, $2, $3, $4, $5::timestamptz, $6::timestamptz, $7::integer,
    $8::text::interval, $9, $10, $11, $12, $13::timestamptz)`,
};

/** The refusals post_message() raises (SQLSTATE P0001, the code as its message). */
const RAISED = new Set<string>([
  'thread/forbidden',
  'thread/closed',
  'message/rate-limited',
  'message/id-reused',
]);

/** A refusal post_message() raised, as its ApiError (a 429's wait from the oldest message's time); else null. */
function refusalOf(err: unknown, nowMs: number): ApiError | null {
  const e = err as { code?: unknown; message?: unknown; detail?: unknown } | null;
  if (e?.code !== 'P0001' || typeof e.message !== 'string' || !RAISED.has(e.message)) return null;
  const code = e.message as ErrorCode;
  if (code !== 'message/rate-limited') return new ApiError(code);
  const oldest = Number(e.detail) || nowMs;
  return refusal(code, {
    retryAfterS: Math.max(1, Math.ceil((oldest + MESSAGE_RATE_WINDOW_MS - nowMs) / 1000)),
  });
}

/**
 * Posts `m` at `nowMs` by post_message(), on `db`'s connection: the pool (its own transaction) or
 * the caller's transaction or savepoint (the `message` mutator), which a refusal (thrown as its
 * ApiError) leaves for the caller to roll back. The answer: 201 the stored message, or 200 the
 * message stored under this id before (the same sender, thread and text). With `key`, the key is
 * claimed and the answer stored under it in the same call; null when the key is taken (its stored
 * answer is found the usual way, src/server/http/idempotency.ts).
 */
export async function postThreadMessage(
  db: Db | Tx,
  m: NewMessage,
  nowMs: number,
  key: MessageKey | null = null,
): Promise<Reply | null> {
  await refuseBlockedThread(db, m.bookingId, m.senderId);
  let rows: { outcome: string; answer: Message | null }[];
  try {
    rows = await run(db, POST_MESSAGE, [
      bookingIdOf(m.bookingId),
      m.senderId,
      m.id,
      m.text,
      new Date(nowMs).toISOString(),
      new Date(nowMs - MESSAGE_RATE_WINDOW_MS).toISOString(),
      MESSAGES_PER_MINUTE,
      `${THREAD_OPEN_AFTER_END_MS} milliseconds`,
      key?.key ?? null,
      key?.method ?? null,
      key?.path ?? null,
      key?.bodyHash ?? null,
      key?.liveAfter.toISOString() ?? null,
    ]);
  } catch (err) {
    throw refusalOf(err, nowMs) ?? err;
  }
  const [row] = rows;
  if (!row?.answer || row.outcome === 'key-taken') return null;
  return { status: row.outcome === 'posted' ? 201 : 200, body: row.answer };
}

/** A thread message's order number by id (within that booking), or null. */
export async function seqOf(db: Db | Tx, bookingId: string, messageId: string): Promise<number | null> {
  const [row] = await db
    .select({ seq: sql<number>`${messages.seq}` })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.bookingId, bookingId)));
  return row ? Number(row.seq) : null;
}
