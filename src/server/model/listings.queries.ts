// Listing reads with the space left on each: listed grams less the grams held by bookings
// (listings.held_grams, kept by a trigger; migration 0008). Shared by search, the carrier's list
// and booking.
import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { SEARCH_PAGE_SIZE } from '@/domain/constants';
import type { Listing } from '@/domain/listing/schema';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { bookings, listings, ratingTotals } from '../db/schema';
import { overdueAt } from './bookings.expiry';
import { summaryOf } from './ratings.queries';

type ListingRow = typeof listings.$inferSelect;

export const GRAMS_PER_KG = 1000;
export const toGrams = (kg: number) => Math.round(kg * GRAMS_PER_KG);
export const toKg = (grams: number) => grams / GRAMS_PER_KG;

export function toListing(
  row: ListingRow,
  totals?: { total: number; count: number; people: number } | null,
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
    available: toKg(Math.max(0, row.weightGrams - row.heldGrams)),
    cost: row.cost,
    createdAt: row.createdAt.getTime(),
    ...(row.withdrawnAt ? { withdrawnAt: row.withdrawnAt.getTime() } : {}),
    ...(totals !== undefined ? { carrierRating: summaryOf(totals) } : {}),
  };
}

/**
 * The carrier's rating totals for the outer query's listing, for a LATERAL join: one primary-key
 * lookup per listing kept. A plain join (or a LATERAL one PostgreSQL may flatten) let the planner
 * hash all of rating_totals on every search
 * (two thirds of the query's time with 1,000 carriers, and growing with every new one).
 */
function carrierTotals(db: Db) {
  return (
    db
      .select({ total: ratingTotals.total, count: ratingTotals.count, people: ratingTotals.people })
      .from(ratingTotals)
      .where(eq(ratingTotals.userId, listings.userId))
      // LIMIT keeps PostgreSQL from pulling the subquery up into a join it would hash.
      .limit(1)
      .as('carrier_totals')
  );
}

/**
 * The carrier's own listings, whatever space is left, with the carrier's rating; with `ids`, only
 * those of them (a diff pull's changed rows, mapped exactly as the whole list maps them).
 */
export async function listingsOfUser(db: Db, userId: string, ids?: readonly string[]) {
  const totals = carrierTotals(db);
  const rows = await db
    .select({
      listing: listings,
      totals: { total: totals.total, count: totals.count, people: totals.people },
    })
    .from(listings)
    .leftJoinLateral(totals, sql`true`)
    .where(and(eq(listings.userId, userId), ids ? inArray(listings.id, [...ids]) : undefined))
    .orderBy(asc(listings.departure), asc(listings.time));
  return rows.map((r) => toListing(r.listing, r.totals));
}

/**
 * Grams held by the outer listing's pending bookings that are overdue at the `now` placeholder,
 * for a LATERAL join: they have expired (model/bookings.expiry.ts) even if housekeeping has not run
 * yet, so search does not count them. Only pending rows are read, by bookings_listing_idx.
 */
function overdueOfListing(db: Db) {
  return db
    .select({ grams: sql<number>`coalesce(sum(${bookings.weightGrams}), 0)::integer`.as('overdue_grams') })
    .from(bookings)
    .where(and(eq(bookings.listingId, listings.id), overdueAt(sql.placeholder('now'))))
    .as('overdue');
}

/**
 * Same route and date with space left; the exact flight number first, then cheapest. A prepared
 * statement (src/server/db/prepared.ts): the values travel as placeholders.
 */
export async function searchListings(
  db: Db,
  q: { from: string; to: string; departure: string; flightNo: string },
  nowMs: number,
) {
  const p = (name: keyof typeof q) => sql.placeholder(name);
  const statement = prepared(db, 'search_listings', () => {
    const totals = carrierTotals(db);
    const overdue = overdueOfListing(db);
    return (
      db
        .select({
          listing: listings,
          totals: { total: totals.total, count: totals.count, people: totals.people },
          overdue: overdue.grams,
        })
        .from(listings)
        .leftJoinLateral(totals, sql`true`)
        .leftJoinLateral(overdue, sql`true`)
        .where(
          and(
            eq(listings.from, p('from')),
            eq(listings.to, p('to')),
            eq(listings.departure, p('departure')),
            isNull(listings.withdrawnAt),
            gt(listings.weightGrams, sql`${listings.heldGrams} - coalesce(${overdue.grams}, 0)`),
          ),
        )
        .orderBy(
          desc(sql`${listings.flightNo} = ${p('flightNo')}`),
          asc(listings.cost),
          asc(listings.createdAt),
        )
        // One carrier listing many times must not make every search answer huge.
        .limit(SEARCH_PAGE_SIZE)
        .prepare('search_listings')
    );
  });
  const rows = await statement.execute({
    from: q.from,
    to: q.to,
    departure: q.departure,
    flightNo: q.flightNo,
    now: new Date(nowMs).toISOString(),
  });
  return rows.map((r) =>
    toListing({ ...r.listing, heldGrams: r.listing.heldGrams - Number(r.overdue ?? 0) }, r.totals),
  );
}
