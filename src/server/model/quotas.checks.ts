// Per-user caps on what holds other people's attention: open listings per carrier (a search
// shows them) and pending bookings per traveller (each hides space until the carrier answers).
// The count and the insert after it run under a lock on the user's row, so parallel requests
// (two devices, REST and push at once) cannot each see room for one more. FOR NO KEY UPDATE:
// it does not block the key-share locks other users' inserts take on this row (foreign keys).
import { and, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import { OPEN_LISTINGS_MAX, PENDING_BOOKINGS_MAX } from '@/domain/constants';
import { ERRORS } from '@/domain/errors';
import { departureInstant } from '@/domain/listing/departure';
import type { Tx } from '../db/client';
import { bookings, listings, users } from '../db/schema';
import { ApiError } from '../http/errors';
import type { ReferenceIndex } from './reference.queries';

const DAY_MS = 86_400_000;

/**
 * What one transaction (a push batch) knows of the signed-in user: whether it holds the lock on
 * their row, and, once read under that lock, the departure instants of their listings from
 * yesterday on. While the lock is held no other transaction can add a listing of theirs (every
 * insert checks the quota under it, and listings are never deleted), so the list changes only by
 * this transaction's own inserts (noteListing).
 */
export interface UserLock {
  held: boolean;
  listingInstants?: number[];
  /** Listings this transaction inserted (noteListing), so a rollback can take its own back out. */
  noted: number;
  /**
   * The flights (flightKey) of the same listings, read with them, so a run of add-listings knows a
   * flight already listed without asking (listingFlights). An edit or a withdrawal changes them,
   * and a rollback cannot say which it undid: then they are forgotten and read again when asked.
   */
  flights?: Set<string>;
}

/** A listing's flight as listings_flight_unique sees it (with its user): number and date. */
export const flightKey = (flightNo: string, departure: string) => `${flightNo}\n${departure}`;

/** Locks the user's row, unless `lock` says this transaction already holds it (then it stays held
 * until the commit: no mutator updates the users row, so no savepoint rollback can drop it). */
export async function lockUser(tx: Tx, userId: string, lock?: UserLock) {
  if (lock?.held) return;
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  if (lock) lock.held = true;
}

/**
 * The departure instants of the user's listings from yesterday on, read under the lock on their
 * row (taken here unless `lock` holds it) and kept in `lock` for the rest of its transaction.
 */
export async function listingInstants(
  tx: Tx,
  userId: string,
  nowMs: number,
  ref: ReferenceIndex,
  lock?: UserLock,
): Promise<number[]> {
  await lockUser(tx, userId, lock);
  if (lock?.listingInstants) return lock.listingInstants;
  return (await readListings(tx, userId, nowMs, ref, lock)).instants;
}

/**
 * The flights (flightKey) of the user's listings from yesterday on, not withdrawn, read under the
 * lock on their row like listingInstants and kept in `lock` the same way. A new listing departs
 * in the future where it leaves, so on a date from yesterday (UTC) on: a listing it would meet in
 * listings_flight_unique (same flight, same date) is among these.
 */
export async function listingFlights(
  tx: Tx,
  userId: string,
  nowMs: number,
  ref: ReferenceIndex,
  lock?: UserLock,
): Promise<Set<string>> {
  await lockUser(tx, userId, lock);
  if (lock?.flights) return lock.flights;
  return (await readListings(tx, userId, nowMs, ref, lock)).flights;
}

/** One read for both: the user's listings from yesterday on, not withdrawn, into `lock`. */
async function readListings(tx: Tx, userId: string, nowMs: number, ref: ReferenceIndex, lock?: UserLock) {
  // Dates from yesterday (UTC) on, then each judged in its origin's time zone.
  const since = new Date(nowMs - DAY_MS).toISOString().slice(0, 10);
  const rows = await tx
    .select({
      departure: listings.departure,
      time: listings.time,
      from: listings.from,
      flightNo: listings.flightNo,
    })
    .from(listings)
    .where(and(eq(listings.userId, userId), gte(listings.departure, since), isNull(listings.withdrawnAt)));
  const flights = new Set(rows.map((l) => flightKey(l.flightNo, l.departure)));
  // What the lock already knew of the instants stays (it counts this transaction's inserts).
  const instants =
    lock?.listingInstants ?? rows.map((l) => departureInstant(l.departure, l.time, ref.timeZoneOf(l.from)));
  if (lock) {
    lock.listingInstants = instants;
    lock.flights = flights;
  }
  return { instants, flights };
}

/**
 * 409 listing/quota-reached when the carrier already has `max` flights to come (the operator's
 * OPEN_LISTINGS_PER_CARRIER, OPEN_LISTINGS_MAX unless set); the message names the number in force.
 */
export async function checkListingQuota(
  tx: Tx,
  userId: string,
  nowMs: number,
  ref: ReferenceIndex,
  lock?: UserLock,
  max: number = OPEN_LISTINGS_MAX,
) {
  const instants = await listingInstants(tx, userId, nowMs, ref, lock);
  const open = instants.filter((at) => at > nowMs);
  if (open.length >= max) throw listingQuotaReached(max);
}

/** The quota's refusal for a quota of `max`. */
export function listingQuotaReached(max: number): ApiError {
  return new ApiError('listing/quota-reached', undefined, listingQuotaMessage(max));
}

/** The refusal's message for a quota of `max`: the code table's own for the default. */
function listingQuotaMessage(max: number): string {
  const message = ERRORS['listing/quota-reached'].message;
  return max === OPEN_LISTINGS_MAX ? message : message.replace(String(OPEN_LISTINGS_MAX), String(max));
}

/** Counts a listing this transaction inserted in what `lock` knows (checkListingQuota). */
export function noteListing(lock: UserLock | undefined, instant: number, flight: string): void {
  lock?.flights?.add(flight);
  if (!lock?.listingInstants) return;
  lock.listingInstants.push(instant);
  lock.noted += 1;
}

/** An edit or a withdrawal of the user's listing: the flights `lock` knew are read again. */
export function forgetFlights(lock: UserLock | undefined): void {
  if (lock) delete lock.flights;
}

/**
 * What `lock` knew before a mutation whose savepoint then rolled back: `before` is what
 * snapshotUserLock took then. A lock taken inside the savepoint is gone, and with it what was read
 * under it; listings read under a lock held before stay true, less the inserts rolled back.
 */
export function rollBackUserLock(lock: UserLock, before: { held: boolean; noted: number }): void {
  // The flights added since cannot be told apart from those read: they are read again.
  delete lock.flights;
  lock.held = before.held;
  if (!before.held) delete lock.listingInstants;
  else lock.listingInstants?.splice(lock.listingInstants.length - (lock.noted - before.noted));
  lock.noted = before.noted;
}

/** 409 booking/quota-reached when the traveller already has PENDING_BOOKINGS_MAX unanswered bookings. */
export async function checkBookingQuota(tx: Tx, userId: string, nowMs: number, lock?: UserLock) {
  await lockUser(tx, userId, lock);
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
