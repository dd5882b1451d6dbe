// rate (POST /api/ratings): a side of a completed booking rates the other (1-5 stars, a comment). A
// second rating by the same side updates the first within 48 hours. rating_totals moves in the
// same transaction, so every average read is one row by key. Repeat bookings between the same
// two people weigh once: the totals count each rater's latest rating (by when it was first
// given), recomputed from the ratee's ratings under a lock on the totals row.
import { and, eq, sql } from 'drizzle-orm';
import { RATING_EDIT_WINDOW_MS } from '@/domain/rating/schema';
import type { Tx } from '../db/client';
import { bookings, ratings, ratingTotals } from '../db/schema';
import { ApiError } from '../http/errors';
import { myRatingOf } from '../model/ratings.queries';
import type { ServerMutator } from './mutator';

/** Locks the ratee's totals row (made if missing), so ratings of one user recompute one at a time. */
async function lockTotals(tx: Tx, userId: string) {
  await tx.insert(ratingTotals).values({ userId, total: 0, count: 0, people: 0 }).onConflictDoNothing();
  await tx
    .select({ userId: ratingTotals.userId })
    .from(ratingTotals)
    .where(eq(ratingTotals.userId, userId))
    .for('update');
}

/**
 * The ratee's totals from their ratings: every rating counted, each rater's latest one summed
 * (migration 0013 backfills with the same rule). A user has few ratings, and ratings_ratee_idx
 * finds them.
 */
async function recomputeTotals(tx: Tx, userId: string) {
  await tx.execute(sql`
    UPDATE ${ratingTotals} SET "total" = x.total, "count" = x.count, "people" = x.people
    FROM (
      SELECT coalesce(sum(r.stars) FILTER (WHERE r.latest), 0)::integer AS total,
        count(*)::integer AS count,
        count(*) FILTER (WHERE r.latest)::integer AS people
      FROM (
        SELECT ${ratings.stars} AS stars,
          row_number() OVER (PARTITION BY ${ratings.raterId} ORDER BY ${ratings.createdAt} DESC, ${ratings.bookingId} DESC) = 1 AS latest
        FROM ${ratings} WHERE ${ratings.rateeId} = ${userId}
      ) r
    ) x
    WHERE ${ratingTotals.userId} = ${userId}`);
}

export const rate: ServerMutator<'rate'> = async ({ tx, user, deps }, input) => {
  // The lock orders two ratings of one booking by the same side (two devices): one inserts,
  // the other then finds it and updates.
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, input.bookingId)).for('update');
  if (!booking) throw new ApiError('booking/not-found');
  const rateeId =
    booking.carrierId === user.id
      ? booking.travellerId
      : booking.travellerId === user.id
        ? booking.carrierId
        : null;
  if (!rateeId) throw new ApiError('rating/not-party');
  if (booking.status !== 'completed') throw new ApiError('rating/not-completed');
  await lockTotals(tx, rateeId);
  const now = new Date(deps.clock.now());
  const mine = and(eq(ratings.bookingId, booking.id), eq(ratings.raterId, user.id));
  const [before] = await tx.select().from(ratings).where(mine);
  let row: typeof ratings.$inferSelect | undefined;
  if (before) {
    if (now.getTime() >= before.createdAt.getTime() + RATING_EDIT_WINDOW_MS)
      throw new ApiError('rating/edit-closed');
    [row] = await tx
      .update(ratings)
      .set({ stars: input.stars, comment: input.comment, updatedAt: now })
      .where(mine)
      .returning();
  } else {
    [row] = await tx
      .insert(ratings)
      .values({
        bookingId: booking.id,
        raterId: user.id,
        rateeId,
        stars: input.stars,
        comment: input.comment,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
  }
  await recomputeTotals(tx, rateeId);
  if (!row) throw new Error('rating write returned no row');
  return {
    status: before ? 200 : 201,
    body: {
      message: before ? 'Rating updated' : 'Thanks for rating',
      rating: { bookingId: booking.id, ...myRatingOf(row) },
    },
  };
};
