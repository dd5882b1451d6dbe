// A user's profile (GET /api/profile/:email and the pull's `profile`): the user's details and
// booking counts per role (carrier: bookings on my listings; passenger: bookings I made; sender:
// my courier requests).
import { count, eq } from 'drizzle-orm';
import { isBookingStatus, profileBucket } from '@/domain/booking/status';
import type { BookingCounts, ProfileResponse } from '@/domain/profile/schema';
import type { Db } from '../db/client';
import { bookings, courierRequests, users } from '../db/schema';
import { latestComments, summaryFor } from './ratings.queries';

/** A courier request's status counted as the booking status it is like: open ones pending. */
const COURIER_AS_BOOKING: Record<string, string> = {
  submitted: 'pending',
  matched: 'pending',
  booked: 'pending',
  delivered: 'completed',
  closed: 'cancelled',
};

/** Counts per bucket; courier requests' statuses (text) count by the same names. */
function tally(rows: { status: string; n: number }[]): BookingCounts {
  const counts = { pending: 0, completed: 0, declined: 0 };
  for (const r of rows) {
    const bucket = isBookingStatus(r.status) ? profileBucket(r.status) : null;
    if (bucket) counts[bucket] += r.n;
  }
  return counts;
}

async function countsBy(
  db: Db,
  column: typeof bookings.carrierId | typeof bookings.travellerId,
  userId: string,
) {
  const rows = await db
    .select({ status: bookings.status, n: count() })
    .from(bookings)
    .where(eq(column, userId))
    .groupBy(bookings.status);
  return tally(rows);
}

export async function profileOf(db: Db, userId: string): Promise<ProfileResponse | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const senderRows = await db
    .select({ status: courierRequests.status, n: count() })
    .from(courierRequests)
    .where(eq(courierRequests.userId, userId))
    .groupBy(courierRequests.status);
  return {
    profile: {
      name: user.name,
      phone: user.phone,
      gender: user.gender,
      age: user.age,
      upiId: user.upiId,
      locale: user.locale === 'hi' || user.locale === 'en' ? user.locale : null,
    },
    bookings: {
      carrier: await countsBy(db, bookings.carrierId, userId),
      passenger: await countsBy(db, bookings.travellerId, userId),
      sender: tally(senderRows.map((r) => ({ ...r, status: COURIER_AS_BOOKING[r.status] ?? r.status }))),
    },
    rating: { ...(await summaryFor(db, userId)), latest: await latestComments(db, userId) },
  };
}
