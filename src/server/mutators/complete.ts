// complete: the carrier completes an accepted booking with the traveller's hand-off code. A
// wrong code is answered 422 and counted in the same transaction as the answer; the fifth locks
// completion for 15 minutes and is answered 429 handoff/locked at once. The code itself never
// goes back to the carrier.
import { eq } from 'drizzle-orm';
import { transition } from '@/domain/booking/status';
import { departureInstant } from '@/domain/listing/departure';
import { listings } from '../db/schema';
import { ApiError } from '../http/errors';
import { orderWithRatings, toOrder } from '../model/bookings.queries';
import { queueBookingEvent } from '../notify/booking-events';
import { queueReceiptMails } from '../notify/receipt-mail';
import { lockCarrierBooking, moveBooking } from './carrier-booking';
import { checkHandoff } from './handoff-code';
import type { ServerMutator } from './mutator';

export const complete: ServerMutator<'complete'> = async ({ tx, user, deps, ref }, input) => {
  const booking = await lockCarrierBooking(tx, user.id, input.listingId);
  const next = transition(booking.status, 'complete');
  if (!next.ok) throw new ApiError('booking/transition-not-allowed');
  const now = new Date(deps.clock.now());
  const refused = await checkHandoff(tx, booking, input.handoffCode, now);
  if (refused) return refused;
  // Completed before the flight left: allowed (the carrier confirmed it), and recorded as early.
  const [flight] = await tx.select().from(listings).where(eq(listings.id, booking.listingId));
  const departs = flight ? departureInstant(flight.departure, flight.time, ref.timeZoneOf(flight.from)) : 0;
  const { row, listing } = await moveBooking(tx, booking, next.status, now.getTime(), {
    completedEarly: now.getTime() < departs,
  });
  await queueBookingEvent(tx, deps, 'complete', 'completed', row);
  // The receipt, to both sides (the carrier's view carries no hand-off code), the departure on its
  // airport's clock.
  await queueReceiptMails(
    tx,
    deps,
    toOrder(row, listing, 'carrier'),
    [row.email, row.carrierEmail],
    ref.timeZoneOf,
  );
  // The carrier's answer: carrier-side orders never carry the hand-off code.
  const order = await orderWithRatings(tx, row, listing, 'carrier');
  return { status: 200, body: { message: 'Status updated', booking: order } };
};
