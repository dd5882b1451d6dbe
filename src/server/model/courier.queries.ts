// Courier requests as their sender reads them (the pull's `couriers`, POST answers) and as the
// team's console will (courierRequestsForTeam, moveCourierRequest, readGovernmentIdNumber): the
// request, its history (courier_request_events, written by migration 0032's trigger) and the
// listings that match it (its route, a departure in its window and not past, room for its weight,
// not the sender's own), cheapest first. The Government ID number leaves this file only masked,
// except through readGovernmentIdNumber, which the caller must audit.
import { and, asc, desc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { CourierRequest } from '@/domain/courier/schema';
import { type CourierRow, type CourierStatus, courierStatusSchema } from '@/domain/courier/status';
import type { Listing } from '@/domain/listing/schema';
import { lastFour, openIdNumber, sealIdNumber } from '../auth/id-sealing';
import type { Db, Tx } from '../db/client';
import { rowIn } from '../db/row-in';
import { courierRequestEvents, courierRequests, listings, users } from '../db/schema';
import { toGrams, toKg, toListing } from './listings.queries';

type RequestRow = typeof courierRequests.$inferSelect;

/** Listings shown per request. */
export const MATCHES_PER_REQUEST = 10;
const OPEN: CourierStatus[] = ['submitted', 'matched'];

const utcDay = (nowMs: number) => new Date(nowMs).toISOString().slice(0, 10);

/** What `details` holds: the request as sent, the ID number left out. */
type StoredDetails = Partial<Omit<CourierRequest, 'governmentIdNumber'>>;

function toCourierRow(
  row: RequestRow,
  history: { status: string; note: string; at: Date }[],
  matches: Listing[],
): CourierRow {
  const d = row.details as StoredDetails;
  const status = v.is(courierStatusSchema, row.status) ? row.status : 'submitted';
  return {
    id: row.id,
    status,
    from: row.from ?? '',
    to: row.to ?? '',
    firstDay: row.firstDay ?? '',
    lastDay: row.lastDay ?? '',
    weight: row.weightGrams === null ? 0 : toKg(row.weightGrams),
    itemCategory: Array.isArray(d.itemCategory) ? d.itemCategory.map(String) : [],
    itemDescription: d.itemDescription ?? '',
    declaredValue: typeof d.declaredValue === 'number' ? d.declaredValue : 0,
    recipientName: d.recipientName ?? '',
    recipientPhone: d.recipientPhone ?? '',
    paymentMode: d.paymentMode ?? '',
    governmentIdType: d.governmentIdType ?? '',
    governmentIdLast4: row.idLast4,
    itemImageUrl: row.itemImageUrl,
    createdAt: row.createdAt.getTime(),
    bookingId: row.bookingId,
    history: history.map((e) => ({
      status: v.is(courierStatusSchema, e.status) ? e.status : 'submitted',
      at: e.at.getTime(),
      note: e.note,
    })),
    matches,
  };
}

/** The listings matching one open request (none for a closed, booked or route-less one). */
export async function matchesOf(db: Db | Tx, row: RequestRow, nowMs: number): Promise<Listing[]> {
  if (!OPEN.includes(row.status as CourierStatus) || !row.from || !row.to || !row.firstDay || !row.lastDay)
    return [];
  // Dates as text (YYYY-MM-DD): the later of the window's first day and today.
  const earliest = [row.firstDay, utcDay(nowMs)].sort()[1] ?? row.firstDay;
  const found = await db
    .select()
    .from(listings)
    .where(
      and(
        eq(listings.from, row.from),
        eq(listings.to, row.to),
        gte(listings.departure, earliest),
        lte(listings.departure, row.lastDay),
        ne(listings.userId, row.userId),
        sql`${listings.weightGrams} - ${listings.heldGrams} >= ${row.weightGrams ?? 0}`,
      ),
    )
    .orderBy(asc(listings.cost), asc(listings.departure), asc(listings.id))
    .limit(MATCHES_PER_REQUEST);
  return found.map((l) => toListing(l));
}

async function withHistoryAndMatches(db: Db | Tx, rows: RequestRow[], nowMs: number): Promise<CourierRow[]> {
  if (!rows.length) return [];
  const events = await db
    .select()
    .from(courierRequestEvents)
    .where(
      inArray(
        courierRequestEvents.requestId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(courierRequestEvents.id));
  const out: CourierRow[] = [];
  for (const row of rows)
    out.push(
      toCourierRow(
        row,
        events.filter((e) => e.requestId === row.id),
        await matchesOf(db, row, nowMs),
      ),
    );
  return out;
}

/** The sender's requests (newest first), or those of them among `ids`. */
export async function courierRequestsOf(
  db: Db | Tx,
  userId: string,
  ids: readonly string[] | undefined,
  nowMs: number,
): Promise<CourierRow[]> {
  const rows = await db
    .select()
    .from(courierRequests)
    .where(and(eq(courierRequests.userId, userId), ids ? inArray(courierRequests.id, [...ids]) : undefined))
    .orderBy(desc(courierRequests.createdAt));
  return withHistoryAndMatches(db, rows, nowMs);
}

/** One request of the sender's, or undefined. */
export async function courierRequestOf(db: Db | Tx, userId: string, id: string, nowMs: number) {
  return (await courierRequestsOf(db, userId, [id], nowMs))[0];
}

/** The stored row of a request (any sender's), for checks; locked for the transaction with `lock`. */
export async function courierRequestRow(tx: Tx, id: string, lock = false): Promise<RequestRow | undefined> {
  const q = tx.select().from(courierRequests).where(eq(courierRequests.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/**
 * Stores a new request: the ID number sealed under `key`, never in `details`; status `matched`
 * at once when a listing already matches it. Returns the row, or undefined when `id` is taken.
 */
export async function insertCourierRequest(
  tx: Tx,
  a: { id: string; userId: string; input: CourierRequest; key: Uint8Array; nowMs: number },
): Promise<RequestRow | undefined> {
  const { governmentIdNumber, id: _id, ...details } = a.input;
  const values = {
    id: a.id,
    userId: a.userId,
    status: 'submitted',
    details,
    itemImageUrl: a.input.itemImageUrl,
    paymentAcknowledged: a.input.paymentAcknowledged,
    createdAt: new Date(a.nowMs),
    from: a.input.from,
    to: a.input.to,
    firstDay: a.input.firstDay,
    lastDay: a.input.lastDay,
    weightGrams: toGrams(a.input.weight),
    idNumberSealed: governmentIdNumber ? sealIdNumber(a.key, governmentIdNumber) : null,
    idLast4: governmentIdNumber ? lastFour(governmentIdNumber) : '',
  } satisfies typeof courierRequests.$inferInsert;
  const [row] = await tx.insert(courierRequests).values(values).onConflictDoNothing().returning();
  if (!row) return undefined;
  if ((await matchesOf(tx, row, a.nowMs)).length)
    return moveCourierRequest(tx, row.id, 'matched', 'A carrier is flying this route on your dates', a.nowMs);
  return row;
}

/**
 * Moves a request to `status` with `note` (kept in its history by 0032's trigger). The team's
 * console and the sender's withdraw both come through here. Returns the row as it is now.
 */
export async function moveCourierRequest(
  tx: Tx,
  id: string,
  status: CourierStatus,
  note: string,
  nowMs: number,
  set: { bookingId?: string | null } = {},
): Promise<RequestRow | undefined> {
  const [row] = await tx
    .update(courierRequests)
    .set({ status, statusNote: note, updatedAt: new Date(nowMs), ...set })
    .where(eq(courierRequests.id, id))
    .returning();
  return row;
}

/** Open requests a listing matches (route, window, weight, another user's), for its notice. */
export async function openRequestsMatching(
  tx: Tx,
  l: { from: string; to: string; departure: string; userId: string; weightGrams: number; heldGrams: number },
): Promise<RequestRow[]> {
  return tx
    .select()
    .from(courierRequests)
    .where(
      and(
        eq(courierRequests.from, l.from),
        eq(courierRequests.to, l.to),
        inArray(courierRequests.status, OPEN),
        lte(courierRequests.firstDay, l.departure),
        gte(courierRequests.lastDay, l.departure),
        ne(courierRequests.userId, l.userId),
        lte(courierRequests.weightGrams, l.weightGrams - l.heldGrams),
      ),
    );
}

/**
 * The open requests of another user than `userId` on one of the listings' routes (not empty) with
 * a window around one of their departures: asked with `exists` for a run of new listings (a
 * drain), which almost always finds none, instead of openRequestsMatching for each
 * (mutators/add-listing.ts).
 */
export function openRequestsOn(
  tx: Tx,
  userId: string,
  listings: readonly { from: string; to: string; departure: string }[],
) {
  const departures = listings.map((l) => l.departure).sort();
  return tx
    .select({ id: courierRequests.id })
    .from(courierRequests)
    .where(
      and(
        rowIn(
          [courierRequests.from, courierRequests.to],
          listings.map((l) => [l.from, l.to]),
        ),
        inArray(courierRequests.status, OPEN),
        lte(courierRequests.firstDay, departures[departures.length - 1] as string),
        gte(courierRequests.lastDay, departures[0] as string),
        ne(courierRequests.userId, userId),
      ),
    );
}

/**
 * For the team's console: requests (newest first, `status` alone when given), each with its
 * sender's name and e-mail and its matching listings. The ID number is masked here too.
 */
export async function courierRequestsForTeam(
  db: Db,
  q: { status?: CourierStatus; limit: number; offset: number },
  nowMs: number,
): Promise<(CourierRow & { sender: { name: string; email: string } })[]> {
  const rows = await db
    .select({ request: courierRequests, name: users.name, email: users.email })
    .from(courierRequests)
    .innerJoin(users, eq(users.id, courierRequests.userId))
    .where(q.status ? eq(courierRequests.status, q.status) : undefined)
    .orderBy(desc(courierRequests.createdAt), desc(courierRequests.id))
    .limit(q.limit)
    .offset(q.offset);
  const full = await withHistoryAndMatches(
    db,
    rows.map((r) => r.request),
    nowMs,
  );
  return full.map((r, i) => ({ ...r, sender: { name: rows[i]?.name ?? '', email: rows[i]?.email ?? '' } }));
}

/**
 * The Government ID number of a request in the clear, or null when it has none. For the team's
 * audited action only: the caller writes the audit entry in the same transaction.
 */
export async function readGovernmentIdNumber(db: Db | Tx, key: Uint8Array, requestId: string) {
  const [row] = await db
    .select({ sealed: courierRequests.idNumberSealed })
    .from(courierRequests)
    .where(eq(courierRequests.id, requestId));
  return row?.sealed ? openIdNumber(key, row.sealed) : null;
}

/**
 * Requests stored before 0032 kept the ID number in `details`: it is sealed and taken out at
 * start (idempotent; a handful of rows at most on a server that had them).
 */
export async function sealStoredIdNumbers(db: Db, key: Uint8Array): Promise<number> {
  const rows = await db
    .select({ id: courierRequests.id, details: courierRequests.details })
    .from(courierRequests)
    .where(sql`${courierRequests.details} ? 'governmentIdNumber'`);
  for (const row of rows) {
    const { governmentIdNumber, ...details } = row.details as { governmentIdNumber?: unknown };
    const plain = typeof governmentIdNumber === 'string' ? governmentIdNumber.trim() : '';
    await db
      .update(courierRequests)
      .set({
        details,
        idNumberSealed: plain ? sealIdNumber(key, plain) : null,
        idLast4: plain ? lastFour(plain) : '',
      })
      .where(eq(courierRequests.id, row.id));
  }
  return rows.length;
}
