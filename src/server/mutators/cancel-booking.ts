// cancel-booking: a traveller cancels their own booking. A pending one at any time; an accepted
// one until the operator's cut-off before departure (config.cancelCutoffMs, CANCEL_CUTOFF_HOURS),
// or at any time once the carrier changed its flight or time. The status change gives its space
// back to the listing (the bookings_hold_space trigger); the carrier is told why.
import { eq } from 'drizzle-orm';
import { travellerCancel } from '@/domain/booking/status';
import { departureInstant } from '@/domain/listing/departure';
import { bookings, listings } from '../db/schema';
import { ApiError } from '../http/errors';
import { isOverdue } from '../model/bookings.expiry';
import { toOrder } from '../model/bookings.queries';
import { queueBookingEvent } from '../notify/booking-events';
import { moveBooking } from './carrier-booking';
import type { ServerMutator } from './mutator';

export const cancelBooking: ServerMutator<'cancel-booking'> = async ({ tx, user, deps, ref }, input) => {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, input.bookingId)).for('update');
  if (!booking) throw new ApiError('booking/not-found');
  if (booking.travellerId !== user.id) throw new ApiError('booking/not-traveller');
  const [listing] = await tx.select().from(listings).where(eq(listings.id, booking.listingId));
  if (!listing) throw new ApiError('booking/not-found');
  const now = deps.clock.now();
  // Unanswered in time: it has expired, housekeeping or not.
  if (isOverdue(booking, now)) throw new ApiError('booking/moved-on');
  const departs = departureInstant(listing.departure, listing.time, ref.timeZoneOf(listing.from));
  const verdict = travellerCancel(
    booking.status,
    departs,
    now,
    deps.config.cancelCutoffMs,
    booking.flightChangedAt !== null,
  );
  if (!verdict.ok)
    throw new ApiError(verdict.code === 'booking/cancel-too-late' ? verdict.code : 'booking/moved-on');
  const { row } = await moveBooking(tx, booking, 'cancelled', now, {
    endedBy: 'traveller',
    reasonCode: input.reason.code,
    reasonText: input.reason.text || null,
  });
  await queueBookingEvent(tx, deps, 'cancel-booking', 'cancelled', row, input.reason);
  return { status: 200, body: { message: 'Booking cancelled', booking: toOrder(row, listing, 'passenger') } };
};
