// read-messages: a side's last read message of a thread. It only moves forward (a read state
// arriving late from another device changes nothing), may be sent on a read-only thread, and
// names a message of that thread (anything else: 403, as for a thread that is not yours).
import { sql } from 'drizzle-orm';
import { messageReads } from '../db/schema';
import { ApiError } from '../http/errors';
import { readOf } from '../model/messages.queries';
import { seqOf, threadFor } from '../model/messages.thread';
import type { ServerMutator } from './mutator';

export const readMessages: ServerMutator<'read-messages'> = async ({ tx, user, deps }, input) => {
  const booking = await threadFor(tx, input.bookingId, user.id);
  const seq = await seqOf(tx, booking.id, input.lastReadId);
  if (seq === null) throw new ApiError('thread/forbidden');
  await tx
    .insert(messageReads)
    .values({
      bookingId: booking.id,
      userId: user.id,
      lastReadId: input.lastReadId,
      lastReadSeq: seq,
      updatedAt: new Date(deps.clock.now()),
    })
    .onConflictDoUpdate({
      target: [messageReads.bookingId, messageReads.userId],
      set: {
        lastReadId: sql`excluded.last_read_id`,
        lastReadSeq: sql`excluded.last_read_seq`,
        updatedAt: sql`excluded.updated_at`,
      },
      setWhere: sql`excluded.last_read_seq > ${messageReads.lastReadSeq}`,
    });
  return { status: 200, body: { read: await readOf(tx, booking.id, user.id) } };
};
