// book: a traveller books weight on another carrier's listing. The listing row is locked so
// concurrent bookings see each other's weight; a flight that has left cannot be booked. A
// traveller has at most PENDING_BOOKINGS_MAX bookings waiting for an answer (model/quotas.checks.ts), and each
// expires unanswered (model/bookings.expiry.ts): its expiry is fixed here.
import { eq } from 'drizzle-orm';
import { bookingExpiry } from '@/domain/booking/status';
import { BOOKABLE } from '@/domain/courier/status';
import { departureInstant } from '@/domain/listing/departure';
import { requireSelf } from '../auth/guard';
import { bookings, listings } from '../db/schema';
import { ApiError } from '../http/errors';
import { refuseIfBlocked } from '../model/blocks.checks';
import { overdueGrams } from '../model/bookings.expiry';
import { toOrder } from '../model/bookings.queries';
import { courierRequestRow, moveCourierRequest } from '../model/courier.queries';
import { toGrams, toKg } from '../model/listings.queries';
import { checkBookingQuota } from '../model/quotas.checks';
import { isSuspended, upiIdOf } from '../model/users.queries';
import { queueBookingEvent } from '../notify/booking-events';
import type { ServerMutator } from './mutator';

export const book: ServerMutator<'book'> = async ({ tx, user, deps, ref, userLock }, input) => {
  requireSelf(user, input.email);
  // Booked for a courier request ("Book this"): the sender's own, still open.
  const request = input.courierRequestId ? await courierRequestRow(tx, input.courierRequestId, true) : null;
  if (input.courierRequestId && (!request || request.userId !== user.id))
    throw new ApiError('courier/not-found');
  if (request && !BOOKABLE.some((s) => s === request.status)) throw new ApiError('courier/not-open');
  // The traveller's row first, then the listing's: the one lock order every booking takes.
  await checkBookingQuota(tx, user.id, deps.clock.now(), userLock);
  // The lock serialises concurrent bookings of one listing, so the held grams read here stay true
  // until this transaction's insert adds to them (the bookings_hold_space trigger).
  const [listing] = await tx.select().from(listings).where(eq(listings.id, input.listingId)).for('update');
  if (!listing) throw new ApiError('listing/not-found');
  if (listing.userId === user.id) throw new ApiError('listing/own');
  if (listing.withdrawnAt) throw new ApiError('listing/withdrawn');
  // A suspended carrier's listing has left search; one booked by its id is gone as well.
  if (await isSuspended(tx, listing.userId)) throw new ApiError('listing/not-found');
  await refuseIfBlocked(tx, user.id, listing.userId);
  const departs = departureInstant(listing.departure, listing.time, ref.timeZoneOf(listing.from));
  if (departs <= deps.clock.now()) throw new ApiError('listing/departed');
  const grams = toGrams(input.weight);
  // Overdue pending bookings no longer hold their space, even before housekeeping expires them.
  const held = listing.heldGrams - (await overdueGrams(tx, listing.id, deps.clock.now()));
  if (held + grams > listing.weightGrams) throw new ApiError('listing/no-space');
  const now = new Date(deps.clock.now());
  const expiry = bookingExpiry(now.getTime(), departs);
  // Less than 2 hours before departure the carrier has no time left to answer.
  if (expiry.at <= now.getTime()) throw new ApiError('listing/closing');
  // The carrier's UPI ID now; accepting refreshes it (status-update), as does a profile change.
  const carrierUpi = await upiIdOf(tx, listing.userId);
  // Carrier details and the price come from the stored listing, never from the request: the price
  // per KG and the total are fixed here, and no later edit of the listing changes them.
  const [row] = await tx
    .insert(bookings)
    .values({
      id: crypto.randomUUID(),
      listingId: listing.id,
      carrierId: listing.userId,
      travellerId: user.id,
      name: input.name,
      email: user.email,
      phone: input.phone,
      weightGrams: grams,
      cost: Math.round(toKg(grams) * listing.cost * 100) / 100,
      pricePerKg: listing.cost,
      carrierUpi,
      status: 'pending',
      carrierName: listing.name,
      carrierEmail: listing.email,
      carrierPhone: listing.phone,
      createdAt: now,
      updatedAt: now,
      expiresAt: new Date(expiry.at),
      expiredReason: expiry.reason,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  await queueBookingEvent(tx, deps, 'book', 'booked', row);
  if (request)
    await moveCourierRequest(tx, request.id, 'booked', 'You booked a carrier for it', now.getTime(), {
      bookingId: row.id,
    });
  return { status: 201, body: { message: 'Booking Conformed', booking: toOrder(row, listing, 'passenger') } };
};
