// Listing reads with the space left on each: listed grams less the grams held by bookings
// (listings.held_grams, kept by a trigger; migration 0008). Shared by search, the carrier's list
// and booking.
import { and, asc, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Listing } from '@/domain/listing/schema';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { listings, ratingTotals } from '../../db/schema';
import { summaryOf } from '../ratings/ratings.queries';

type ListingRow = typeof listings.$inferSelect;

export const GRAMS_PER_KG = 1000;
export const toGrams = (kg: number) => Math.round(kg * GRAMS_PER_KG);
export const toKg = (grams: number) => grams / GRAMS_PER_KG;

export function toListing(row: ListingRow, totals?: { total: number; count: number } | null): Listing {
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
      .select({ total: ratingTotals.total, count: ratingTotals.count })
      .from(ratingTotals)
      .where(eq(ratingTotals.userId, listings.userId))
      // LIMIT keeps PostgreSQL from pulling the subquery up into a join it would hash.
      .limit(1)
      .as('carrier_totals')
  );
}

function listingsQuery(db: Db, where: SQL | undefined, order: SQL[], onlyWithSpace: boolean) {
  const totals = carrierTotals(db);
  return db
    .select({ listing: listings, totals: { total: totals.total, count: totals.count } })
    .from(listings)
    .leftJoinLateral(totals, sql`true`)
    .where(onlyWithSpace ? and(where, gt(listings.weightGrams, listings.heldGrams)) : where)
    .orderBy(...order);
}

async function selectListings(db: Db, where: SQL | undefined, order: SQL[], onlyWithSpace: boolean) {
  const rows = await listingsQuery(db, where, order, onlyWithSpace);
  return rows.map((r) => toListing(r.listing, r.totals));
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
  return rows.map((r) => toListing(r.listing, r.totals));
}

export function listingsOfUser(db: Db, userId: string) {
  return selectListings(
    db,
    eq(listings.userId, userId),
    [asc(listings.departure), asc(listings.time)],
    false,
  );
}
