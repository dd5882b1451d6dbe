// Blocks between two users (issue 30): while either has blocked the other, neither can book the
// other's listing nor write in a thread they share. One indexed look-up each way (blocks_pk).
import { and, eq, or, sql } from 'drizzle-orm';
import { bookingIdOf } from '@/domain/booking/schema';
import type { Db, Tx } from '../db/client';
import { blocks, bookings } from '../db/schema';
import { ApiError } from '../http/errors';

export async function blockedBetween(db: Db | Tx, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
        and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function refuseIfBlocked(db: Db | Tx, a: string, b: string): Promise<void> {
  if (await blockedBetween(db, a, b)) throw new ApiError('user/blocked');
}

/** A thread's other side has blocked the sender, or the sender them: 409 user/blocked. */
export async function refuseBlockedThread(
  db: Db | Tx,
  rawBookingId: string,
  senderId: string,
): Promise<void> {
  const [booking] = await db
    .select({ carrierId: bookings.carrierId, travellerId: bookings.travellerId })
    .from(bookings)
    .where(eq(bookings.id, bookingIdOf(rawBookingId)));
  // No booking, or not a side of it: post_message() refuses it in its own words.
  if (!booking || (booking.carrierId !== senderId && booking.travellerId !== senderId)) return;
  const other = booking.carrierId === senderId ? booking.travellerId : booking.carrierId;
  await refuseIfBlocked(db, senderId, other);
}
