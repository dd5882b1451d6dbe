// Rating reads shared by the order lists, listings, search and the profile: a user's summary
// from rating_totals (one row by key), my rating of a booking, the latest comments about me.
import { and, desc, eq, ne } from 'drizzle-orm';
import {
  type MyRating,
  PROFILE_COMMENTS_SHOWN,
  RATING_EDIT_WINDOW_MS,
  type RatingSummary,
  type ReceivedComment,
  summarize,
} from '@/domain/rating/schema';
import type { Db, Tx } from '../db/client';
import { ratings, ratingTotals, users } from '../db/schema';

type RatingRow = typeof ratings.$inferSelect;

/** A summary from a left-joined rating_totals row (absent: no ratings yet). */
export function summaryOf(
  totals: { total: number | null; count: number | null; people: number | null } | null,
): RatingSummary {
  return summarize(totals?.total ?? 0, totals?.count ?? 0, totals?.people ?? 0);
}

export function myRatingOf(row: Pick<RatingRow, 'stars' | 'comment' | 'createdAt'> | null): MyRating | null {
  if (!row) return null;
  return {
    stars: row.stars,
    comment: row.comment,
    editableUntil: row.createdAt.getTime() + RATING_EDIT_WINDOW_MS,
  };
}

export async function summaryFor(db: Db | Tx, userId: string): Promise<RatingSummary> {
  const [row] = await db.select().from(ratingTotals).where(eq(ratingTotals.userId, userId));
  return summaryOf(row ?? null);
}

export async function myRatingFor(db: Db | Tx, bookingId: string, raterId: string): Promise<MyRating | null> {
  const [row] = await db
    .select()
    .from(ratings)
    .where(and(eq(ratings.bookingId, bookingId), eq(ratings.raterId, raterId)));
  return myRatingOf(row ?? null);
}

/** The latest ratings about a user that carry a comment, newest first, with the rater's name. */
export async function latestComments(db: Db, userId: string): Promise<ReceivedComment[]> {
  const rows = await db
    .select({ stars: ratings.stars, comment: ratings.comment, by: users.name, at: ratings.updatedAt })
    .from(ratings)
    .innerJoin(users, eq(users.id, ratings.raterId))
    .where(and(eq(ratings.rateeId, userId), ne(ratings.comment, '')))
    .orderBy(desc(ratings.updatedAt))
    .limit(PROFILE_COMMENTS_SHOWN);
  return rows.map((r) => ({ ...r, at: r.at.getTime() }));
}
