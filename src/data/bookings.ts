// Bookings: my bookings as traveller and the orders on my listings as carrier (both come with
// every pull), the book command and the carrier's status command, refused locally by the
// domain status machine. The local effects live in src/data/mutators.
import type { BookingRequest } from '@/domain/booking/schema';
import { type BookingAction, type TransitionResult, transition } from '@/domain/booking/status';
import { ERRORS } from '@/domain/errors';
import { hasDeparted } from '@/domain/listing/departure';
import type { Listing } from '@/domain/listing/schema';
import {
  ApiError,
  appendAndApply,
  enqueue,
  getSession,
  loadSession,
  mutationTables,
  newEntry,
  SessionMissingError,
  type Store,
  serverNow,
  track,
} from './engine';

async function requireSession(store: Store) {
  const session = getSession(store) ?? (await loadSession(store));
  if (!session?.email) throw new SessionMissingError();
  return session;
}

/**
 * Queues a booking of `weightKg` on `listing`; the optimistic row appears in bookings. A flight
 * that has left (in its origin airport's zone, from the mirrored airports) is refused here as
 * the server would refuse it, by the server's clock as last heard: an ApiError with code listing/departed, and nothing queued.
 */
export async function bookListing(
  store: Store,
  listing: Listing,
  weightKg: number,
  forRequest: { courierRequestId?: string } = {},
): Promise<{ key: string }> {
  const { email, name, phone } = await requireSession(store);
  const origin = await store.db.airports.get(listing.from);
  // By the server's clock (a device set wrong must not refuse what the server takes).
  if (hasDeparted(listing, await serverNow(store), () => origin?.timeZone)) {
    const { status, message } = ERRORS['listing/departed'];
    throw new ApiError(status, message, 'listing/departed');
  }
  const { from, to, flightNo, airline, departure, time } = listing;
  const args: BookingRequest = {
    name,
    email,
    phone,
    weight: weightKg,
    listingId: listing.id,
    carrierEmail: listing.email,
    carrierName: listing.name,
    carrierPhone: '',
    flightDetails: { from, to, flightNo, airline, departure, time },
    ...forRequest,
  };
  const entry = newEntry(store, 'book', args, { costPerKg: listing.cost }, email);
  await enqueue(store, entry);
  await track(store, 'booking_confirmed', {
    userEmail: email,
    carrierEmail: listing.email,
    flightNo: listing.flightNo,
    from: listing.from,
    to: listing.to,
    weight: weightKg,
    cost: weightKg * listing.cost,
  });
  return { key: entry.key };
}

/**
 * Applies `action` to an order on my listing (by its booking id, the row's `id`) locally and
 * queues it; refuses illegal moves. The entry carries the id as the REST body names it, `listingId`.
 */
export async function updateBookingStatus(
  store: Store,
  bookingId: string,
  action: BookingAction,
): Promise<TransitionResult> {
  const { email } = await requireSession(store);
  const { db } = store;
  const result = await db.transaction('rw', mutationTables(db), async (): Promise<TransitionResult> => {
    const order = await db.orders.get(bookingId);
    if (!order) throw new Error(`Booking ${bookingId} is not in the local store`);
    const next = transition(order.status, action);
    if (!next.ok) return next;
    // Completing needs the traveller's hand-off code: completeBooking (handoff.ts) does it.
    if (action === 'complete')
      return { ok: false, code: 'booking/transition-not-allowed', from: order.status, action };
    const entry = newEntry(store, 'status-update', { listingId: order.id, status: next.status }, {}, email);
    await appendAndApply(store, entry);
    return next;
  });
  if (result.ok) store.wake();
  return result;
}
