// The payment record of a booking (issue 31), for REST and push alike: the carrier marks it
// received (UPI or cash), the traveller says "I paid" with the UPI transaction reference, and the
// carrier confirms that or disputes it (a dispute is kept in payment_disputes for the team). A
// payment is recorded on an accepted or completed booking only; its amount is the booking's
// stored total, never the client's. Each write moves updated_at, so both sides' rows sync.
import { eq } from 'drizzle-orm';
import { upiReferenceOf } from '@/domain/payment/upi';
import type { Tx } from '../db/client';
import { bookings, listings, paymentDisputes } from '../db/schema';
import { ApiError } from '../http/errors';
import type { OrderSide } from '../model/bookings.queries';
import { toOrder } from '../model/bookings.queries';
import { queueBookingEvent } from '../notify/booking-events';
import type { ServerMutator } from './mutator';

type BookingRow = typeof bookings.$inferSelect;

/** The booking, locked; 404 when it does not exist; 409 unless accepted or completed. */
async function lockPayable(tx: Tx, bookingId: string): Promise<BookingRow> {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
  if (!booking) throw new ApiError('booking/not-found');
  return booking;
}

function checkPayable(booking: BookingRow) {
  if (booking.status !== 'accepted' && booking.status !== 'completed')
    throw new ApiError('payment/not-payable');
}

async function answer(tx: Tx, bookingId: string, set: Partial<BookingRow>, nowMs: number, side: OrderSide) {
  const [row] = await tx
    .update(bookings)
    .set({ ...set, updatedAt: new Date(nowMs) })
    .where(eq(bookings.id, bookingId))
    .returning();
  if (!row) throw new Error('booking vanished inside its transaction');
  const [listing] = await tx.select().from(listings).where(eq(listings.id, row.listingId));
  if (!listing) throw new Error('listing vanished inside its transaction');
  return { row, order: toOrder(row, listing, side) };
}

export const paymentReceived: ServerMutator<'payment-received'> = async ({ tx, user, deps }, input) => {
  const booking = await lockPayable(tx, input.bookingId);
  if (booking.carrierId !== user.id) throw new ApiError('payment/not-carrier');
  checkPayable(booking);
  const now = deps.clock.now();
  // Already received (a second device, or an API user's repeat): the record stands as it is.
  if (booking.paymentState === 'received') {
    const { order } = await answer(tx, booking.id, {}, booking.updatedAt.getTime(), 'carrier');
    return { status: 200, body: { message: 'Payment already recorded', booking: order } };
  }
  const reference = input.method === 'upi' ? (booking.paymentClaimRef ?? upiReferenceOf(booking.id)) : null;
  const { row, order } = await answer(
    tx,
    booking.id,
    { paymentState: 'received', paymentMethod: input.method, paymentRef: reference, paidAt: new Date(now) },
    now,
    'carrier',
  );
  await queueBookingEvent(tx, deps, 'payment-received', 'received', row);
  return { status: 200, body: { message: 'Payment received', booking: order } };
};

export const paymentClaim: ServerMutator<'payment-claim'> = async ({ tx, user, deps }, input) => {
  const booking = await lockPayable(tx, input.bookingId);
  if (booking.travellerId !== user.id) throw new ApiError('payment/not-traveller');
  checkPayable(booking);
  if (booking.paymentState === 'received') throw new ApiError('payment/already-received');
  const now = deps.clock.now();
  const { row, order } = await answer(
    tx,
    booking.id,
    { paymentState: 'claimed', paymentClaimRef: input.reference, paymentClaimedAt: new Date(now) },
    now,
    'passenger',
  );
  await queueBookingEvent(tx, deps, 'payment-claim', 'claimed', row);
  return { status: 200, body: { message: 'Payment reported', booking: order } };
};

export const paymentAnswer: ServerMutator<'payment-answer'> = async ({ tx, user, deps }, input) => {
  const booking = await lockPayable(tx, input.bookingId);
  if (booking.carrierId !== user.id) throw new ApiError('payment/not-carrier');
  checkPayable(booking);
  if (booking.paymentState !== 'claimed') throw new ApiError('payment/no-claim');
  const now = deps.clock.now();
  const set: Partial<BookingRow> =
    input.answer === 'confirm'
      ? {
          paymentState: 'received',
          paymentMethod: 'upi',
          paymentRef: booking.paymentClaimRef,
          paidAt: new Date(now),
        }
      : { paymentState: 'disputed' };
  const { row, order } = await answer(tx, booking.id, set, now, 'carrier');
  if (input.answer === 'dispute') {
    // The team's console reads open disputes from here (resolved_at null).
    await tx.insert(paymentDisputes).values({
      id: crypto.randomUUID(),
      bookingId: booking.id,
      raisedBy: user.id,
      claimedRef: booking.paymentClaimRef,
      createdAt: new Date(now),
    });
  }
  await queueBookingEvent(tx, deps, 'payment-answer', input.answer, row);
  return {
    status: 200,
    body: { message: input.answer === 'confirm' ? 'Payment confirmed' : 'Payment disputed', booking: order },
  };
};
