// Payment disputes in the team's console (issue 31): a carrier's "not received" answer to a
// traveller's "I paid" is kept in payment_disputes (mutators/payments.ts); the console lists them
// with the booking's two sides, flight, total and the reference the traveller gave, and the team
// marks one resolved once it has followed it up with both (the booking's payment record stays as
// the two sides left it); both sides are then told, with the team's resolution (its reason:
// notify/dispute-notice.ts). Open ones first come from the partial index on created_at.
import { and, desc, eq, ilike, isNotNull, isNull, or } from 'drizzle-orm';
import { auditSubject } from '@/domain/team/audit';
import type { Db, Tx } from '../db/client';
import { bookings, listings, paymentDisputes } from '../db/schema';
import { ApiError } from '../http/errors';
import { queueDisputeResolved } from '../notify/dispute-notice';
import { recordAudit } from './audit.queries';
import type { Staff } from './team.actions';
import { afterCursor, pageOf } from './team.page';
import { type PageQuery, prefixOf } from './team.queries';

/** Open disputes (the default), resolved ones, or all; `q` is a prefix of either side's e-mail. */
export async function disputePage(db: Db, p: PageQuery) {
  const status =
    p.status === 'all'
      ? undefined
      : p.status === 'resolved'
        ? isNotNull(paymentDisputes.resolvedAt)
        : isNull(paymentDisputes.resolvedAt);
  const who = p.q
    ? or(ilike(bookings.email, prefixOf(p.q)), ilike(bookings.carrierEmail, prefixOf(p.q)))
    : undefined;
  const rows = await db
    .select({
      dispute: paymentDisputes,
      booking: {
        id: bookings.id,
        status: bookings.status,
        cost: bookings.cost,
        weightGrams: bookings.weightGrams,
        travellerName: bookings.name,
        travellerEmail: bookings.email,
        carrierName: bookings.carrierName,
        carrierEmail: bookings.carrierEmail,
        paymentState: bookings.paymentState,
      },
      flight: {
        flightNo: listings.flightNo,
        from: listings.from,
        to: listings.to,
        departure: listings.departure,
      },
    })
    .from(paymentDisputes)
    .innerJoin(bookings, eq(bookings.id, paymentDisputes.bookingId))
    .innerJoin(listings, eq(listings.id, bookings.listingId))
    .where(and(status, who, afterCursor(paymentDisputes.createdAt, paymentDisputes.id, p.cursor)))
    .orderBy(desc(paymentDisputes.createdAt), desc(paymentDisputes.id))
    .limit(p.limit + 1);
  return pageOf(
    rows,
    p.limit,
    (r) => [r.dispute.createdAt.getTime(), r.dispute.id],
    (r) => ({
      id: r.dispute.id,
      createdAt: r.dispute.createdAt.getTime(),
      resolvedAt: r.dispute.resolvedAt?.getTime() ?? null,
      claimedRef: r.dispute.claimedRef,
      booking: {
        id: r.booking.id,
        status: r.booking.status,
        cost: r.booking.cost,
        weightGrams: r.booking.weightGrams,
        paymentState: r.booking.paymentState,
      },
      traveller: { name: r.booking.travellerName, email: r.booking.travellerEmail },
      carrier: { name: r.booking.carrierName, email: r.booking.carrierEmail },
      ...r.flight,
    }),
  );
}

interface Ctx {
  tx: Tx;
  staff: Staff;
  reason: string;
  nowMs: number;
}

/** Marks an open dispute resolved, with its audit row; 404 unknown, 409 already resolved. */
export async function resolveDispute(c: Ctx, id: string): Promise<void> {
  const [row] = await c.tx
    .select({
      dispute: paymentDisputes,
      booking: {
        id: bookings.id,
        email: bookings.email,
        carrierEmail: bookings.carrierEmail,
        carrierId: bookings.carrierId,
        travellerId: bookings.travellerId,
        weightGrams: bookings.weightGrams,
        cost: bookings.cost,
      },
      flightNo: listings.flightNo,
    })
    .from(paymentDisputes)
    .innerJoin(bookings, eq(bookings.id, paymentDisputes.bookingId))
    .innerJoin(listings, eq(listings.id, bookings.listingId))
    .where(eq(paymentDisputes.id, id))
    .for('update', { of: paymentDisputes });
  if (!row) throw new ApiError('team/not-found');
  if (row.dispute.resolvedAt) throw new ApiError('team/already-handled');
  await c.tx
    .update(paymentDisputes)
    .set({ resolvedAt: new Date(c.nowMs) })
    .where(eq(paymentDisputes.id, id));
  await recordAudit(
    c.tx,
    {
      actorId: c.staff.id,
      actorEmail: c.staff.email,
      action: 'dispute.resolve',
      subjectId: row.dispute.raisedBy,
      subject: auditSubject('dispute', {
        booking: row.dispute.bookingId,
        traveller: row.booking.email,
        carrier: row.booking.carrierEmail,
      }),
      reason: c.reason,
    },
    c.nowMs,
  );
  // Both sides are told, with the team's resolution (the notifier sends it after the commit).
  await queueDisputeResolved(c.tx, { ...row.booking, flightNo: row.flightNo }, c.reason, c.nowMs);
}
