// Unmatched searches for the console: one row per route and date still to come, with how many
// people searched it (and how often), whether the team wrote to them and whether a listing has
// since been mailed to them; and the listings that match a courier request's trip.
import { and, asc, eq, gt, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { listings, matchRequests, users } from '../db/schema';
import { toListing } from './listings.queries';
import type { CourierTrip, PageQuery } from './team.queries';

export async function searchesPage(db: Db, p: PageQuery, today: string) {
  const offset = Number(p.cursor) || 0;
  const m = matchRequests;
  const rows = await db
    .select({
      from: m.from,
      to: m.to,
      departure: m.departure,
      people: sql<number>`count(*)::integer`,
      searches: sql<number>`sum(${m.searchCount})::integer`,
      contacted: sql<number>`count(${m.contactedAt})::integer`,
      notified: sql<number>`count(${m.notifiedAt})::integer`,
      lastSearchedAt: sql<string>`max(coalesce(${m.lastSearchedAt}, ${m.createdAt}))`,
    })
    .from(m)
    .where(
      and(
        gte(m.departure, today),
        p.q ? sql`(${m.from} = ${p.q.toUpperCase()} or ${m.to} = ${p.q.toUpperCase()})` : undefined,
      ),
    )
    .groupBy(m.from, m.to, m.departure)
    // Date, then route: the order of match_requests_departure_idx, so a page reads its groups only.
    .orderBy(asc(m.departure), asc(m.from), asc(m.to))
    .limit(p.limit + 1)
    .offset(offset);
  const more = rows.length > p.limit;
  return {
    items: (more ? rows.slice(0, p.limit) : rows).map((r) => ({
      ...r,
      lastSearchedAt: new Date(r.lastSearchedAt).getTime(),
    })),
    next: more ? String(offset + p.limit) : null,
  };
}

/** Listings on the request's route within its dates, from today, with its weight free, by date then price. */
export async function courierMatches(db: Db, trip: CourierTrip, today: string) {
  if (!trip.from || !trip.to) return [];
  const first = trip.firstDay && trip.firstDay > today ? trip.firstDay : today;
  const rows = await db
    .select({ listing: listings })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.userId))
    .where(
      and(
        eq(listings.from, trip.from),
        eq(listings.to, trip.to),
        gte(listings.departure, first),
        trip.lastDay ? lte(listings.departure, trip.lastDay) : undefined,
        gt(listings.weightGrams, sql`${listings.heldGrams} + ${Math.round((trip.weightKg ?? 0) * 1000) - 1}`),
        sql`${users.suspendedAt} is null`,
      ),
    )
    .orderBy(asc(listings.departure), asc(listings.cost))
    .limit(20);
  return rows.map((r) => toListing(r.listing));
}
