// Bookings: my bookings as traveller and the orders on my listings as carrier (mirrors), the
// book command and the carrier's status command, refused locally by the domain status machine.
import type { BookingRequest, Order } from '@/domain/booking/schema';
import { ordersResponseSchema } from '@/domain/booking/schema';
import { type BookingAction, type TransitionResult, transition } from '@/domain/booking/status';
import type { Listing } from '@/domain/listing/schema';
import { MSG } from '@/domain/messages';
import { track } from './analytics';
import type { OrderRow } from './db';
import { callParsed } from './http';
import { replaceMirror } from './mirror';
import { appendEntry, localId, newEntry, type StatusPayload } from './outbox';
import { getSession, loadSession } from './session';
import type { Store } from './store';

async function requireSession(store: Store) {
  const session = getSession(store) ?? (await loadSession(store));
  if (!session?.email) throw new Error(MSG.userInfoMissing);
  return session;
}

export async function refreshMyBookings(store: Store): Promise<void> {
  const { email } = await requireSession(store);
  const path = `/api/orders?email=${encodeURIComponent(email)}`;
  const res = await callParsed(store.http, 'GET', path, ordersResponseSchema);
  await replaceMirror<Order>(store, store.db.bookings, res.bookings, 'bookings');
}

export async function refreshCarrierOrders(store: Store): Promise<void> {
  const { email } = await requireSession(store);
  const path = `/api/carrier-orders?email=${encodeURIComponent(email)}`;
  const res = await callParsed(store.http, 'GET', path, ordersResponseSchema);
  await replaceMirror<Order>(store, store.db.orders, res.bookings, 'orders');
}

function flightOf(listing: Listing): Order['flightDetails'] {
  const { from, to, flightNo, airline, departure, time } = listing;
  return { from, to, flightNo, airline, departure, time };
}

/** Queues a booking of `weightKg` on `listing`; the optimistic row appears in bookings. */
export async function bookListing(
  store: Store,
  listing: Listing,
  weightKg: number,
): Promise<{ key: string }> {
  const { email, name, phone } = await requireSession(store);
  const body: BookingRequest = {
    name,
    email,
    phone,
    weight: weightKg,
    listingId: listing.id,
    carrierEmail: listing.email,
    carrierName: listing.name,
    carrierPhone: '',
    flightDetails: flightOf(listing),
  };
  const entry = newEntry(store, 'book', body, email);
  const row: OrderRow = {
    id: localId(entry.key),
    listingId: `${localId(entry.key)}_passenger`,
    name,
    email,
    phone,
    carrierName: listing.name,
    carrierEmail: listing.email,
    weight: weightKg,
    cost: weightKg * listing.cost,
    status: 'pending',
    flightDetails: flightOf(listing),
    createdAt: { _seconds: Math.floor(store.now() / 1000) },
    syncState: 'pending',
    syncError: null,
    outboxKey: entry.key,
  };
  const { db } = store;
  await db.transaction('rw', db.bookings, db.outbox, db.searchResults, async () => {
    await db.bookings.add(row);
    await appendEntry(store, entry);
    // The space shown in search results shrinks at once, as the server's will.
    await db.searchResults
      .where('id')
      .equals(listing.id)
      .modify((r) => {
        r.available = Math.max(0, r.available - weightKg);
      });
  });
  await track(store, 'booking_confirmed', {
    userEmail: email,
    carrierEmail: listing.email,
    flightNo: listing.flightNo,
    from: listing.from,
    to: listing.to,
    weight: weightKg,
    cost: weightKg * listing.cost,
  });
  store.wake();
  return { key: entry.key };
}

/** Applies `action` to an order on my listing locally and queues it; refuses illegal moves. */
export async function updateBookingStatus(
  store: Store,
  bookingId: string,
  action: BookingAction,
): Promise<TransitionResult> {
  const { email } = await requireSession(store);
  const { db } = store;
  const result = await db.transaction('rw', db.orders, db.outbox, async () => {
    const order = await db.orders.get(bookingId);
    if (!order) throw new Error(`Booking ${bookingId} is not in the local store`);
    const next = transition(order.status, action);
    if (!next.ok) return next;
    const payload: StatusPayload = { listingId: bookingId, status: next.status, prevStatus: order.status };
    const entry = newEntry(store, 'status-update', payload, email);
    await db.orders.update(bookingId, {
      status: next.status,
      syncState: 'pending',
      syncError: null,
      outboxKey: entry.key,
    });
    await appendEntry(store, entry);
    return next;
  });
  if (result.ok) store.wake();
  return result;
}
