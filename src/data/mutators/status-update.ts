// status-update on the device: the carrier's order shows its new status at once. Its args are
// the REST body, whose `listingId` is the booking id (the order row's `id`).
import * as v from 'valibot';
import { orderSchema } from '@/domain/booking/schema';
import type { LocalMutator } from '../engine';
import { confirmRow, patchRow } from '../engine';

const answer = v.object({ booking: orderSchema });

export const statusUpdate: LocalMutator<'status-update'> = {
  label: (a) => `Booking status change to ${a.status}`,
  async apply({ db, now }, entry) {
    const { listingId, status, reason } = entry.args;
    const row = await db.orders.get(listingId);
    if (!row) return;
    // A decline or a cancel shows its reason in the history at once.
    const history = reason
      ? [...(row.history ?? []), { status, at: Math.floor(now / 1000), by: 'carrier' as const, reason }]
      : row.history;
    await patchRow(db.orders, listingId, { status, ...(history ? { history } : {}) }, entry);
  },
  async settle({ db }, entry, body) {
    const server = v.safeParse(answer, body);
    if (server.success) await confirmRow(db.orders, server.output.booking, entry);
  },
};
