// edit-listing: the carrier changes a listing's price per KG, weight, departure or flight number.
// The weight never goes below what its bookings hold; a booking keeps the total it was made at
// (bookings.cost); a new flight or time is marked on every booking it holds (the traveller may
// then cancel without the cut-off), moves the answer deadline of pending ones, and tells each
// traveller.
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { bookingExpiry } from '@/domain/booking/status';
import { departureInstant, isDepartureInFuture } from '@/domain/listing/departure';
import { MSG } from '@/domain/texts';
import { bookings, listings } from '../db/schema';
import { ApiError, invalid } from '../http/errors';
import { overdueGrams } from '../model/bookings.expiry';
import { toGrams, toListing } from '../model/listings.queries';
import { forgetFlights } from '../model/quotas.checks';
import { queueBookingEvent } from '../notify/booking-events';
import type { ServerMutator } from './mutator';
import { lockOwnListing } from './own-listing';

export const editListing: ServerMutator<'edit-listing'> = async (
  { tx, user, deps, ref, userLock },
  input,
) => {
  // The flights a push's add-listings know change with this listing (quotas.checks.ts).
  forgetFlights(userLock);
  const listing = await lockOwnListing(tx, user.id, input.listingId);
  const now = deps.clock.now();
  const zone = ref.timeZoneOf(listing.from);
  if (departureInstant(listing.departure, listing.time, zone) <= now) throw new ApiError('listing/departed');
  if (!isDepartureInFuture(input.departure, input.time, now, zone))
    throw invalid([{ path: 'departure', message: MSG.departureFuture }]);
  const grams = toGrams(input.weight);
  const held = listing.heldGrams - (await overdueGrams(tx, listing.id, now));
  if (grams < held) throw new ApiError('listing/below-booked');
  const flightChanged =
    input.departure !== listing.departure ||
    input.time !== listing.time ||
    input.flightNo !== listing.flightNo;
  if (flightChanged && (input.departure !== listing.departure || input.flightNo !== listing.flightNo)) {
    const [twin] = await tx
      .select({ id: listings.id })
      .from(listings)
      .where(
        and(
          eq(listings.userId, user.id),
          eq(listings.flightNo, input.flightNo),
          eq(listings.departure, input.departure),
          ne(listings.id, listing.id),
          isNull(listings.withdrawnAt),
        ),
      );
    if (twin) throw new ApiError('listing/duplicate');
  }
  const [row] = await tx
    .update(listings)
    .set({
      departure: input.departure,
      time: input.time,
      flightNo: input.flightNo,
      weightGrams: grams,
      cost: input.cost,
    })
    .where(eq(listings.id, listing.id))
    .returning();
  if (!row) throw new Error('listing vanished inside its transaction');
  if (flightChanged)
    await markFlightChanged(tx, deps, row, now, departureInstant(row.departure, row.time, zone));
  return { status: 200, body: { message: 'Listing updated', listing: toListing(row) } };
};

type Ctx = Parameters<ServerMutator<'edit-listing'>>[0];

async function markFlightChanged(
  tx: Ctx['tx'],
  deps: Ctx['deps'],
  listing: typeof listings.$inferSelect,
  nowMs: number,
  departsMs: number,
) {
  const held = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.listingId, listing.id), inArray(bookings.status, ['pending', 'accepted'])))
    .for('update');
  for (const b of held) {
    const expiry = b.status === 'pending' ? bookingExpiry(b.createdAt.getTime(), departsMs) : null;
    const [row] = await tx
      .update(bookings)
      .set({
        flightChangedAt: new Date(nowMs),
        updatedAt: new Date(nowMs),
        ...(expiry ? { expiresAt: new Date(expiry.at), expiredReason: expiry.reason } : {}),
      })
      .where(eq(bookings.id, b.id))
      .returning();
    if (row) await queueBookingEvent(tx, deps, 'edit-listing', 'flight-changed', row);
  }
}
