// Per-user caps on what holds other people's attention: open listings per carrier (a search
// shows them) and pending bookings per traveller (each hides space until the carrier answers).
// The count and the insert after it run under a lock on the user's row, so parallel requests
// (two devices, REST and push at once) cannot each see room for one more. FOR NO KEY UPDATE:
// it does not block the key-share locks other users' inserts take on this row (foreign keys).
import { and, eq, gt, gte, sql } from 'drizzle-orm';
import { OPEN_LISTINGS_MAX, PENDING_BOOKINGS_MAX } from '@/domain/constants';
import { departureInstant } from '@/domain/listing/departure';
import type { Tx } from '../db/client';
import { bookings, listings, users } from '../db/schema';
import { ApiError } from '../http/errors';
import type { ReferenceIndex } from '../routes/reference/reference.queries';

const DAY_MS = 86_400_000;

async function lockUser(tx: Tx, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/** 409 listing/quota-reached when the carrier already has OPEN_LISTINGS_MAX flights to come. */
export async function checkListingQuota(tx: Tx, userId: string, nowMs: number, ref: ReferenceIndex) {
  await lockUser(tx, userId);
  // Dates from yesterday (UTC) on, then each judged in its origin's time zone.
  const since = new Date(nowMs - DAY_MS).toISOString().slice(0, 10);
  const rows = await tx
    .select({ departure: listings.departure, time: listings.time, from: listings.from })
    .from(listings)
    .where(and(eq(listings.userId, userId), gte(listings.departure, since)));
  const open = rows.filter((l) => departureInstant(l.departure, l.time, ref.timeZoneOf(l.from)) > nowMs);
  if (open.length >= OPEN_LISTINGS_MAX) throw new ApiError('listing/quota-reached');
}

/** 409 booking/quota-reached when the traveller already has PENDING_BOOKINGS_MAX unanswered bookings. */
export async function checkBookingQuota(tx: Tx, userId: string, nowMs: number) {
  await lockUser(tx, userId);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::integer` })
    .from(bookings)
    .where(
      and(
        eq(bookings.travellerId, userId),
        eq(bookings.status, 'pending'),
        // An overdue one has expired, whether or not housekeeping has run yet.
        gt(bookings.expiresAt, new Date(nowMs)),
      ),
    );
  if (Number(row?.n ?? 0) >= PENDING_BOOKINGS_MAX) throw new ApiError('booking/quota-reached');
}
