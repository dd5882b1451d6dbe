// The console's lists (issue 30): contact queries, reports with what they report, users, bookings,
// courier requests and the audit log, each paged by a keyset over an index (migration 0033) and
// searched on the server by the start of an e-mail or a name. Nothing here returns a password
// hash or a Government ID number.
import { and, desc, eq, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { bookings, contactMessages, courierRequests, listings, messages, reports, users } from '../db/schema';
import { toKg } from './listings.queries';
import { afterCursor, type Page, pageOf } from './team.page';

export interface PageQuery {
  q: string;
  cursor: string;
  status: string;
  limit: number;
}

/** `q` as the start of a LIKE pattern, its wildcards taken literally. */
export const prefixOf = (q: string) => `${q.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`;

export async function contactPage(db: Db, p: PageQuery) {
  const m = contactMessages;
  const status =
    p.status === 'closed' ? isNotNull(m.closedAt) : p.status === 'all' ? undefined : isNull(m.closedAt);
  const rows = await db
    .select()
    .from(m)
    .where(
      and(status, p.q ? ilike(m.email, prefixOf(p.q)) : undefined, afterCursor(m.createdAt, m.id, p.cursor)),
    )
    .orderBy(desc(m.createdAt), desc(m.id))
    .limit(p.limit + 1);
  return pageOf(
    rows,
    p.limit,
    (r) => [r.createdAt.getTime(), r.id],
    (r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      phone: r.phone,
      message: r.message,
      createdAt: r.createdAt.getTime(),
      reply: r.reply,
      closedAt: r.closedAt?.getTime() ?? null,
    }),
  );
}

const reporter = alias(users, 'reporter');
const subject = alias(users, 'subject');

export async function reportPage(db: Db, p: PageQuery) {
  const status = p.status === 'all' ? undefined : eq(reports.status, p.status || 'open');
  const rows = await db
    .select({
      report: reports,
      reporter: { email: reporter.email, name: reporter.name },
      subject: { id: subject.id, email: subject.email, name: subject.name, suspendedAt: subject.suspendedAt },
      message: { text: messages.text, sentAt: messages.sentAt },
      booking: { id: bookings.id, status: bookings.status, createdAt: bookings.createdAt },
    })
    .from(reports)
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
    .innerJoin(subject, eq(subject.id, reports.subjectId))
    .leftJoin(messages, eq(messages.id, reports.messageId))
    .leftJoin(bookings, eq(bookings.id, reports.bookingId))
    .where(
      and(
        status,
        p.q ? ilike(subject.email, prefixOf(p.q)) : undefined,
        afterCursor(reports.createdAt, reports.id, p.cursor),
      ),
    )
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(p.limit + 1);
  return pageOf(
    rows,
    p.limit,
    (r) => [r.report.createdAt.getTime(), r.report.id],
    (r) => ({
      id: r.report.id,
      kind: r.report.kind,
      reason: r.report.reason,
      details: r.report.details,
      status: r.report.status,
      createdAt: r.report.createdAt.getTime(),
      reporter: r.reporter,
      subject: {
        id: r.subject.id,
        email: r.subject.email,
        name: r.subject.name,
        suspended: r.subject.suspendedAt !== null,
      },
      message: r.message?.text ? { text: r.message.text, sentAt: r.message.sentAt.getTime() } : null,
      booking: r.booking?.id ? { id: r.booking.id, status: r.booking.status } : null,
    }),
  );
}

export interface TeamUser {
  id: string;
  email: string;
  name: string;
  phone: string;
  createdAt: number;
  suspended: boolean;
  suspendedReason: string | null;
}

/** Newest first; `q` is the start of an e-mail address or of a name. */
export async function userPage(db: Db, p: PageQuery): Promise<Page<TeamUser>> {
  const like = prefixOf(p.q);
  const rows = await db
    .select()
    .from(users)
    .where(
      and(
        p.q ? or(sql`${users.email} like ${like}`, sql`lower(${users.name}) like ${like}`) : undefined,
        p.status === 'suspended' ? isNotNull(users.suspendedAt) : undefined,
        afterCursor(users.createdAt, users.id, p.cursor),
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(p.limit + 1);
  return pageOf(
    rows,
    p.limit,
    (r) => [r.createdAt.getTime(), r.id],
    (r) => ({
      id: r.id,
      email: r.email,
      name: r.name,
      phone: r.phone,
      createdAt: r.createdAt.getTime(),
      suspended: r.suspendedAt !== null,
      suspendedReason: r.suspendedReason,
    }),
  );
}

export async function userById(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Newest first; `q` is a booking id, or a traveller's or carrier's exact e-mail address. */
export async function bookingPage(db: Db, p: PageQuery) {
  let who: ReturnType<typeof or> | undefined;
  if (p.q) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, p.q.toLowerCase()));
    who = user
      ? or(eq(bookings.travellerId, user.id), eq(bookings.carrierId, user.id))
      : eq(bookings.id, p.q);
  }
  const rows = await db
    .select({
      booking: bookings,
      route: {
        from: listings.from,
        to: listings.to,
        departure: listings.departure,
        flightNo: listings.flightNo,
      },
    })
    .from(bookings)
    .innerJoin(listings, eq(listings.id, bookings.listingId))
    .where(and(who, afterCursor(bookings.createdAt, bookings.id, p.cursor)))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(p.limit + 1);
  return pageOf(
    rows,
    p.limit,
    (r) => [r.booking.createdAt.getTime(), r.booking.id],
    (r) => ({
      id: r.booking.id,
      status: r.booking.status,
      weightGrams: r.booking.weightGrams,
      cost: r.booking.cost,
      createdAt: r.booking.createdAt.getTime(),
      traveller: r.booking.email,
      carrier: r.booking.carrierEmail,
      ...r.route,
    }),
  );
}

/** What the console shows of a courier request: its trip and item, never the Government ID number. */
export interface CourierTrip {
  from: string | null;
  to: string | null;
  firstDay: string | null;
  lastDay: string | null;
  weightKg: number | null;
}

/** The trip a request names, from its columns (migration 0032; null in requests made before it). */
export function courierTrip(row: typeof courierRequests.$inferSelect): CourierTrip {
  return {
    from: row.from || null,
    to: row.to || null,
    firstDay: row.firstDay || null,
    lastDay: row.lastDay || row.firstDay || null,
    weightKg: row.weightGrams ? toKg(row.weightGrams) : null,
  };
}

export async function courierPage(db: Db, p: PageQuery) {
  const rows = await db
    .select({ request: courierRequests, user: { email: users.email, name: users.name } })
    .from(courierRequests)
    .innerJoin(users, eq(users.id, courierRequests.userId))
    .where(
      and(
        p.q ? ilike(users.email, prefixOf(p.q)) : undefined,
        p.status ? eq(courierRequests.status, p.status) : undefined,
        afterCursor(courierRequests.createdAt, courierRequests.id, p.cursor),
      ),
    )
    .orderBy(desc(courierRequests.createdAt), desc(courierRequests.id))
    .limit(p.limit + 1);
  return pageOf(
    rows,
    p.limit,
    (r) => [r.request.createdAt.getTime(), r.request.id],
    (r) => {
      const d = r.request.details as { itemDescription?: unknown; governmentIdType?: unknown };
      return {
        id: r.request.id,
        status: r.request.status,
        createdAt: r.request.createdAt.getTime(),
        sender: r.user,
        item: typeof d.itemDescription === 'string' ? d.itemDescription : '',
        trip: courierTrip(r.request),
        // Masked: the full number only through the audited reveal (team.actions.ts).
        governmentId: r.request.idLast4
          ? {
              type: typeof d.governmentIdType === 'string' ? d.governmentIdType : '',
              last4: r.request.idLast4,
            }
          : null,
      };
    },
  );
}

export async function courierRequestById(db: Db, id: string) {
  const [row] = await db
    .select({ request: courierRequests, user: { id: users.id, email: users.email, name: users.name } })
    .from(courierRequests)
    .innerJoin(users, eq(users.id, courierRequests.userId))
    .where(eq(courierRequests.id, id));
  return row;
}
