// The console's write actions (issue 30), each in the caller's transaction with its audit row:
// a reply to a contact query (mailed; it closes the query), a report's outcome (dismiss, warn,
// suspend), suspending and restoring a user, writing to unmatched searchers, proposing a listing
// for a courier request. A refusal is an ApiError, so the action and its record roll back together.
import { and, eq, or } from 'drizzle-orm';
import { bookingLink } from '@/domain/notify/booking-link';
import { type AuditAction, auditSubject } from '@/domain/team/audit';
import { endSessionsForSuspension, forgetEndedSessions } from '../auth/sessions';
import type { Tx } from '../db/client';
import {
  bookings,
  contactMessages,
  courierRequests,
  listings,
  matchRequests,
  reports,
  users,
} from '../db/schema';
import { ApiError } from '../http/errors';
import { enqueue } from '../notify/queue';
import { localeOf } from '../notify/texts';
import { recordAudit } from './audit.queries';
import { expireOverdueBookings } from './bookings.expiry';
import { readGovernmentIdNumber } from './courier.queries';
import { toKg } from './listings.queries';
import {
  localesOf,
  proposalMail,
  queueMails,
  replyMail,
  searchersMail,
  suspendedMail,
  type Trip,
  warningMail,
} from './team.mail';

export interface Staff {
  id: string;
  email: string;
}

interface Ctx {
  tx: Tx;
  staff: Staff;
  reason: string;
  nowMs: number;
  appUrl: string;
}

const audit = (c: Ctx, action: AuditAction, subjectId: string | null, subject: string) =>
  recordAudit(
    c.tx,
    { actorId: c.staff.id, actorEmail: c.staff.email, action, subjectId, subject, reason: c.reason },
    c.nowMs,
  );

export async function replyToQuery(c: Ctx, id: string, reply: string): Promise<void> {
  const [query] = await c.tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
  if (!query) throw new ApiError('team/not-found');
  if (query.closedAt) throw new ApiError('team/already-handled');
  await c.tx
    .update(contactMessages)
    .set({ reply, repliedBy: c.staff.email, closedAt: new Date(c.nowMs) })
    .where(eq(contactMessages.id, id));
  const locales = await localesOf(c.tx, [query.email]);
  await queueMails(c.tx, [replyMail(query.email, query.message, reply, locales.get(query.email))], c.nowMs);
  await audit(c, 'query.reply', query.userId, auditSubject('query', { email: query.email }));
}

async function userOrNotFound(tx: Tx, id: string) {
  const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!user) throw new ApiError('team/not-found');
  return user;
}

/**
 * Suspends a user: login refused, every session ended (their live streams with them), their
 * listings out of search, their pending bookings declined (the other side told why), but for
 * those already past their time to be answered, which are written expired.
 */
export async function suspendUser(c: Ctx, userId: string): Promise<void> {
  const user = await userOrNotFound(c.tx, userId);
  if (user.suspendedAt) throw new ApiError('team/already-handled');
  const now = new Date(c.nowMs);
  await c.tx.update(users).set({ suspendedAt: now, suspendedReason: c.reason }).where(eq(users.id, userId));
  await endSessionsForSuspension(c.tx, userId, c.nowMs);
  const theirs = or(eq(bookings.travellerId, userId), eq(bookings.carrierId, userId));
  // A pending booking past its time to be answered has expired (its carrier was told so by any
  // answer to it), housekeeping or not: written expired by the housekeeping's own update, dated
  // when it expired, and never declined. The rest are declined.
  await expireOverdueBookings(c.tx, c.nowMs, theirs);
  const declined = await c.tx
    .update(bookings)
    .set({ status: 'rejected', endedAt: now, updatedAt: now })
    .where(and(eq(bookings.status, 'pending'), theirs))
    .returning();
  await enqueue(
    c.tx,
    declined.map((b) => {
      const otherIsCarrier = b.travellerId === userId;
      return {
        channel: 'booking' as const,
        userId: otherIsCarrier ? b.carrierId : b.travellerId,
        notification: {
          title: 'Booking declined',
          body: 'A booking was declined: the other account was suspended by the Carry team.',
          text: { key: 'notify.suspended' },
          url: bookingLink(otherIsCarrier ? 'carrier' : 'traveller', b.id),
          tag: `booking-${b.id}`,
        },
      };
    }),
    c.nowMs,
  );
  await queueMails(c.tx, [suspendedMail(user.email, localeOf(user.locale))], c.nowMs);
  await audit(c, 'user.suspend', userId, user.email);
}

export async function restoreUser(c: Ctx, userId: string): Promise<void> {
  const user = await userOrNotFound(c.tx, userId);
  if (!user.suspendedAt) throw new ApiError('team/already-handled');
  await c.tx.update(users).set({ suspendedAt: null, suspendedReason: null }).where(eq(users.id, userId));
  await forgetEndedSessions(c.tx, userId);
  await audit(c, 'user.restore', userId, user.email);
}

export type ReportAction = 'dismiss' | 'warn' | 'suspend';
const OUTCOME = { dismiss: 'dismissed', warn: 'warned', suspend: 'suspended' } as const;

export async function handleReport(c: Ctx, id: string, action: ReportAction): Promise<void> {
  const [report] = await c.tx.select().from(reports).where(eq(reports.id, id)).for('update');
  if (!report) throw new ApiError('team/not-found');
  if (report.status !== 'open') throw new ApiError('team/already-handled');
  const [subject] = await c.tx.select().from(users).where(eq(users.id, report.subjectId));
  if (!subject) throw new ApiError('team/not-found');
  await c.tx
    .update(reports)
    .set({ status: OUTCOME[action], handledAt: new Date(c.nowMs), handledBy: c.staff.email })
    .where(eq(reports.id, id));
  await audit(
    c,
    `report.${action}`,
    subject.id,
    auditSubject('report', { reason: report.reason, email: subject.email }),
  );
  if (action === 'warn')
    await queueMails(c.tx, [warningMail(subject.email, c.reason, localeOf(subject.locale))], c.nowMs);
  if (action === 'suspend' && !subject.suspendedAt) await suspendUser(c, subject.id);
}

/** Writes to everyone whose search of this route and date found nothing; answers how many. */
export async function contactSearchers(c: Ctx, trip: Trip, message: string): Promise<number> {
  const rows = await c.tx
    .update(matchRequests)
    .set({ contactedAt: new Date(c.nowMs) })
    .where(
      and(
        eq(matchRequests.from, trip.from),
        eq(matchRequests.to, trip.to),
        eq(matchRequests.departure, trip.departure),
      ),
    )
    .returning({ email: matchRequests.email });
  if (!rows.length) throw new ApiError('team/not-found');
  const to = [...new Set(rows.map((r) => r.email))];
  const locales = await localesOf(c.tx, to);
  await queueMails(
    c.tx,
    to.map((email) => searchersMail(email, trip, message, c.appUrl, locales.get(email))),
    c.nowMs,
  );
  await audit(
    c,
    'searches.contact',
    null,
    auditSubject('searchers', {
      from: trip.from,
      to: trip.to,
      departure: trip.departure,
      count: String(to.length),
    }),
  );
  return to.length;
}

export async function proposeListing(c: Ctx, requestId: string, listingId: string): Promise<void> {
  const [request] = await c.tx
    .select({
      id: courierRequests.id,
      userId: courierRequests.userId,
      email: users.email,
      locale: users.locale,
    })
    .from(courierRequests)
    .innerJoin(users, eq(users.id, courierRequests.userId))
    .where(eq(courierRequests.id, requestId));
  if (!request) throw new ApiError('team/not-found');
  const [listing] = await c.tx.select().from(listings).where(eq(listings.id, listingId));
  if (!listing) throw new ApiError('listing/not-found');
  const trip = {
    from: listing.from,
    to: listing.to,
    departure: listing.departure,
    flightNo: listing.flightNo,
    availableKg: toKg(Math.max(0, listing.weightGrams - listing.heldGrams)),
  };
  await queueMails(c.tx, [proposalMail(request.email, trip, c.appUrl, localeOf(request.locale))], c.nowMs);
  await audit(
    c,
    'courier.propose',
    request.userId,
    auditSubject('proposal', {
      email: request.email,
      flight: listing.flightNo,
      departure: listing.departure,
    }),
  );
}

/**
 * "Show full ID": a request's Government ID number in the clear, for the staff member who asked,
 * with the audit row naming them (who saw it, when, why) in the same transaction. The number is
 * answered to them alone: never mailed, logged or written into the audit row.
 */
export async function revealGovernmentId(
  c: Ctx,
  requestId: string,
  key: Uint8Array,
): Promise<{ type: string; number: string }> {
  const [request] = await c.tx
    .select({ userId: courierRequests.userId, email: users.email, details: courierRequests.details })
    .from(courierRequests)
    .innerJoin(users, eq(users.id, courierRequests.userId))
    .where(eq(courierRequests.id, requestId));
  if (!request) throw new ApiError('team/not-found');
  const number = await readGovernmentIdNumber(c.tx, key, requestId);
  if (!number) throw new ApiError('team/no-government-id');
  const type = (request.details as { governmentIdType?: unknown }).governmentIdType;
  await audit(c, 'courier.reveal-id', request.userId, auditSubject('governmentId', { email: request.email }));
  return { type: typeof type === 'string' ? type : '', number };
}
