// POST /api/bookings/:id/messages in one database call: post_message() (migration 0022) claims the
// Idempotency-Key, locks, checks, counts, inserts and stores the answer in its own transaction,
// the same steps in the same order as the `message` mutator inside idempotentWrite (which the
// sync push still runs, and which answers here when the key is already taken: its stored answer,
// 409 idempotency/conflict or 422 idempotency/key-reused, the usual way). A message costs the
// session lookup and this one round trip, not seven (BENCHMARKS.md "Messages: posting under load").
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { bookingIdOf } from '@/domain/booking/schema';
import type { ErrorCode } from '@/domain/errors';
import {
  MESSAGE_RATE_WINDOW_MS,
  MESSAGES_PER_MINUTE,
  messageArgsSchema,
  type messageBodySchema,
  THREAD_OPEN_AFTER_END_MS,
} from '@/domain/message/schema';
import { requireUser } from '../../auth/guard';
import { run, type Statement } from '../../db/statement';
import type { Deps } from '../../deps';
import { ApiError, invalid, refusal, sendReply, toIssues } from '../../http/errors';
import { idempotentWrite, keyedRequest } from '../../http/idempotency';
import type { JsonContext } from '../../http/validate';
import { toMessage } from '../../model/messages.queries';
import { referenceIndex } from '../../model/reference.queries';
import { runMutator } from '../../mutators';

const POST_MESSAGE: Statement = {
  name: 'post_message',
  text: `SELECT * FROM post_message($1, $2, $3, $4, $5::timestamptz, $6::timestamptz, $7::integer,
    $8::text::interval, $9, $10, $11, $12, $13::timestamptz)`,
};

/** The refusals post_message() raises (SQLSTATE P0001, the code as its message). */
const RAISED = new Set<string>([
  'thread/forbidden',
  'thread/closed',
  'message/rate-limited',
  'message/id-reused',
]);

/** A refusal post_message() raised, as the ApiError the mutator would have thrown; else null. */
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

export async function postMessage(c: JsonContext<typeof messageBodySchema>, deps: Deps): Promise<Response> {
  const user = requireUser(c);
  const parsed = v.safeParse(messageArgsSchema, {
    bookingId: c.req.param('id') ?? '',
    id: randomUUID(),
    text: c.req.valid('json').text,
  });
  if (!parsed.success) throw invalid(toIssues(parsed.issues));
  const args = parsed.output;
  const keyed = await keyedRequest(c);
  const nowMs = deps.clock.now();
  let rows: Record<string, unknown>[];
  try {
    rows = await run(deps.db, POST_MESSAGE, [
      bookingIdOf(args.bookingId),
      user.id,
      args.id,
      args.text,
      new Date(nowMs).toISOString(),
      new Date(nowMs - MESSAGE_RATE_WINDOW_MS).toISOString(),
      MESSAGES_PER_MINUTE,
      `${THREAD_OPEN_AFTER_END_MS} milliseconds`,
      keyed?.key ?? null,
      keyed?.request.method ?? null,
      keyed?.request.path ?? null,
      keyed?.request.bodyHash ?? null,
      new Date(nowMs - deps.config.idempotencyRetentionMs).toISOString(),
    ]);
  } catch (err) {
    throw refusalOf(err, nowMs) ?? err;
  }
  const [row] = rows;
  if (row?.outcome !== 'posted') {
    // The key is taken: its stored answer (or a refusal of the key) as any keyed write finds it.
    const ref = await referenceIndex(deps.db);
    return idempotentWrite(c, deps, user.id, (tx) => runMutator({ tx, user, deps, ref }, 'message', args));
  }
  const message = toMessage(
    {
      id: String(row.m_id),
      seq: Number(row.m_seq),
      bookingId: String(row.m_booking),
      senderId: String(row.m_sender),
      text: String(row.m_text),
      sentAt: row.m_sent_at instanceof Date ? row.m_sent_at : new Date(String(row.m_sent_at)),
    },
    String(row.carrier),
    user.id,
  );
  return sendReply(c, { status: 201, body: message });
}
