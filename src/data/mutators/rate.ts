// rate on the device: my rating shows on the order at once (in My Bookings or Order History,
// wherever the booking is), and the server's answer becomes the confirmed rating.
import type { Table } from 'dexie';
import * as v from 'valibot';
import type { Order } from '@/domain/booking/schema';
import { type MyRating, RATING_EDIT_WINDOW_MS, ratingAnswerSchema } from '@/domain/rating/schema';
import type { AppDb, LocalMutator, OrderRow, Synced } from '../engine';
import { confirmRow, patchRow, plainRow } from '../engine';

/** The local list holding a booking: orders on my listings, or the bookings I made. */
async function tableOf(db: AppDb, bookingId: string): Promise<Table<Synced<Order>, string> | null> {
  if (await db.orders.get(bookingId)) return db.orders;
  if (await db.bookings.get(bookingId)) return db.bookings;
  return null;
}

export const rate: LocalMutator<'rate'> = {
  label: (a) => ({ key: 'rate', values: { stars: a.stars } }),
  async apply({ db, now }, entry) {
    const { bookingId, stars, comment } = entry.args;
    const table = await tableOf(db, bookingId);
    const row: OrderRow | undefined = await table?.get(bookingId);
    if (!table || !row) return;
    // The 48 hours run from the first rating: an edit keeps its deadline.
    const editableUntil = row.myRating?.editableUntil ?? now + RATING_EDIT_WINDOW_MS;
    const myRating: MyRating = { stars, comment, editableUntil };
    await patchRow(table, bookingId, { myRating }, entry);
  },
  async settle({ db }, entry, body) {
    const server = v.safeParse(ratingAnswerSchema, body);
    const table = await tableOf(db, entry.args.bookingId);
    const row = await table?.get(entry.args.bookingId);
    if (!server.success || !table || !row) return;
    const { stars, comment, editableUntil } = server.output.rating;
    // The server's row is what it last confirmed for this booking, with the rating it answered.
    const base = row.syncState === 'synced' ? plainRow(row) : (row.confirmed ?? plainRow(row));
    await confirmRow<Order>(table, { ...base, myRating: { stars, comment, editableUntil } }, entry);
  },
};
