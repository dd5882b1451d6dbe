// cancel-booking on the device: the traveller's booking shows cancelled at once, with the reason
// in its history; the server's answer becomes the confirmed row.
import * as v from 'valibot';
import { orderSchema } from '@/domain/booking/schema';
import type { LocalMutator } from '../engine';
import { confirmRow, patchRow } from '../engine';

const answer = v.object({ booking: orderSchema });

export const cancelBooking: LocalMutator<'cancel-booking'> = {
  label: () => ({ key: 'cancelBooking' }),
  async apply({ db, now }, entry) {
    const row = await db.bookings.get(entry.args.bookingId);
    if (!row) return;
    const moved = { status: 'cancelled' as const, at: Math.floor(now / 1000), by: 'traveller' as const };
    const history = [...(row.history ?? []), { ...moved, reason: entry.args.reason }];
    await patchRow(db.bookings, row.id, { status: 'cancelled', history }, entry);
  },
  async settle({ db }, entry, body) {
    const server = v.safeParse(answer, body);
    if (server.success) await confirmRow(db.bookings, server.output.booking, entry);
  },
};
