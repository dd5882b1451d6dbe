// message: a side of a booking writes in its thread (the `message` mutation, and POST
// /api/bookings/:id/messages). The message is stored under the id the device made: the same id
// again (a replay by any path) answers the stored message and stores nothing, and an id taken
// by another message is refused. Four statements with the transaction's own: the sender's row and
// the thread's booking locked with the replay lookup (403 for anyone but its two sides; a
// thread's writes go one after another, a sender's are counted in turn), then read-only (409
// thread/closed, no statement), the rate (429) and the insert in one.
import { eq } from 'drizzle-orm';
import { messages } from '../db/schema';
import { ApiError } from '../http/errors';
import type { Reply } from '../http/idempotency';
import { toMessage } from '../model/messages.queries';
import {
  insertWithinRate,
  lockThreadForMessage,
  requireWritable,
  type StoredMessage,
  type ThreadBooking,
} from '../model/messages.thread';
import type { ServerMutator } from './mutator';

/** The stored message answers a replay of the same message; an id taken otherwise is refused. */
function replayOf(stored: StoredMessage, booking: ThreadBooking, userId: string, text: string): Reply {
  if (stored.senderId !== userId || stored.bookingId !== booking.id || stored.text !== text)
    throw new ApiError('message/id-reused');
  return { status: 200, body: toMessage(stored, booking.carrierId, userId) };
}

export const message: ServerMutator<'message'> = async ({ tx, user, deps }, input) => {
  const now = deps.clock.now();
  const { booking, stored } = await lockThreadForMessage(tx, input.bookingId, user.id, input.id);
  if (stored) return replayOf(stored, booking, user.id, input.text);
  requireWritable(booking, now);
  const row = await insertWithinRate(tx, {
    id: input.id,
    bookingId: booking.id,
    senderId: user.id,
    text: input.text,
    sentAt: new Date(now),
  });
  if (row) return { status: 201, body: toMessage(row, booking.carrierId, user.id) };
  // Another user's message took the id between the check and the insert.
  const [taken] = await tx.select().from(messages).where(eq(messages.id, input.id));
  if (taken) return replayOf(taken, booking, user.id, input.text);
  throw new ApiError('message/id-reused');
};
