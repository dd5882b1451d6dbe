// status-update: the carrier of a booking's listing moves it through the status machine. A status
// update to `completed` never arrives here: its registry entry (src/domain/sync/mutations.ts,
// `appliedAs`) applies it as `complete`, which checks the traveller's hand-off code, for REST and
// push alike.
import { actionFor, transition } from '@/domain/booking/status';
import { MSG } from '@/domain/texts';
import { ApiError, invalid } from '../http/errors';
import { isOverdue } from '../model/bookings.expiry';
import { toOrder } from '../model/bookings.queries';
import { upiIdOf } from '../model/users.queries';
import { queueBookingEvent } from '../notify/booking-events';
import { lockCarrierBooking, moveBooking } from './carrier-booking';
import { newHandoffCode } from './handoff-code';
import type { ServerMutator } from './mutator';

export const statusUpdate: ServerMutator<'status-update'> = async ({ tx, user, deps }, input) => {
  const booking = await lockCarrierBooking(tx, user.id, input.listingId);
  // Too late to answer: it has expired (its space may be booked already), housekeeping or not.
  // Said as such, not as an illegal move: a device that queued the answer offline shows "Expired".
  if (booking.status === 'expired' || isOverdue(booking, deps.clock.now()))
    throw new ApiError('booking/expired');
  const action = actionFor(input.status);
  const next = action ? transition(booking.status, action) : null;
  if (!next?.ok) throw new ApiError('booking/transition-not-allowed');
  // Nothing completes without the hand-off code (a caller that skipped `appliedAs`).
  if (next.status === 'completed') throw invalid([{ path: 'handoffCode', message: MSG.handoffCodeRequired }]);
  // Accepting makes the code the traveller will show at the hand-off, and fixes where they pay:
  // the carrier's UPI ID as their profile has it now.
  const code =
    next.status === 'accepted'
      ? { handoffCode: newHandoffCode(), carrierUpi: await upiIdOf(tx, booking.carrierId) }
      : {};
  // A decline or a cancel keeps who made it and why (the status history on both sides).
  const ending = next.status === 'rejected' || next.status === 'cancelled';
  const why = ending
    ? { endedBy: 'carrier', reasonCode: input.reason?.code ?? null, reasonText: input.reason?.text || null }
    : {};
  const { row, listing } = await moveBooking(tx, booking, next.status, deps.clock.now(), { ...code, ...why });
  if (next.status !== 'pending' && next.status !== 'expired')
    await queueBookingEvent(tx, deps, 'status-update', next.status, row, ending ? input.reason : undefined);
  return { status: 200, body: { message: 'Status updated', booking: toOrder(row, listing, 'carrier') } };
};
