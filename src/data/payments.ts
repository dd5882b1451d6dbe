// Payment at the hand-off on the device (issue 31): the carrier marks a booking's payment received
// (UPI or cash), the traveller says "I paid" with the UPI reference, the carrier confirms or
// disputes it, and the profile's UPI ID: each checked against what the device knows, shown at
// once and queued like every change. Earnings are the server's sums, read when online.
import * as v from 'valibot';
import type { OutboxEntry } from '@/domain/outbox/entry';
import {
  type EarningsResponse,
  earningsResponseSchema,
  type PaymentMethod,
  paymentClaimArgsSchema,
  setUpiArgsSchema,
} from '@/domain/payment/schema';
import {
  appendAndApply,
  callParsed,
  loadSession,
  mutationTables,
  newEntry,
  SessionMissingError,
  type Store,
} from './engine';

export type PaymentResult =
  | { ok: true }
  | { ok: false; code: 'payment/not-payable' | 'payment/already-received' | 'payment/no-claim' };

const PAYABLE = new Set(['accepted', 'completed']);

type Needs = 'received' | 'claim' | 'answer';

async function queuePayment(
  store: Store,
  bookingId: string,
  side: 'orders' | 'bookings',
  needs: Needs,
  entry: (email: string) => OutboxEntry,
): Promise<PaymentResult> {
  const email = (await loadSession(store))?.email;
  if (!email) throw new SessionMissingError();
  const { db } = store;
  const result = await db.transaction('rw', mutationTables(db), async (): Promise<PaymentResult> => {
    const row = await db[side].get(bookingId);
    if (!row) throw new Error(`Booking ${bookingId} is not in the local store`);
    if (!PAYABLE.has(row.status)) return { ok: false, code: 'payment/not-payable' };
    if (needs !== 'received' && row.payment?.state === 'received')
      return { ok: false, code: 'payment/already-received' };
    if (needs === 'answer' && row.payment?.state !== 'claimed')
      return { ok: false, code: 'payment/no-claim' };
    await appendAndApply(store, entry(email));
    return { ok: true };
  });
  if (result.ok) store.wake();
  return result;
}

/** The carrier: the traveller paid this booking, by UPI or in cash. */
export function markPaymentReceived(store: Store, bookingId: string, method: PaymentMethod) {
  return queuePayment(store, bookingId, 'orders', 'received', (email) =>
    newEntry(store, 'payment-received', { bookingId, method }, {}, email),
  );
}

/** The traveller: "I paid", with the UPI transaction reference. */
export function claimPayment(store: Store, bookingId: string, reference: string) {
  const args = v.parse(paymentClaimArgsSchema, { bookingId, reference });
  return queuePayment(store, bookingId, 'bookings', 'claim', (email) =>
    newEntry(store, 'payment-claim', args, {}, email),
  );
}

/** The carrier: the traveller's "I paid" is true (confirm) or the money never came (dispute). */
export function answerPaymentClaim(store: Store, bookingId: string, answer: 'confirm' | 'dispute') {
  return queuePayment(store, bookingId, 'orders', 'answer', (email) =>
    newEntry(store, 'payment-answer', { bookingId, answer }, {}, email),
  );
}

/** The profile's UPI ID (a VPA, or '' to be paid in cash). */
export async function saveUpiId(store: Store, upiId: string): Promise<void> {
  const email = (await loadSession(store))?.email;
  if (!email) throw new SessionMissingError();
  const args = v.parse(setUpiArgsSchema, { upiId });
  const { db } = store;
  await db.transaction('rw', mutationTables(db), () =>
    appendAndApply(store, newEntry(store, 'set-upi', args, {}, email)),
  );
  store.wake();
}

/** One page of a side's earnings by month, newest first (`before`: the page's `next`). */
export function loadEarnings(
  store: Store,
  side: 'carrier' | 'traveller',
  before?: string,
): Promise<EarningsResponse> {
  const query = new URLSearchParams({ side, ...(before ? { before } : {}) });
  return callParsed(store.http, 'GET', `/api/earnings?${query}`, earningsResponseSchema);
}
