// complete: the carrier completes an accepted booking with the traveller's hand-off code. A
// wrong code is answered 422 and counted in the same transaction as the answer; the fifth locks
// completion for 15 minutes and is answered 429 handoff/locked at once. The code itself never
// goes back to the carrier.
import { eq } from 'drizzle-orm';
import { bookingIdOf } from '@/domain/booking/schema';
import { type BookingStatus, transition } from '@/domain/booking/status';
import { bookings, listings } from '../db/schema';
import { ApiError } from '../http/errors';
import { queueBookingEvent } from '../notify/booking-events';
import { orderWithRatings, statusTimes } from '../routes/bookings/bookings.queries';
import { checkHandoff } from './handoff-code';
import type { ServerMutator } from './mutator';

export const complete: ServerMutator<'complete'> = async ({ tx, user, deps }, input) => {
  const id = bookingIdOf(input.listingId);
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
  if (!booking) throw new ApiError('booking/not-found');
  if (booking.carrierId !== user.id) throw new ApiError('booking/not-carrier');
  const next = transition(booking.status as BookingStatus, 'complete');
  if (!next.ok) throw new ApiError('booking/transition-not-allowed');
  const now = new Date(deps.clock.now());
  const refused = await checkHandoff(tx, booking, input.handoffCode, now);
  if (refused) return refused;
  const [row] = await tx
    .update(bookings)
    .set({ status: next.status, updatedAt: now, ...statusTimes(next.status, now.getTime()) })
    .where(eq(bookings.id, id))
    .returning();
  const [listing] = await tx.select().from(listings).where(eq(listings.id, booking.listingId));
  if (!row || !listing) throw new Error('booking vanished inside its transaction');
  await queueBookingEvent(tx, deps, 'completed', row);
  // The carrier's answer: carrier-side orders never carry the hand-off code.
  const order = await orderWithRatings(tx, row, listing, 'carrier');
  return { status: 200, body: { message: 'Status updated', booking: order } };
};
