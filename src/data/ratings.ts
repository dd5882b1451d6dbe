// Rating the other side of a completed booking: my rating shows on the order at once and is
// queued like every change; a second rating within 48 hours replaces the first.

import { canEditRating } from '@/domain/rating/schema';
import {
  appendAndApply,
  loadSession,
  mutationTables,
  newEntry,
  SessionMissingError,
  type Store,
} from './engine';

export type RateResult = { ok: true } | { ok: false; code: 'rating/not-completed' | 'rating/edit-closed' };

export async function rateBooking(
  store: Store,
  input: { bookingId: string; stars: number; comment: string },
): Promise<RateResult> {
  const email = (await loadSession(store))?.email;
  if (!email) throw new SessionMissingError();
  const { db } = store;
  const result = await db.transaction('rw', mutationTables(db), async (): Promise<RateResult> => {
    const row = (await db.orders.get(input.bookingId)) ?? (await db.bookings.get(input.bookingId));
    if (!row) throw new Error(`Booking ${input.bookingId} is not in the local store`);
    if (row.status !== 'completed') return { ok: false, code: 'rating/not-completed' };
    if (!canEditRating(row.myRating, store.now())) return { ok: false, code: 'rating/edit-closed' };
    await appendAndApply(store, newEntry(store, 'rate', input, {}, email));
    return { ok: true };
  });
  if (result.ok) store.wake();
  return result;
}
