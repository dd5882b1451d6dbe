// read-messages on the device: my read state of a thread moves forward at once (the unread
// counts drop), and the server's answer becomes the confirmed state. It never moves back: a
// message older than the one already read changes nothing.
import * as v from 'valibot';
import { type ThreadRead, threadReadSchema } from '@/domain/message/schema';
import type { LocalMutator } from '../engine';
import { confirmRow, patchRow, putLocalRow } from '../engine';

const answer = v.object({ read: threadReadSchema });

/** A thread nobody has read yet. */
export function unreadThread(bookingId: string): ThreadRead {
  return { id: bookingId, bookingId, mine: null, mineSeq: 0, theirs: null, theirsSeq: 0 };
}

export const readMessages: LocalMutator<'read-messages'> = {
  label: () => ({ key: 'readMessages' }),
  async apply({ db }, entry) {
    const { bookingId, lastReadId } = entry.args;
    const seq = (await db.messages.get(lastReadId))?.seq ?? 0;
    const row = await db.reads.get(bookingId);
    if (seq <= (row?.mineSeq ?? 0)) return;
    if (row) await patchRow(db.reads, bookingId, { mine: lastReadId, mineSeq: seq }, entry);
    else await putLocalRow(db.reads, { ...unreadThread(bookingId), mine: lastReadId, mineSeq: seq }, entry);
  },
  async settle({ db }, entry, body) {
    const server = v.safeParse(answer, body);
    if (server.success) await confirmRow(db.reads, server.output.read, entry);
  },
};
