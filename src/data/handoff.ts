// Completing a delivery with the traveller's hand-off code. The device checks the code's check
// digit (no signal needed), records the completion at once and queues it; the server decides. A
// code the server refuses puts the order back to accepted with the server's message
// (src/data/mutators/complete.ts).
import { transition } from '@/domain/booking/status';
import { checkHandoffCode, type HandoffCodeCheck, normalizeHandoffCode } from '@/domain/handoff/code';
import {
  appendAndApply,
  loadSession,
  mutationTables,
  newEntry,
  SessionMissingError,
  type Store,
} from './engine';
import { handoffRefusedKey } from './mutators/complete';

export type CompleteResult =
  | { ok: true }
  | { ok: false; code: Exclude<HandoffCodeCheck, 'ok'> | 'booking/transition-not-allowed' };

/** Records the completion of an order on my listing with `rawCode`, or says why it cannot. */
export async function completeBooking(
  store: Store,
  bookingId: string,
  rawCode: string,
): Promise<CompleteResult> {
  const check = checkHandoffCode(rawCode);
  if (check !== 'ok') return { ok: false, code: check };
  const email = (await loadSession(store))?.email;
  if (!email) throw new SessionMissingError();
  const { db } = store;
  const result = await db.transaction('rw', mutationTables(db), async (): Promise<CompleteResult> => {
    const order = await db.orders.get(bookingId);
    if (!order) throw new Error(`Booking ${bookingId} is not in the local store`);
    const next = transition(order.status, 'complete');
    if (!next.ok) return { ok: false, code: next.code };
    const args = {
      listingId: bookingId,
      status: 'completed' as const,
      handoffCode: normalizeHandoffCode(rawCode),
    };
    await appendAndApply(store, newEntry(store, 'complete', args, {}, email));
    return { ok: true };
  });
  if (result.ok) store.wake();
  return result;
}

/** The message of the last refused code for a booking, until the next attempt; null if none. */
export async function handoffRefusal(store: Store, bookingId: string): Promise<string | null> {
  const row = await store.db.meta.get(handoffRefusedKey(bookingId));
  return typeof row?.value === 'string' ? row.value : null;
}
