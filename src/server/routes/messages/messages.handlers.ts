// REST for API users over a booking's thread, backed by the `message` mutator the sync push runs:
//   POST /api/bookings/:bookingId/messages {text} (Idempotency-Key: the same key answers the stored
//     message again) -> 201 the stored message {id, bookingId, from, text, sentAt, seq, mine}
//     (messages.post.ts: one call of post_message(), the message rule the mutator runs too);
//     429 message/rate-limited with Retry-After past 30 a minute; 409 thread/closed once read-only;
//   GET /api/bookings/:bookingId/messages?after=<message id> -> {messages: [...]} oldest first, after that
//     message (from the start without `after`), MESSAGES_PAGE_SIZE at most: ask again after the last.
//   PUT /api/bookings/:bookingId/viewing -> 200 {until}: this device has the thread on screen until
//     then (THREAD_VIEW_TTL_MS; renewed while it stays): messages to me there send no push or mail;
//   DELETE /api/bookings/:bookingId/viewing -> 200: it left the thread.
// Anyone but the booking's two sides, for a booking that exists or not: 403 thread/forbidden.
import type { Context } from 'hono';
import { THREAD_VIEW_TTL_MS } from '@/domain/message/notice';
import type { messagesQuerySchema } from '@/domain/message/schema';
import { requireUser, tokenOf } from '../../auth/guard';
import { hashToken } from '../../auth/sessions';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../http/app-env';
import { ApiError, invalid } from '../../http/errors';
import type { QueryContext } from '../../http/validate';
import { threadMessages } from '../../model/messages.queries';
import { seqOf, threadFor } from '../../model/messages.thread';
import { leaveThread, viewThread } from '../../model/messages.views';

export { postMessage as post } from './messages.post';

/** Messages one GET answers at most. */
export const MESSAGES_PAGE_SIZE = 500;

export async function list(c: QueryContext<typeof messagesQuerySchema>, deps: Deps): Promise<Response> {
  const user = requireUser(c);
  const { after } = c.req.valid('query');
  const booking = await threadFor(deps.db, c.req.param('bookingId') ?? '', user.id);
  let afterSeq = 0;
  if (after !== undefined) {
    const seq = await seqOf(deps.db, booking.id, after);
    if (seq === null) throw invalid([{ path: 'after', message: 'No such message in this thread' }]);
    afterSeq = seq;
  }
  const messages = await threadMessages(deps.db, booking, user.id, afterSeq, MESSAGES_PAGE_SIZE);
  return c.json({ messages });
}

/** The session's thread view: the user, the booking (403 unless theirs) and the session it is kept for. */
async function viewOf(c: Context<AppEnv>, deps: Deps) {
  const user = requireUser(c);
  const token = tokenOf(c);
  if (!token) throw new ApiError('auth/required');
  const booking = await threadFor(deps.db, c.req.param('bookingId') ?? '', user.id);
  return { sessionHash: hashToken(token), userId: user.id, bookingId: booking.id };
}

export async function view(c: Context<AppEnv>, deps: Deps): Promise<Response> {
  const untilMs = deps.clock.now() + THREAD_VIEW_TTL_MS;
  await viewThread(deps.db, await viewOf(c, deps), untilMs);
  return c.json({ until: new Date(untilMs).toISOString() });
}

export async function leave(c: Context<AppEnv>, deps: Deps): Promise<Response> {
  const { sessionHash, bookingId } = await viewOf(c, deps);
  await leaveThread(deps.db, sessionHash, bookingId);
  return c.json({ message: 'Left the thread' });
}
