// Bookings as order items (orderSchema): the booking joined with its listing's flight, with
// listingId `<bookingId>_carrier` or `<bookingId>_passenger` depending on whose list it is in.
import { and, desc, eq } from 'drizzle-orm';
import { ORDER_SUFFIX, type Order } from '@/domain/booking/schema';
import type { BookingStatus, ExpiryReason } from '@/domain/booking/status';
import type { MyRating, RatingSummary } from '@/domain/rating/schema';
import type { Db, Tx } from '../../db/client';
import { bookings, listings, ratings, ratingTotals } from '../../db/schema';
import { toKg } from '../listings/listings.queries';
import { myRatingFor, myRatingOf, summaryFor, summaryOf } from '../ratings/ratings.queries';

type BookingRow = typeof bookings.$inferSelect;
type ListingRow = typeof listings.$inferSelect;
export type OrderSide = keyof typeof ORDER_SUFFIX;

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The time columns a move to `status` sets (acceptedAt, endedAt). */
export function statusTimes(status: BookingStatus, nowMs: number): Partial<BookingRow> {
  if (status === 'accepted') return { acceptedAt: new Date(nowMs) };
  if (status === 'pending') return {};
  return { endedAt: new Date(nowMs) };
}

/** Requested, then accepted (if it was), then how it ended, each with its time. Rows written
 * before the time columns existed fall back to the last update's time. */
function historyOf(b: BookingRow): NonNullable<Order['history']> {
  const status = b.status as BookingStatus;
  const history: NonNullable<Order['history']> = [{ status: 'pending', at: seconds(b.createdAt) }];
  const wasAccepted = status === 'accepted' || status === 'completed' || status === 'cancelled';
  if (wasAccepted) history.push({ status: 'accepted', at: seconds(b.acceptedAt ?? b.updatedAt) });
  if (status !== 'pending' && status !== 'accepted')
    history.push({ status, at: seconds(b.endedAt ?? b.updatedAt) });
  return history;
}

/** The other side's contact, once the carrier has accepted: the carrier's for the traveller, the
 * traveller's for the carrier. Before that (and after a decline) neither sees the other's. */
function contactOf(b: BookingRow, side: OrderSide): Order['contact'] {
  if (b.status === 'pending' || b.status === 'rejected' || b.status === 'expired') return null;
  return side === 'carrier'
    ? { name: b.name, email: b.email, phone: b.phone }
    : { name: b.carrierName, email: b.carrierEmail, phone: b.carrierPhone };
}

/** The traveller sees the hand-off code from acceptance on; the carrier never does. */
function handoffFor(booking: BookingRow, side: OrderSide): Pick<Order, 'handoffCode'> {
  const shown = side === 'passenger' && (booking.status === 'accepted' || booking.status === 'completed');
  return shown && booking.handoffCode ? { handoffCode: booking.handoffCode } : {};
}

interface RatingExtras {
  otherRating: RatingSummary;
  myRating: MyRating | null;
}

export function toOrder(
  booking: BookingRow,
  listing: ListingRow,
  side: OrderSide,
  extras?: RatingExtras,
): Order {
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
    createdAt: { _seconds: seconds(booking.createdAt) },
    history: historyOf(booking),
    contact: contactOf(booking, side),
    ...(booking.status === 'expired' && booking.expiredReason
      ? { expiredReason: booking.expiredReason as ExpiryReason }
      : {}),
    ...handoffFor(booking, side),
    ...extras,
  };
}

/** The other side of a booking, seen from `side`. */
const otherOf = (b: BookingRow, side: OrderSide) => (side === 'carrier' ? b.travellerId : b.carrierId);
const selfOf = (b: BookingRow, side: OrderSide) => (side === 'carrier' ? b.carrierId : b.travellerId);

/** One order with the other side's rating summary and my rating of it (single-row answers). */
export async function orderWithRatings(
  db: Db | Tx,
  booking: BookingRow,
  listing: ListingRow,
  side: OrderSide,
): Promise<Order> {
  return toOrder(booking, listing, side, {
    otherRating: await summaryFor(db, otherOf(booking, side)),
    myRating: await myRatingFor(db, booking.id, selfOf(booking, side)),
  });
}

/** Newest first: the bookings a user made (passenger) or received on their listings (carrier). */
export async function ordersOf(db: Db, userId: string, side: OrderSide): Promise<Order[]> {
  const owner = side === 'carrier' ? bookings.carrierId : bookings.travellerId;
  const other = side === 'carrier' ? bookings.travellerId : bookings.carrierId;
  // Both rating joins are by key: rating_totals by user, ratings by (booking, rater).
  const rows = await db
    .select({
      booking: bookings,
      listing: listings,
      totals: { total: ratingTotals.total, count: ratingTotals.count, people: ratingTotals.people },
      mine: { stars: ratings.stars, comment: ratings.comment, createdAt: ratings.createdAt },
    })
    .from(bookings)
    .innerJoin(listings, eq(listings.id, bookings.listingId))
    .leftJoin(ratingTotals, eq(ratingTotals.userId, other))
    .leftJoin(ratings, and(eq(ratings.bookingId, bookings.id), eq(ratings.raterId, userId)))
    .where(eq(owner, userId))
    .orderBy(desc(bookings.createdAt), desc(bookings.id));
  return rows.map((r) =>
    toOrder(r.booking, r.listing, side, { otherRating: summaryOf(r.totals), myRating: myRatingOf(r.mine) }),
  );
}
