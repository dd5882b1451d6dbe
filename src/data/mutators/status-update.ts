// status-update on the device: the carrier's order shows its new status at once. Its args are
// the REST body, whose `listingId` is the booking id (the order row's `id`).
import * as v from 'valibot';
import { orderSchema } from '@/domain/booking/schema';
import type { ErrorCode } from '@/domain/errors';
import type { LocalMutator } from '../engine';
import { confirmRow, patchRow } from '../engine';

const answer = v.object({ booking: orderSchema });

export const statusUpdate: LocalMutator<'status-update'> = {
  label: (a) => ({ key: 'statusUpdate', values: { status: a.status } }),
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
  // The booking expired before the answer reached the server (queued offline): nothing to retry
  // or discard. The entry goes and the order shows what it is, "Expired" (the pull that follows
  // brings the server's row), not the answer with an error and a Cancel on top.
  async refused({ db }, entry, code) {
    if (code !== ('booking/expired' satisfies ErrorCode)) return false;
    const row = await db.orders.get(entry.args.listingId);
    if (row?.confirmed) await db.orders.put({ ...row, confirmed: { ...row.confirmed, status: 'expired' } });
    return true;
  },
};
