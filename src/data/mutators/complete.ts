// complete on the device: the carrier's order shows completed at once ("Delivery recorded,
// confirming" until the server agrees). A code the server refuses, or a locked completion, ends
// the entry: the order goes back to what the server confirmed, with the server's message.
import * as v from 'valibot';
import { orderSchema } from '@/domain/booking/schema';
import type { ErrorCode } from '@/domain/errors';
import { confirmRow, type LocalMutator, patchRow } from '../engine';

const answer = v.object({ booking: orderSchema });

/** The meta key of the server's word on a refused hand-off code: kept apart from the order, which refreshes replace. */
export const handoffRefusedKey = (bookingId: string) => `handoffRefused:${bookingId}`;

/** Refusals that re-sending the same code cannot fix: the user types or scans again instead. */
const HANDOFF_REFUSALS: readonly string[] = ['handoff_code_mismatch', 'handoff/locked'] satisfies ErrorCode[];

export const complete: LocalMutator<'complete'> = {
  label: () => ({ key: 'complete' }),
  async apply({ db }, entry) {
    // `listingId` is the booking id, as the update-status body names it.
    const id = entry.args.listingId;
    await db.meta.delete(handoffRefusedKey(id));
    await patchRow(db.orders, id, { status: 'completed' }, entry);
  },
  async settle({ db }, entry, body) {
    const server = v.safeParse(answer, body);
    if (server.success) await confirmRow(db.orders, server.output.booking, entry);
  },
  async refused({ db }, entry, code, message) {
    if (!HANDOFF_REFUSALS.includes(code)) return false;
    await db.meta.put({ key: handoffRefusedKey(entry.args.listingId), value: message });
    return true;
  },
};
