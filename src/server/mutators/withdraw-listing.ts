// withdraw-listing: the carrier takes a listing off offer. It leaves search and every watched
// mirror at once (withdrawn_at; the listings triggers log it for its watchers); its pending
// bookings are declined with "The carrier withdrew this listing"; its accepted ones are cancelled
// with the reason the carrier gives. A pending booking already past its time to be answered has
// expired (the carrier was told so by any answer to it), housekeeping or not: it is written
// expired, as the housekeeping would, never declined. Withdrawing again changes nothing.
import { and, eq, inArray } from 'drizzle-orm';
import { type Reason, WITHDRAWN_REASON } from '@/domain/booking/reasons';
import { departureInstant } from '@/domain/listing/departure';
import { bookings, listings } from '../db/schema';
import { ApiError } from '../http/errors';
import { isOverdue } from '../model/bookings.expiry';
import { toListing } from '../model/listings.queries';
import { forgetFlights } from '../model/quotas.checks';
import { queueBookingEvent } from '../notify/booking-events';
import { moveBooking } from './carrier-booking';
import type { ServerMutator } from './mutator';
import { lockOwnListing } from './own-listing';

export const withdrawListing: ServerMutator<'withdraw-listing'> = async (
  { tx, user, deps, ref, userLock },
  input,
) => {
  // The flights a push's add-listings know change with this listing (quotas.checks.ts).
  forgetFlights(userLock);
  const listing = await lockOwnListing(tx, user.id, input.listingId, true);
  if (listing.withdrawnAt)
    return { status: 200, body: { message: 'Listing withdrawn', listing: toListing(listing) } };
  const now = deps.clock.now();
  if (departureInstant(listing.departure, listing.time, ref.timeZoneOf(listing.from)) <= now)
    throw new ApiError('listing/departed');
  const held = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.listingId, listing.id), inArray(bookings.status, ['pending', 'accepted'])))
    .for('update');
  for (const b of held) {
    if (isOverdue(b, now)) {
      await moveBooking(tx, b, 'expired', now, { endedAt: b.expiresAt });
      continue;
    }
    const reason: Reason = b.status === 'pending' ? WITHDRAWN_REASON : input.reason;
    const status = b.status === 'pending' ? 'rejected' : 'cancelled';
    const { row } = await moveBooking(tx, b, status, now, {
      endedBy: 'carrier',
      reasonCode: reason.code,
      reasonText: reason.text || null,
    });
    await queueBookingEvent(tx, deps, 'status-update', status, row, reason);
  }
  const [row] = await tx
    .update(listings)
    .set({ withdrawnAt: new Date(now) })
    .where(eq(listings.id, listing.id))
    .returning();
  if (!row) throw new Error('listing vanished inside its transaction');
  return { status: 200, body: { message: 'Listing withdrawn', listing: toListing(row) } };
};
