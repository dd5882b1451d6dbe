// Bookings as order items (orderSchema): the booking joined with its listing's flight, with
// listingId `<bookingId>_carrier` or `<bookingId>_passenger` depending on whose list it is in.
import { and, desc, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { REASON_LABELS, type ReasonCode } from '@/domain/booking/reasons';
import { ORDER_SUFFIX, type Order } from '@/domain/booking/schema';
import type { BookingStatus, ExpiryReason } from '@/domain/booking/status';
import { maskVpa } from '@/domain/payment/upi';
import type { MyRating, RatingSummary } from '@/domain/rating/schema';
import type { Db, Tx } from '../db/client';
import { prepared } from '../db/prepared';
import { bookings, listings, ratings, ratingTotals } from '../db/schema';
import { toKg } from './listings.queries';
import { myRatingFor, myRatingOf, summaryFor, summaryOf } from './ratings.queries';

type BookingRow = typeof bookings.$inferSelect;

/** The booking columns an order shows (toOrder): the list query reads these and no others. */
const ORDER_COLUMNS = {
  id: bookings.id,
  name: bookings.name,
  email: bookings.email,
  phone: bookings.phone,
  carrierName: bookings.carrierName,
  carrierEmail: bookings.carrierEmail,
  carrierPhone: bookings.carrierPhone,
  weightGrams: bookings.weightGrams,
  cost: bookings.cost,
  status: bookings.status,
  createdAt: bookings.createdAt,
  updatedAt: bookings.updatedAt,
  acceptedAt: bookings.acceptedAt,
  endedAt: bookings.endedAt,
  expiredReason: bookings.expiredReason,
  handoffCode: bookings.handoffCode,
  pricePerKg: bookings.pricePerKg,
  carrierUpi: bookings.carrierUpi,
  paymentState: bookings.paymentState,
  paymentMethod: bookings.paymentMethod,
  paymentRef: bookings.paymentRef,
  paymentClaimRef: bookings.paymentClaimRef,
  paymentClaimedAt: bookings.paymentClaimedAt,
  paidAt: bookings.paidAt,
  endedBy: bookings.endedBy,
  reasonCode: bookings.reasonCode,
  reasonText: bookings.reasonText,
  completedEarly: bookings.completedEarly,
  flightChangedAt: bookings.flightChangedAt,
};
type OrderBooking = Pick<BookingRow, keyof typeof ORDER_COLUMNS>;
/** What an order shows of its listing: the flight. */
type ListingRow = Pick<
  typeof listings.$inferSelect,
  'from' | 'to' | 'departure' | 'flightNo' | 'airline' | 'time'
>;
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
function historyOf(b: OrderBooking): NonNullable<Order['history']> {
  const { status } = b;
  const history: NonNullable<Order['history']> = [{ status: 'pending', at: seconds(b.createdAt) }];
  const wasAccepted = status === 'accepted' || status === 'completed' || status === 'cancelled';
  if (wasAccepted) history.push({ status: 'accepted', at: seconds(b.acceptedAt ?? b.updatedAt) });
  if (status !== 'pending' && status !== 'accepted')
    history.push({ status, at: seconds(b.endedAt ?? b.updatedAt), ...howItEnded(b) });
  return history;
}

/** Who ended it and why (a decline, a cancel), or that it was completed before the flight left. */
function howItEnded(b: OrderBooking): Partial<NonNullable<Order['history']>[number]> {
  if (b.status === 'completed') return b.completedEarly ? { by: 'carrier', early: true } : { by: 'carrier' };
  if (b.status !== 'rejected' && b.status !== 'cancelled') return {};
  const by = b.endedBy === 'traveller' ? 'traveller' : 'carrier';
  const code = b.reasonCode as ReasonCode | null;
  if (!code || !(code in REASON_LABELS)) return { by };
  return { by, reason: b.reasonText ? { code, text: b.reasonText } : { code } };
}

/** The other side's contact, once the carrier has accepted: the carrier's for the traveller, the
 * traveller's for the carrier. Before that (and after a decline) neither sees the other's. */
function contactOf(b: OrderBooking, side: OrderSide): Order['contact'] {
  if (b.status === 'pending' || b.status === 'rejected' || b.status === 'expired') return null;
  return side === 'carrier'
    ? { name: b.name, email: b.email, phone: b.phone }
    : { name: b.carrierName, email: b.carrierEmail, phone: b.carrierPhone };
}

/** The traveller sees the hand-off code from acceptance on; the carrier never does. */
function handoffFor(booking: OrderBooking, side: OrderSide): Pick<Order, 'handoffCode'> {
  const shown = side === 'passenger' && (booking.status === 'accepted' || booking.status === 'completed');
  return shown && booking.handoffCode ? { handoffCode: booking.handoffCode } : {};
}

/** Whom the traveller pays: the carrier's UPI ID in full once accepted, masked before (and
 * after a decline); null when the carrier has none (cash). */
function payeeOf(b: OrderBooking): Order['payee'] {
  const open = b.status === 'accepted' || b.status === 'completed';
  const upi = b.carrierUpi ?? null;
  return { name: b.carrierName, upiId: upi && !open ? maskVpa(upi) : upi, masked: Boolean(upi && !open) };
}

/** The payment record both sides see. */
function paymentOf(b: OrderBooking): Order['payment'] {
  if (!b.paymentState) return null;
  return {
    state: b.paymentState,
    ...(b.paymentMethod ? { method: b.paymentMethod } : {}),
    ...(b.paymentRef ? { reference: b.paymentRef } : {}),
    ...(b.paymentClaimRef ? { claimRef: b.paymentClaimRef } : {}),
    ...(b.paymentClaimedAt ? { claimedAt: seconds(b.paymentClaimedAt) } : {}),
    ...(b.paidAt ? { receivedAt: seconds(b.paidAt) } : {}),
  };
}

interface RatingExtras {
  otherRating: RatingSummary;
  myRating: MyRating | null;
}

export function toOrder(
  booking: OrderBooking,
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
    status: booking.status,
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
    ...(booking.flightChangedAt ? { flightChangedAt: seconds(booking.flightChangedAt) } : {}),
    contact: contactOf(booking, side),
    ...(booking.status === 'expired' && booking.expiredReason
      ? { expiredReason: booking.expiredReason as ExpiryReason }
      : {}),
    ...handoffFor(booking, side),
    pricePerKg: booking.pricePerKg ?? Math.round((booking.cost / toKg(booking.weightGrams)) * 100) / 100,
    payee: payeeOf(booking),
    payment: paymentOf(booking),
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

/** The other side's rating totals for the outer query's booking, for a LATERAL join: one
 * primary-key probe per order. A plain left join let the planner hash all of rating_totals on
 * every call (a sequential scan growing with every rated user); LIMIT 1 keeps PostgreSQL from
 * pulling the subquery up into that join again. */
function otherTotals(db: Db, other: typeof bookings.travellerId | typeof bookings.carrierId) {
  return db
    .select({ total: ratingTotals.total, count: ratingTotals.count, people: ratingTotals.people })
    .from(ratingTotals)
    .where(eq(ratingTotals.userId, other))
    .limit(1)
    .as('other_totals');
}

/** One side's orders query: the user's bookings by bookings_carrier_idx or
 * bookings_traveller_idx, each joined by primary key to its listing, the other side's
 * rating_totals row and my rating; with `ids`, only those bookings. */
function ordersQuery(
  db: Db,
  side: OrderSide,
  user: SQL | SQL.Aliased | Placeholder | string,
  ids?: readonly string[],
) {
  const owner = side === 'carrier' ? bookings.carrierId : bookings.travellerId;
  const other = side === 'carrier' ? bookings.travellerId : bookings.carrierId;
  const totals = otherTotals(db, other);
  return (
    db
      .select({
        booking: ORDER_COLUMNS,
        // Only the flight: toOrder reads nothing else of the listing.
        listing: {
          from: listings.from,
          to: listings.to,
          departure: listings.departure,
          flightNo: listings.flightNo,
          airline: listings.airline,
          time: listings.time,
        },
        totals: { total: totals.total, count: totals.count, people: totals.people },
        mine: { stars: ratings.stars, comment: ratings.comment, createdAt: ratings.createdAt },
      })
      .from(bookings)
      .innerJoin(listings, eq(listings.id, bookings.listingId))
      .leftJoinLateral(totals, sql`true`)
      // By key: (booking, rater) is the primary key of ratings.
      .leftJoin(ratings, and(eq(ratings.bookingId, bookings.id), eq(ratings.raterId, user)))
      .where(and(eq(owner, user), ids ? inArray(bookings.id, [...ids]) : undefined))
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
  );
}

/** The whole list's statement: prepared once per database handle (named, so PostgreSQL parses
 * and plans it once per connection), the user as its placeholder. */
function ordersStatement(db: Db, side: OrderSide) {
  return prepared(db, `orders_of_${side}`, () =>
    ordersQuery(db, side, sql.placeholder('user')).prepare(`orders_of_${side}`),
  );
}

/**
 * Newest first: the bookings a user made (passenger) or received on their listings (carrier);
 * with `ids`, only those of them (a diff pull's changed rows, mapped exactly as the whole list).
 */
export async function ordersOf(
  db: Db,
  userId: string,
  side: OrderSide,
  ids?: readonly string[],
): Promise<Order[]> {
  const rows = ids
    ? await ordersQuery(db, side, userId, ids)
    : await ordersStatement(db, side).execute({ user: userId });
  return rows.map((r) =>
    toOrder(r.booking, r.listing, side, { otherRating: summaryOf(r.totals), myRating: myRatingOf(r.mine) }),
  );
}
