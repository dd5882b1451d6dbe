// Messages between a booking's traveller and its carrier: one thread per booking, open from the
// booking (pending) until 30 days after it ends, then read-only. The same schemas check a
// message on the device (before it is queued) and on the server (the `message` mutation and
// POST /api/bookings/:id/messages).
import * as v from 'valibot';
import { optionalText, requiredText } from '../common';
import { LONG_TEXT_MAX_LENGTH } from '../constants';
import { REPORT_REASON_KEYS } from '../team/reasons';
import { MSG, requiredMessage } from '../texts';

/** 1 to 2,000 characters (after trimming), line breaks allowed. */
export const MESSAGE_TEXT_MAX_CHARS = LONG_TEXT_MAX_LENGTH;
/** A thread takes messages until this long after its booking ended (completed, cancelled, ...). */
export const THREAD_OPEN_AFTER_END_MS = 30 * 24 * 60 * 60 * 1000;
/** Messages one user may send in any minute (429 message/rate-limited beyond). */
export const MESSAGES_PER_MINUTE = 30;
export const MESSAGE_RATE_WINDOW_MS = 60_000;
/** A report's optional reason. */
export const REPORT_REASON_MAX_CHARS = 500;
/**
 * What one pull carries: the newest MESSAGES_PER_THREAD_IN_PULL of each thread, and of those the
 * newest MESSAGES_IN_PULL in all (older ones stay on the server: GET /api/bookings/:id/messages).
 */
export const MESSAGES_PER_THREAD_IN_PULL = 500;
export const MESSAGES_IN_PULL = 3000;

/** The one-line reminder a booking's thread shows: how payment really happens (Carry takes no money). */
export const THREAD_PAYMENT_REMINDER =
  "Pay the carrier at the hand-off through the app's UPI code or in cash, and mark it in the booking";

/** The side of a booking a message comes from. */
export const THREAD_SIDES = ['traveller', 'carrier'] as const;
export type ThreadSide = (typeof THREAD_SIDES)[number];

/**
 * The text rules of every multi-line field (src/domain/common.ts): trimmed, no control characters
 * but line breaks and tabs, no bidi overrides, not only invisible characters, well-formed Unicode.
 */
export const messageTextSchema = requiredText(MSG.messageRequired, MESSAGE_TEXT_MAX_CHARS, {
  lines: true,
  tooLong: MSG.messageTooLong,
});

/** Ids a device makes (crypto.randomUUID): the message's id on the server too. */
const uuidSchema = v.pipe(v.string(), v.uuid(requiredMessage('Message id')));
const bookingIdSchema = requiredText(requiredMessage('Booking'));

/** The `message` mutation: a message the device made, under its own id (exactly once by id). */
export const messageArgsSchema = v.object({
  bookingId: bookingIdSchema,
  id: uuidSchema,
  text: messageTextSchema,
});
export type MessageArgs = v.InferOutput<typeof messageArgsSchema>;

/** POST /api/bookings/:id/messages: the booking comes from the path, the id from the server. */
export const messageBodySchema = v.object({ text: messageTextSchema });

/** The `read-messages` mutation: my last read message of a thread (it only moves forward). */
export const readMessagesArgsSchema = v.object({
  bookingId: bookingIdSchema,
  lastReadId: uuidSchema,
});
export type ReadMessagesArgs = v.InferOutput<typeof readMessagesArgsSchema>;

/** The `report-message` mutation: a message of the other side kept for review with its thread. */
export const reportMessageArgsSchema = v.object({
  messageId: uuidSchema,
  reason: optionalText(REPORT_REASON_MAX_CHARS, { lines: true }),
  /** One of REPORT_REASONS (domain/team/schema.ts); older devices send none: 'other'. */
  category: v.optional(v.picklist(REPORT_REASON_KEYS), 'other'),
});
export type ReportMessageArgs = v.InferOutput<typeof reportMessageArgsSchema>;

/** GET /api/bookings/:id/messages?after=<message id> */
export const messagesQuerySchema = v.object({ after: v.optional(uuidSchema) });

/**
 * A message as the server stores and sends it (REST answers, pulls). `from` is the sender's side
 * of the booking; `mine` whether the user it was sent to wrote it; `seq` the server's order
 * (increasing in the order messages were stored; within a thread, the order of the thread);
 * `sentAt` the server's time, ISO 8601.
 */
export const messageSchema = v.object({
  id: v.string(),
  bookingId: v.string(),
  from: v.picklist(THREAD_SIDES),
  text: v.string(),
  sentAt: v.string(),
  seq: v.number(),
  mine: v.boolean(),
});
export type Message = v.InferOutput<typeof messageSchema>;

/**
 * Read state of one thread as a user sees it (a pull collection beside messages): my last read
 * message and the other side's ("Seen"), each with its seq (0: nothing read). `id` is the
 * booking's id (one row per thread).
 */
export const threadReadSchema = v.object({
  id: v.string(),
  bookingId: v.string(),
  mine: v.nullable(v.string()),
  mineSeq: v.number(),
  theirs: v.nullable(v.string()),
  theirsSeq: v.number(),
});
export type ThreadRead = v.InferOutput<typeof threadReadSchema>;

export const messagesResponseSchema = v.object({ messages: v.array(messageSchema) });

/** Statuses after which a booking has ended (its thread closes 30 days later). */
const ENDED = new Set(['rejected', 'cancelled', 'completed', 'expired']);

/**
 * When a booking's thread closes, from its status and when it ended (ms); null while it has not
 * ended (pending, accepted), or when its end is not known yet (a status change this device made
 * and the server has not confirmed: it ended just now, so the thread is open).
 */
export function threadClosesAt(status: string, endedAtMs: number | null): number | null {
  if (!ENDED.has(status) || endedAtMs === null) return null;
  return endedAtMs + THREAD_OPEN_AFTER_END_MS;
}

/** Whether a thread takes new messages at `nowMs`. */
export function threadWritable(status: string, endedAtMs: number | null, nowMs: number): boolean {
  const closes = threadClosesAt(status, endedAtMs);
  return closes === null || nowMs < closes;
}
