// Pending bookings the carrier has not answered in time expire (bookingExpiry in
// src/domain/booking/status.ts fixes when, at booking time, in bookings.expires_at). The server's
// housekeeping moves them to 'expired' every minute; until it has, the places where it matters
// treat an overdue pending booking as expired already: search and booking do not count its
// space, and the carrier can no longer accept or decline it.
import { and, eq, lte, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { bookings } from '../db/schema';

/** A pending booking whose time to be answered is up at `now` (a Date or a placeholder). */
export function overdueAt(now: Date | ReturnType<typeof sql.placeholder>) {
  return and(eq(bookings.status, 'pending'), lte(bookings.expiresAt, sql`${now}`));
}

/** Whether this booking row is pending past its expiry at `nowMs`. */
export function isOverdue(b: Pick<typeof bookings.$inferSelect, 'status' | 'expiresAt'>, nowMs: number) {
  return b.status === 'pending' && b.expiresAt !== null && b.expiresAt.getTime() <= nowMs;
}

/** Grams of a listing held by pending bookings already overdue: space that is free again. */
export async function overdueGrams(tx: Tx, listingId: string, nowMs: number): Promise<number> {
  const [row] = await tx
    .select({ grams: sql<number>`coalesce(sum(${bookings.weightGrams}), 0)::integer` })
    .from(bookings)
    .where(and(eq(bookings.listingId, listingId), overdueAt(new Date(nowMs))));
  return Number(row?.grams ?? 0);
}

/**
 * Moves every overdue pending booking to 'expired' (the bookings_hold_space trigger frees its
 * space), dated when it expired, not when this ran. Returns how many. Runs every minute in
 * main.ts; every process may run it (a booking another run expired first is no longer pending).
 * `among` narrows it to some bookings (a suspended user's).
 */
export async function expireOverdueBookings(db: Db | Tx, nowMs: number, among?: SQL): Promise<number> {
  const expired = await db
    .update(bookings)
    .set({ status: 'expired', endedAt: sql`${bookings.expiresAt}`, updatedAt: new Date(nowMs) })
    .where(and(overdueAt(new Date(nowMs)), among))
    .returning({ id: bookings.id });
  return expired.length;
}
