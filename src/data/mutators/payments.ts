// The payment kinds on the device: the record shows on the order at once ("Waiting to send" until
// the server agrees), in whichever list holds the booking (the carrier's orders, the traveller's
// bookings), and the server's answer becomes the confirmed order. The amount is never the
// device's: it shows the booking's stored total.
import type { Table } from 'dexie';
import * as v from 'valibot';
import { type Order, orderSchema } from '@/domain/booking/schema';
import type { OutboxEntryOf } from '@/domain/outbox/entry';
import type { OrderPayment } from '@/domain/payment/schema';
import { upiReferenceOf } from '@/domain/payment/upi';
import { type AppDb, confirmRow, type LocalMutator, patchRow, type Synced } from '../engine';

const answer = v.object({ booking: orderSchema });

/** The local list holding a booking: orders on my listings, or the bookings I made. */
async function tableOf(db: AppDb, bookingId: string): Promise<Table<Synced<Order>, string> | null> {
  if (await db.orders.get(bookingId)) return db.orders;
  if (await db.bookings.get(bookingId)) return db.bookings;
  return null;
}

type PaymentKind = 'payment-received' | 'payment-claim' | 'payment-answer';

/** apply: the order's payment as `next` makes it from what it shows now. */
function paymentMutator<K extends PaymentKind>(
  label: LocalMutator<K>['label'],
  next: (args: OutboxEntryOf<K>['args'], row: Order, now: number) => OrderPayment | null,
): LocalMutator<K> {
  return {
    label,
    async apply({ db, now }, entry) {
      const { bookingId } = entry.args as { bookingId: string };
      const table = await tableOf(db, bookingId);
      const row = await table?.get(bookingId);
      if (!table || !row) return;
      const payment = next(entry.args, row, Math.floor(now / 1000));
      if (payment) await patchRow(table, bookingId, { payment }, entry);
    },
    async settle({ db }, entry, body) {
      const server = v.safeParse(answer, body);
      const table = await tableOf(db, (entry.args as { bookingId: string }).bookingId);
      if (server.success && table) await confirmRow(table, server.output.booking, entry);
    },
  };
}

export const paymentReceived = paymentMutator<'payment-received'>(
  (a) => ({ key: 'paymentReceived', values: { method: a.method === 'cash' ? 'cash' : 'upi' } }),
  (a, row, at) =>
    row.payment?.state === 'received'
      ? null
      : {
          state: 'received',
          method: a.method,
          ...(a.method === 'upi' ? { reference: row.payment?.claimRef ?? upiReferenceOf(row.id) } : {}),
          ...(row.payment?.claimRef ? { claimRef: row.payment.claimRef } : {}),
          ...(row.payment?.claimedAt ? { claimedAt: row.payment.claimedAt } : {}),
          receivedAt: at,
        },
);

export const paymentClaim = paymentMutator<'payment-claim'>(
  () => ({ key: 'paymentClaim' }),
  (a, row, at) =>
    row.payment?.state === 'received' ? null : { state: 'claimed', claimRef: a.reference, claimedAt: at },
);

export const paymentAnswer = paymentMutator<'payment-answer'>(
  (a) => ({ key: a.answer === 'confirm' ? 'paymentConfirmed' : 'paymentDisputed' }),
  (a, row, at) => {
    const p = row.payment;
    if (p?.state !== 'claimed') return null;
    return a.answer === 'confirm'
      ? {
          ...p,
          state: 'received',
          method: 'upi',
          ...(p.claimRef ? { reference: p.claimRef } : {}),
          receivedAt: at,
        }
      : { ...p, state: 'disputed' };
  },
);

/** set-upi: the profile shows the new UPI ID at once; the next pull brings the server's. */
export const setUpi: LocalMutator<'set-upi'> = {
  label: (a) => (a.upiId ? { key: 'setUpi', values: { upiId: a.upiId } } : { key: 'removeUpi' }),
  async apply({ db }, entry) {
    const row = await db.profile.get(entry.user);
    if (!row) return;
    await db.profile.put({ ...row, profile: { ...row.profile, upiId: entry.args.upiId || null } });
  },
  async settle() {
    // The profile row is the pull's: the change log brings the saved UPI ID with the next one.
  },
};
