// The hand-off code on the server: made on accept, checked on complete. Five wrong codes lock
// the booking's completion for 15 minutes; a wrong code's count is committed with its answer
// (a 422 reply, not a thrown error, so the transaction keeps it and a replay of the same
// Idempotency-Key gets the same answer without counting twice).
import { randomInt, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ERRORS } from '@/domain/errors';
import {
  HANDOFF_LOCK_MS,
  HANDOFF_MAX_FAILURES,
  handoffCodeFrom,
  normalizeHandoffCode,
} from '@/domain/handoff/code';
import type { Tx } from '../db/client';
import { bookings } from '../db/schema';
import { ApiError } from '../http/errors';
import type { Reply } from '../http/idempotency';

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
/** 429 handoff/locked, with the seconds left (the REST call sends them as Retry-After). */
export class HandoffLockedError extends ApiError {
  constructor(readonly retryAfterS: number) {
    super('handoff/locked');
  }
}

/**
 * null when `given` is the booking's code; otherwise the refusal, after counting the failure: a
 * 422 handoff_code_mismatch, or for the failure that locks, a 429 handoff/locked reply. While
 * locked it throws 429 (nothing is counted, and the code is not even compared).
 */
export async function checkHandoff(
  tx: Tx,
  booking: BookingRow,
  given: string,
  now: Date,
): Promise<Reply | null> {
  const lockedUntil = booking.handoffLockedUntil?.getTime() ?? 0;
  if (lockedUntil > now.getTime())
    throw new HandoffLockedError(Math.ceil((lockedUntil - now.getTime()) / 1000));
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
  if (locks) {
    const { status, message } = ERRORS['handoff/locked'];
    return { status, body: { code: 'handoff/locked', message, attemptsLeft: 0 } };
  }
  const { status, message } = ERRORS.handoff_code_mismatch;
  return {
    status,
    body: { code: 'handoff_code_mismatch', message, attemptsLeft: HANDOFF_MAX_FAILURES - failures },
  };
}
