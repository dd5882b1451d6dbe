// The pull's `watched` collection: the listings of the signed-in traveller's watched routes
// (migration 0017), in the shape of a search result card (space left, the carrier's rating).
// Rows leave it when they stop matching: the flight closes (departs within 2 hours, in its
// origin's zone, as search judges it), fills up (pending bookings past their time to be answered
// hold nothing, as in search), moves to another route or date, or the watch goes. Two readers with
// the same rule and row shape: every row of the user, and the rows among some ids (what a change
// log names; an id not returned is no longer in the collection).
import { and, eq, gt, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { BOOKING_ANSWER_BEFORE_DEPARTURE_MS } from '@/domain/booking/status';
import type { Listing } from '@/domain/listing/schema';
import { shiftDate, type Watch } from '@/domain/watch/schema';
import type { Db } from '../db/client';
import { airports, bookings, listings, ratingTotals, watches } from '../db/schema';
import { overdueAt } from './bookings.expiry';
import { toListing } from './listings.queries';

/** A watch row as the device holds it. */
export const toWatch = (row: typeof watches.$inferSelect): Watch => ({
  id: row.id,
  from: row.from,
  to: row.to,
  departure: row.departure,
  days: row.days,
  createdAt: row.createdAt.getTime(),
});

/** The user's watches still current at `nowMs` (docs/features.md: a watch past its last day is dropped). */
export function currentWatches(db: Db, userId: string, nowMs: number, ids?: readonly string[]) {
  const since = shiftDate(new Date(nowMs).toISOString().slice(0, 10), -1);
  return db
    .select()
    .from(watches)
    .where(
      and(
        eq(watches.userId, userId),
        gte(watches.lastDay, since),
        ids ? inArray(watches.id, [...ids]) : undefined,
      ),
    )
    .orderBy(watches.departure, watches.createdAt);
}

async function watchedWhere(db: Db, userId: string, nowMs: number, only?: SQL): Promise<Listing[]> {
  const now = new Date(nowMs);
  const since = shiftDate(now.toISOString().slice(0, 10), -1);
  const totals = db
    .select({ total: ratingTotals.total, count: ratingTotals.count, people: ratingTotals.people })
    .from(ratingTotals)
    .where(eq(ratingTotals.userId, listings.userId))
    .limit(1)
    .as('carrier_totals');
  const overdue = db
    .select({ grams: sql<number>`coalesce(sum(${bookings.weightGrams}), 0)::integer`.as('overdue_grams') })
    .from(bookings)
    .where(and(eq(bookings.listingId, listings.id), overdueAt(now)))
    .as('overdue');
  // The departure instant in the origin airport's zone, as search judges it (no zone: UTC).
  const departs = sql`((${listings.departure} || ' ' || ${listings.time})::timestamp AT TIME ZONE coalesce(${airports.timeZone}, 'UTC'))`;
  // From the user's few watches (watches_user_route_unique) to their routes' listings
  // (listings_route_idx): the read grows with what the user watches, not with all listings.
  const rows = await db
    .select({
      listing: listings,
      totals: { total: totals.total, count: totals.count, people: totals.people },
      overdue: overdue.grams,
    })
    .from(watches)
    .innerJoin(
      listings,
      and(
        eq(listings.from, watches.from),
        eq(listings.to, watches.to),
        gte(listings.departure, watches.firstDay),
        lte(listings.departure, watches.lastDay),
      ),
    )
    .leftJoin(airports, eq(airports.code, listings.from))
    .leftJoinLateral(totals, sql`true`)
    .leftJoinLateral(overdue, sql`true`)
    .where(
      and(
        eq(watches.userId, userId),
        gte(watches.lastDay, since),
        gte(listings.departure, since),
        isNull(listings.withdrawnAt),
        gt(listings.weightGrams, sql`${listings.heldGrams} - coalesce(${overdue.grams}, 0)`),
        sql`${departs} > ${new Date(nowMs + BOOKING_ANSWER_BEFORE_DEPARTURE_MS).toISOString()}::timestamptz`,
        only,
      ),
    )
    .orderBy(listings.departure, listings.cost, listings.createdAt, listings.id);
  // Two watches of one route whose dates overlap find a listing twice: once is enough.
  const unique = [...new Map(rows.map((r) => [r.listing.id, r])).values()];
  return unique.map((r) =>
    toListing({ ...r.listing, heldGrams: r.listing.heldGrams - Number(r.overdue ?? 0) }, r.totals),
  );
}

/** Every listing the user's watches cover and that is still on offer at `nowMs`. */
export function watchedListingsOf(db: Db, userId: string, nowMs: number = Date.now()): Promise<Listing[]> {
  return watchedWhere(db, userId, nowMs);
}

/** The rows of `ids` still in the user's `watched` collection (same rule and shape as above). */
export function watchedListingsByIds(
  db: Db,
  userId: string,
  ids: readonly string[],
  nowMs: number = Date.now(),
): Promise<Listing[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return watchedWhere(db, userId, nowMs, inArray(listings.id, [...ids]));
}
