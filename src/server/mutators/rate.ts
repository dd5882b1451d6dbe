// rate (POST /api/ratings): a side of a completed booking rates the other (1-5 stars, a comment). A
// second rating by the same side updates the first within 48 hours. rating_totals moves in the
// same transaction, so every average read is one row by key.
import { and, eq, sql } from 'drizzle-orm';
import { RATING_EDIT_WINDOW_MS } from '@/domain/rating/schema';
import type { Tx } from '../db/client';
import { bookings, ratings, ratingTotals } from '../db/schema';
import { ApiError } from '../http/errors';
import { myRatingOf } from '../routes/ratings/ratings.queries';
import type { ServerMutator } from './mutator';

async function addToTotals(tx: Tx, userId: string, stars: number, count: number) {
  await tx
    .insert(ratingTotals)
    .values({ userId, total: stars, count })
    .onConflictDoUpdate({
      target: ratingTotals.userId,
      set: {
        total: sql`${ratingTotals.total} + ${stars}`,
        count: sql`${ratingTotals.count} + ${count}`,
      },
    });
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
    await addToTotals(tx, rateeId, input.stars - before.stars, 0);
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
    await addToTotals(tx, rateeId, input.stars, 1);
  }
  if (!row) throw new Error('rating write returned no row');
  return {
    status: before ? 200 : 201,
    body: {
      message: before ? 'Rating updated' : 'Thanks for rating',
      rating: { bookingId: booking.id, ...myRatingOf(row) },
    },
  };
};
