// report-message: a side of a booking reports a message of the other side. The report is kept
// for review beside the thread (which stays stored); reporting it again changes nothing.
import { eq } from 'drizzle-orm';
import { messageReports, messages } from '../db/schema';
import { ApiError } from '../http/errors';
import { threadFor } from '../model/messages.thread';
import { fileMessageReport } from '../model/safety.queries';
import type { ServerMutator } from './mutator';

export const reportMessage: ServerMutator<'report-message'> = async ({ tx, user, deps }, input) => {
  const [found] = await tx.select().from(messages).where(eq(messages.id, input.messageId));
  if (!found) throw new ApiError('thread/forbidden');
  const booking = await threadFor(tx, found.bookingId, user.id);
  if (found.senderId === user.id) throw new ApiError('message/own');
  await tx
    .insert(messageReports)
    .values({
      messageId: found.id,
      reporterId: user.id,
      bookingId: booking.id,
      reason: input.reason,
      createdAt: new Date(deps.clock.now()),
    })
    .onConflictDoNothing();
  // The team's console reads every report from one table (issue 30).
  await fileMessageReport(
    tx,
    {
      reporterId: user.id,
      subjectId: found.senderId,
      messageId: found.id,
      bookingId: booking.id,
      details: input.reason,
      reason: input.category,
    },
    deps.clock.now(),
  );
  return { status: 201, body: { reported: found.id } };
};
