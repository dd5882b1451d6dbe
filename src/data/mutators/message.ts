// message on the device: the message shows in its thread at once under the id the device made
// (the server stores it under the same id), "sending" until the server's answer confirms it,
// failed with the server's reason otherwise (Retry, Discard). In the thread, messages the server
// has ordered come first by its seq, then the ones still on their way in the order they were queued.
import * as v from 'valibot';
import { messageSchema, type ThreadSide } from '@/domain/message/schema';
import type { AppDb, LocalMutator } from '../engine';
import { confirmRow, putLocalRow } from '../engine';

/** My side of a booking from the local lists: orders on my listings, or the bookings I made. */
export async function mySideOf(db: AppDb, bookingId: string): Promise<ThreadSide | null> {
  if (await db.orders.get(bookingId)) return 'carrier';
  if (await db.bookings.get(bookingId)) return 'traveller';
  return null;
}

/** At most this many characters of a message in the waiting list. */
const LABEL_CHARS = 40;

export const message: LocalMutator<'message'> = {
  label: (a) => {
    const line = a.text.replace(/\s+/g, ' ');
    const text = line.length > LABEL_CHARS ? `${line.slice(0, LABEL_CHARS - 1)}…` : line;
    return { key: 'message', values: { text } };
  },
  async apply({ db }, entry) {
    const { id, bookingId, text } = entry.args;
    // The server's row is here already (a pull brought it before this entry's answer): keep it.
    if ((await db.messages.get(id))?.syncState === 'synced') return;
    const from = (await mySideOf(db, bookingId)) ?? 'traveller';
    const sentAt = new Date(entry.createdAt).toISOString();
    await putLocalRow(db.messages, { id, bookingId, from, text, sentAt, seq: 0, mine: true }, entry);
  },
  async settle({ db }, entry, body) {
    // The answer is the stored message itself (as POST /api/bookings/:id/messages answers it).
    const server = v.safeParse(messageSchema, body);
    if (server.success) await confirmRow(db.messages, server.output, entry);
  },
};
