// A user's own protection (issue 30): blocking another user (by e-mail) and reporting a message,
// a booking's other side or a user, with a reason from REPORT_REASONS and words of their own.
// Reporting or blocking oneself is 400; blocking an address with no account is 404.
import { and, desc, eq } from 'drizzle-orm';
import { bookingIdOf } from '@/domain/booking/schema';
import type { BlockRequest, ReportRequest } from '@/domain/team/schema';
import type { Db, Tx } from '../db/client';
import { blocks, bookings, messages, reports, users } from '../db/schema';
import { ApiError } from '../http/errors';

async function userIdByEmail(db: Db | Tx, email: string): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  if (!row) throw new ApiError('user/not-found');
  return row.id;
}

export async function blockUser(db: Db | Tx, me: string, input: BlockRequest, nowMs: number) {
  const other = await userIdByEmail(db, input.email);
  if (other === me) throw new ApiError('block/self');
  await db
    .insert(blocks)
    .values({ blockerId: me, blockedId: other, createdAt: new Date(nowMs) })
    .onConflictDoNothing();
}

export async function unblockUser(db: Db | Tx, me: string, input: BlockRequest) {
  const other = await userIdByEmail(db, input.email);
  await db.delete(blocks).where(and(eq(blocks.blockerId, me), eq(blocks.blockedId, other)));
}

export async function blocksOf(db: Db, me: string) {
  const rows = await db
    .select({ email: users.email, name: users.name, createdAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, me))
    .orderBy(desc(blocks.createdAt));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.getTime() }));
}

interface Subject {
  subjectId: string;
  messageId: string | null;
  bookingId: string | null;
}

/** Whom a report is about, checked against what the reporter may see. */
async function subjectOf(db: Db | Tx, me: string, input: ReportRequest): Promise<Subject> {
  if (input.kind === 'user')
    return { subjectId: await userIdByEmail(db, input.email), messageId: null, bookingId: null };
  if (input.kind === 'message') {
    const [found] = await db
      .select({ id: messages.id, senderId: messages.senderId, booking: bookings })
      .from(messages)
      .innerJoin(bookings, eq(bookings.id, messages.bookingId))
      .where(eq(messages.id, input.messageId));
    if (!found || (found.booking.carrierId !== me && found.booking.travellerId !== me))
      throw new ApiError('report/not-party');
    return { subjectId: found.senderId, messageId: found.id, bookingId: found.booking.id };
  }
  const [booking] = await db
    .select()
    .from(bookings)
    .where(eq(bookings.id, bookingIdOf(input.bookingId)));
  if (!booking || (booking.carrierId !== me && booking.travellerId !== me))
    throw new ApiError('report/not-party');
  return {
    subjectId: booking.carrierId === me ? booking.travellerId : booking.carrierId,
    messageId: null,
    bookingId: booking.id,
  };
}

export async function createReport(
  db: Db | Tx,
  me: string,
  input: ReportRequest,
  nowMs: number,
): Promise<string> {
  const subject = await subjectOf(db, me, input);
  if (subject.subjectId === me) throw new ApiError('report/self');
  const id = crypto.randomUUID();
  await db.insert(reports).values({
    id,
    reporterId: me,
    kind: input.kind,
    ...subject,
    reason: input.reason,
    details: input.details,
    createdAt: new Date(nowMs),
  });
  return id;
}

/** The report-message kind (a thread's Report link) files its report here too. */
export async function fileMessageReport(
  tx: Tx,
  r: {
    reporterId: string;
    subjectId: string;
    messageId: string;
    bookingId: string;
    details: string;
    reason: string;
  },
  nowMs: number,
) {
  const [open] = await tx
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.messageId, r.messageId), eq(reports.reporterId, r.reporterId)));
  if (open) return;
  await tx.insert(reports).values({
    id: crypto.randomUUID(),
    kind: 'message',
    ...r,
    createdAt: new Date(nowMs),
  });
}
