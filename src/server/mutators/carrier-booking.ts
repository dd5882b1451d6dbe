// The part of status-update and complete that is the same: the carrier's booking, locked, and
// the move to its next status, written with its time columns and read back with its listing.
import { eq } from 'drizzle-orm';
import { bookingIdOf } from '@/domain/booking/schema';
import type { BookingStatus } from '@/domain/booking/status';
import type { Tx } from '../db/client';
import { bookings, listings } from '../db/schema';
import { ApiError } from '../http/errors';
import { statusTimes } from '../model/bookings.queries';

type BookingRow = typeof bookings.$inferSelect;

/**
 * The booking an order id names (`listingId`, its suffix stripped), locked for this transaction:
 * 404 booking/not-found, 403 booking/not-carrier unless `userId` carries it.
 */
export async function lockCarrierBooking(tx: Tx, userId: string, listingId: string): Promise<BookingRow> {
  const [booking] = await tx
    .select()
    .from(bookings)
    .where(eq(bookings.id, bookingIdOf(listingId)))
    .for('update');
  if (!booking) throw new ApiError('booking/not-found');
  if (booking.carrierId !== userId) throw new ApiError('booking/not-carrier');
  return booking;
}

/** Moves the booking to `status` at `nowMs` (with `extra` columns), returning it and its listing. */
export async function moveBooking(
  tx: Tx,
  booking: BookingRow,
  status: BookingStatus,
  nowMs: number,
  extra: Partial<BookingRow> = {},
) {
  const [row] = await tx
    .update(bookings)
    .set({ status, updatedAt: new Date(nowMs), ...statusTimes(status, nowMs), ...extra })
    .where(eq(bookings.id, booking.id))
    .returning();
  const [listing] = await tx.select().from(listings).where(eq(listings.id, booking.listingId));
  if (!row || !listing) throw new Error('booking vanished inside its transaction');
  return { row, listing };
}
