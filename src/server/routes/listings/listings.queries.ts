// Listing reads with the space left on each: listed grams less the grams of bookings that hold
// space (pending, accepted, completed). Shared by search, the carrier's list and booking.
import { and, asc, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import { HOLDS_SPACE } from '@/domain/booking/status';
import type { Listing } from '@/domain/listing/schema';
import type { Db, Tx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { bookings, listings, ratingTotals } from '../../db/schema';
import { summaryOf } from '../ratings/ratings.queries';

type ListingRow = typeof listings.$inferSelect;

export const GRAMS_PER_KG = 1000;
export const toGrams = (kg: number) => Math.round(kg * GRAMS_PER_KG);
export const toKg = (grams: number) => grams / GRAMS_PER_KG;

/** Bookings whose weight counts against their listing's space. */
const holdsSpace = () => inArray(bookings.status, [...HOLDS_SPACE]);

/** Grams held on one listing; runs inside the booking transaction after the row lock. */
export async function heldGrams(tx: Tx | Db, listingId: string): Promise<number> {
  const [row] = await tx
    .select({ grams: sql<number>`coalesce(sum(${bookings.weightGrams}), 0)`.mapWith(Number) })
    .from(bookings)
    .where(and(eq(bookings.listingId, listingId), holdsSpace()));
  return row?.grams ?? 0;
}

export function toListing(
  row: ListingRow,
  held: number,
  totals?: { total: number; count: number } | null,
): Listing {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    from: row.from,
    to: row.to,
    flightNo: row.flightNo,
    airline: row.airline,
    departure: row.departure,
    time: row.time,
    weight: toKg(row.weightGrams),
    available: toKg(Math.max(0, row.weightGrams - held)),
    cost: row.cost,
    createdAt: row.createdAt.getTime(),
    ...(totals !== undefined ? { carrierRating: summaryOf(totals) } : {}),
  };
}

/**
 * Grams held on the outer query's listing, for a LATERAL join: the sum reads only the bookings
 * of the listings the query keeps (through bookings_held_idx), never the whole bookings table.
 * An aggregate without GROUP BY always yields one row, so the join on true keeps every listing.
 */
function heldPerListing(db: Db) {
  return db
    .select({ grams: sql<number>`coalesce(sum(${bookings.weightGrams}), 0)`.as('grams') })
    .from(bookings)
    .where(and(eq(bookings.listingId, listings.id), holdsSpace()))
    .as('held');
}

function listingsQuery(db: Db, where: SQL | undefined, order: SQL[], onlyWithSpace: boolean) {
  const held = heldPerListing(db);
  return (
    db
      .select({
        listing: listings,
        held: sql<number>`${held.grams}`.mapWith(Number),
        totals: { total: ratingTotals.total, count: ratingTotals.count },
      })
      .from(listings)
      .leftJoinLateral(held, sql`true`)
      // The carrier's rating: one rating_totals row by primary key per listing kept.
      .leftJoin(ratingTotals, eq(ratingTotals.userId, listings.userId))
      .where(onlyWithSpace ? and(where, gt(sql`${listings.weightGrams} - ${held.grams}`, 0)) : where)
      .orderBy(...order)
  );
}

async function selectListings(db: Db, where: SQL | undefined, order: SQL[], onlyWithSpace: boolean) {
  const rows = await listingsQuery(db, where, order, onlyWithSpace);
  return rows.map((r) => toListing(r.listing, r.held, r.totals));
}

/**
 * Same route and date with space left; the exact flight number first, then cheapest. A prepared
 * statement (src/server/db/prepared.ts): the values travel as placeholders.
 */
export async function searchListings(
  db: Db,
  q: { from: string; to: string; departure: string; flightNo: string },
) {
  const p = (name: keyof typeof q) => sql.placeholder(name);
  const statement = prepared(db, 'search_listings', () =>
    listingsQuery(
      db,
      and(eq(listings.from, p('from')), eq(listings.to, p('to')), eq(listings.departure, p('departure'))),
      [desc(sql`${listings.flightNo} = ${p('flightNo')}`), asc(listings.cost), asc(listings.createdAt)],
      true,
    ).prepare('search_listings'),
  );
  const rows = await statement.execute({
    from: q.from,
    to: q.to,
    departure: q.departure,
    flightNo: q.flightNo,
  });
  return rows.map((r) => toListing(r.listing, r.held, r.totals));
}

export function listingsOfUser(db: Db, userId: string) {
  return selectListings(
    db,
    eq(listings.userId, userId),
    [asc(listings.departure), asc(listings.time)],
    false,
  );
}
