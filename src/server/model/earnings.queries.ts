// Earnings (GET /api/earnings): one side's completed bookings summed by month of completion, in
// India's time, newest month first, a page of months at a time, read from earnings_months (kept
// by the bookings_earnings triggers, migration 0034) by its primary key. Received is what the
// carrier marked received; claimed, what the traveller said they paid and the carrier has not
// answered; owed, the rest (no payment recorded, or disputed).
import { and, desc, eq, gt, lt } from 'drizzle-orm';
import { EARNINGS_MONTHS_PER_PAGE, type EarningsResponse } from '@/domain/payment/schema';
import type { Db } from '../db/client';
import { earningsMonths } from '../db/schema';

export async function earningsOf(
  db: Db,
  userId: string,
  side: 'carrier' | 'traveller',
  before?: string,
): Promise<EarningsResponse> {
  const rows = await db
    .select({
      month: earningsMonths.month,
      bookings: earningsMonths.bookings,
      received: earningsMonths.received,
      claimed: earningsMonths.claimed,
      owed: earningsMonths.owed,
    })
    .from(earningsMonths)
    .where(
      and(
        eq(earningsMonths.userId, userId),
        eq(earningsMonths.side, side),
        before ? lt(earningsMonths.month, before) : undefined,
        gt(earningsMonths.bookings, 0),
      ),
    )
    .orderBy(desc(earningsMonths.month))
    .limit(EARNINGS_MONTHS_PER_PAGE + 1);
  const months = rows.slice(0, EARNINGS_MONTHS_PER_PAGE).map((r) => ({
    month: r.month,
    bookings: r.bookings,
    received: Number(r.received),
    claimed: Number(r.claimed),
    owed: Number(r.owed),
  }));
  const next = rows.length > EARNINGS_MONTHS_PER_PAGE ? (months.at(-1)?.month ?? null) : null;
  return { side, months, next };
}
