// The hand-off code on the server: made on accept, checked on complete. Five wrong codes lock
// the booking's completion for 15 minutes; a wrong code's count is committed with its answer
// (a returned refusal, not a thrown one, so the transaction keeps it and a replay of the same
// Idempotency-Key gets the same answer without counting twice).
import { randomInt, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  HANDOFF_LOCK_MS,
  HANDOFF_MAX_FAILURES,
  handoffCodeFrom,
  normalizeHandoffCode,
} from '@/domain/handoff/code';
import type { Tx } from '../db/client';
import { bookings } from '../db/schema';
import { type ApiError, refusal } from '../http/errors';

type BookingRow = typeof bookings.$inferSelect;

/** Five uniformly random digits and their Damm check digit. */
export function newHandoffCode(): string {
  return handoffCodeFrom(String(randomInt(0, 100_000)).padStart(5, '0'));
}

function sameCode(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * null when `given` is the booking's code; otherwise the refusal, after counting the failure: a
 * 422 handoff_code_mismatch, or for the failure that locks, 429 handoff/locked. Both are returned
 * (not thrown) so the transaction commits the count. While locked it throws 429 handoff/locked
 * (nothing is counted, and the code is not even compared). Every handoff/locked says how long
 * the lock has left.
 */
export async function checkHandoff(
  tx: Tx,
  booking: BookingRow,
  given: string,
  now: Date,
): Promise<ApiError | null> {
  const lockedUntil = booking.handoffLockedUntil?.getTime() ?? 0;
  if (lockedUntil > now.getTime()) throw locked(Math.ceil((lockedUntil - now.getTime()) / 1000));
  if (booking.handoffCode && sameCode(booking.handoffCode, normalizeHandoffCode(given))) return null;
  const failures = booking.handoffFailures + 1;
  const locks = failures >= HANDOFF_MAX_FAILURES;
  await tx
    .update(bookings)
    .set(
      locks
        ? { handoffFailures: 0, handoffLockedUntil: new Date(now.getTime() + HANDOFF_LOCK_MS) }
        : { handoffFailures: failures },
    )
    .where(eq(bookings.id, booking.id));
  // The code that locks says so at once: a device that only has the code and message of its
  // answer (a pushed mutation) shows the lock now, not on its next try.
  if (locks) return locked(HANDOFF_LOCK_MS / 1000);
  return refusal('handoff_code_mismatch', { details: { attemptsLeft: HANDOFF_MAX_FAILURES - failures } });
}

/** 429 handoff/locked for `retryAfterS` more seconds; no attempts are left until it ends. */
function locked(retryAfterS: number): ApiError {
  return refusal('handoff/locked', { retryAfterS, details: { attemptsLeft: 0 } });
}
