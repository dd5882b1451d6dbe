// status-update: the carrier of a booking's listing moves it through the status machine.
import { eq } from 'drizzle-orm';
import { bookingIdOf } from '@/domain/booking/schema';
import { actionFor, transition } from '@/domain/booking/status';
import { MSG } from '@/domain/messages';
import { bookings, listings } from '../db/schema';
import { ApiError, invalid } from '../http/errors';
import { queueBookingEvent } from '../notify/booking-events';
import { isOverdue } from '../routes/bookings/booking-expiry';
import { statusTimes, toOrder } from '../routes/bookings/bookings.queries';
import { newHandoffCode } from './handoff-code';
import type { ServerMutator } from './mutator';

export const statusUpdate: ServerMutator<'status-update'> = async ({ tx, user, deps }, input) => {
  const id = bookingIdOf(input.listingId);
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
  if (!booking) throw new ApiError('booking/not-found');
  if (booking.carrierId !== user.id) throw new ApiError('booking/not-carrier');
  // Too late to answer: it has expired (its space may be booked already), housekeeping or not.
  if (isOverdue(booking, deps.clock.now())) throw new ApiError('booking/expired');
  const action = actionFor(input.status);
  const next = action ? transition(booking.status as typeof input.status, action) : null;
  if (!next?.ok) throw new ApiError('booking/transition-not-allowed');
  // Completing goes through `complete`, with the traveller's hand-off code.
  if (next.status === 'completed') throw invalid([{ path: 'handoffCode', message: MSG.handoffCodeRequired }]);
  const [row] = await tx
    .update(bookings)
    .set({
      status: next.status,
      updatedAt: new Date(deps.clock.now()),
      ...statusTimes(next.status, deps.clock.now()),
      // Accepting makes the code the traveller will show at the hand-off.
      ...(next.status === 'accepted' ? { handoffCode: newHandoffCode() } : {}),
    })
    .where(eq(bookings.id, id))
    .returning();
  const [listing] = await tx.select().from(listings).where(eq(listings.id, booking.listingId));
  if (!row || !listing) throw new Error('booking vanished inside its transaction');
  if (next.status !== 'pending' && next.status !== 'expired')
    await queueBookingEvent(tx, deps, next.status, row);
  return { status: 200, body: { message: 'Status updated', booking: toOrder(row, listing, 'carrier') } };
};
