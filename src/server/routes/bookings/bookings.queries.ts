// Bookings as order items (orderSchema): the booking joined with its listing's flight, with
// listingId `<bookingId>_carrier` or `<bookingId>_passenger` depending on whose list it is in.
import { desc, eq } from 'drizzle-orm';
import { ORDER_SUFFIX, type Order } from '@/domain/booking/schema';
import type { BookingStatus } from '@/domain/booking/status';
import type { Db } from '../../db/client';
import { bookings, listings } from '../../db/schema';
import { toKg } from '../listings/listings.queries';

type BookingRow = typeof bookings.$inferSelect;
type ListingRow = typeof listings.$inferSelect;
export type OrderSide = keyof typeof ORDER_SUFFIX;

export function toOrder(booking: BookingRow, listing: ListingRow, side: OrderSide): Order {
  return {
    id: booking.id,
    listingId: `${booking.id}${ORDER_SUFFIX[side]}`,
    name: booking.name,
    email: booking.email,
    phone: booking.phone,
    carrierName: booking.carrierName,
    carrierEmail: booking.carrierEmail,
    weight: toKg(booking.weightGrams),
    cost: booking.cost,
    status: booking.status as BookingStatus,
    flightDetails: {
      from: listing.from,
      to: listing.to,
      departure: listing.departure,
      flightNo: listing.flightNo,
      airline: listing.airline,
      time: listing.time,
    },
    createdAt: { _seconds: Math.floor(booking.createdAt.getTime() / 1000) },
  };
}

/** Newest first: the bookings a user made (passenger) or received on their listings (carrier). */
export async function ordersOf(db: Db, userId: string, side: OrderSide): Promise<Order[]> {
  const owner = side === 'carrier' ? bookings.carrierId : bookings.travellerId;
  const rows = await db
    .select({ booking: bookings, listing: listings })
    .from(bookings)
    .innerJoin(listings, eq(listings.id, bookings.listingId))
    .where(eq(owner, userId))
    .orderBy(desc(bookings.createdAt), desc(bookings.id));
  return rows.map((r) => toOrder(r.booking, r.listing, side));
}
