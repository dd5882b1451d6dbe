// Earnings (GET /api/earnings): one side's completed bookings summed by month of completion, in
// India's time, newest month first, a page of months at a time. Received is what the carrier
// marked received; claimed, what the traveller said they paid and the carrier has not answered;
// owed, the rest (no payment recorded, or disputed). A completed booking is read through
// bookings_carrier_earnings_idx or bookings_traveller_earnings_idx (partial, status completed).
import { and, eq, lt, type SQL, sql } from 'drizzle-orm';
import { EARNINGS_MONTHS_PER_PAGE, type EarningsResponse } from '@/domain/payment/schema';
import type { Db } from '../db/client';
import { bookings } from '../db/schema';

const ZONE = 'Asia/Kolkata';

/** The first instant of month 'YYYY-MM' in India (UTC+5:30, no daylight saving). */
function monthStart(month: string): Date {
  return new Date(`${month}-01T00:00:00+05:30`);
}

export async function earningsOf(
  db: Db,
  userId: string,
  side: 'carrier' | 'traveller',
  before?: string,
): Promise<EarningsResponse> {
  const owner = side === 'carrier' ? bookings.carrierId : bookings.travellerId;
  const month = sql<string>`to_char(${bookings.endedAt} AT TIME ZONE ${sql.raw(`'${ZONE}'`)}, 'YYYY-MM')`;
  const conditions: (SQL | undefined)[] = [
    eq(owner, userId),
    eq(bookings.status, 'completed'),
    before ? lt(bookings.endedAt, monthStart(before)) : undefined,
  ];
  const sum = (when: SQL) => sql<number>`coalesce(sum(${bookings.cost}) FILTER (WHERE ${when}), 0)::float8`;
  const rows = await db
    .select({
      month,
      bookings: sql<number>`count(*)::int`,
      received: sum(sql`${bookings.paymentState} = 'received'`),
      claimed: sum(sql`${bookings.paymentState} = 'claimed'`),
      owed: sum(sql`${bookings.paymentState} IS NULL OR ${bookings.paymentState} = 'disputed'`),
    })
    .from(bookings)
    .where(and(...conditions))
    .groupBy(month)
    .orderBy(sql`1 DESC`)
    .limit(EARNINGS_MONTHS_PER_PAGE + 1);
  const months = rows.slice(0, EARNINGS_MONTHS_PER_PAGE).map((r) => ({
    month: r.month,
    bookings: Number(r.bookings),
    received: Math.round(Number(r.received) * 100) / 100,
    claimed: Math.round(Number(r.claimed) * 100) / 100,
    owed: Math.round(Number(r.owed) * 100) / 100,
  }));
  const next = rows.length > EARNINGS_MONTHS_PER_PAGE ? (months.at(-1)?.month ?? null) : null;
  return { side, months, next };
}
