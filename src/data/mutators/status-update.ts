// status-update on the device: the carrier's order shows its new status at once. Its args are
// the REST body, whose `listingId` is the booking id (the order row's `id`).
import * as v from 'valibot';
import { orderSchema } from '@/domain/booking/schema';
import type { LocalMutator } from '../engine';
import { confirmRow, patchRow } from '../engine';

const answer = v.object({ booking: orderSchema });

export const statusUpdate: LocalMutator<'status-update'> = {
  label: (a) => `Booking status change to ${a.status}`,
  async apply({ db }, entry) {
    await patchRow(db.orders, entry.args.listingId, { status: entry.args.status }, entry);
  },
  async settle({ db }, entry, body) {
    const server = v.safeParse(answer, body);
    if (server.success) await confirmRow(db.orders, server.output.booking, entry);
  },
};
