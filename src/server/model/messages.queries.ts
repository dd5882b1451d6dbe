// Loaders of the `messages` and `reads` pull collections and of a thread's REST answers, in the
// one row shape of src/domain/message/schema.ts as the user `userId` sees it (`mine`, `from`).
// messagesOf / readsOf: what a pull carries; messagesByIds / readsByIds: the same rows by id (a
// change log names the rows that changed).
import { and, asc, desc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import {
  MESSAGES_IN_PULL,
  MESSAGES_PER_THREAD_IN_PULL,
  type Message,
  type ThreadRead,
} from '@/domain/message/schema';
import type { Db, Tx } from '../db/client';
import { bookings, messageReads, messages } from '../db/schema';

type MessageRow = typeof messages.$inferSelect;

/** A stored message as `userId` sees it, in a booking whose carrier is `carrierId`. */
export function toMessage(row: MessageRow, carrierId: string, userId: string): Message {
  return {
    id: row.id,
    bookingId: row.bookingId,
    from: row.senderId === carrierId ? 'carrier' : 'traveller',
    text: row.text,
    sentAt: row.sentAt.toISOString(),
    seq: Number(row.seq),
    mine: row.senderId === userId,
  };
}

/** Bookings `userId` is a side of. */
const partyOf = (userId: string) => or(eq(bookings.travellerId, userId), eq(bookings.carrierId, userId));

/**
 * The messages a pull carries for `userId`: the newest MESSAGES_PER_THREAD_IN_PULL of each of
 * their threads, and of those the newest MESSAGES_IN_PULL in all, newest first.
 */
export async function messagesOf(db: Db | Tx, userId: string): Promise<Message[]> {
  const ranked = db
    .select({
      id: messages.id,
      seq: messages.seq,
      bookingId: messages.bookingId,
      senderId: messages.senderId,
      text: messages.text,
      sentAt: messages.sentAt,
      carrierId: sql<string>`${bookings.carrierId}`.as('carrier_id'),
      rank: sql<number>`row_number() over (partition by ${messages.bookingId} order by ${messages.seq} desc)`.as(
        'rank',
      ),
    })
    .from(messages)
    .innerJoin(bookings, eq(bookings.id, messages.bookingId))
    .where(partyOf(userId))
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(lte(ranked.rank, MESSAGES_PER_THREAD_IN_PULL))
    .orderBy(desc(ranked.seq))
    .limit(MESSAGES_IN_PULL);
  return rows.map(({ carrierId, rank: _rank, ...m }) => toMessage(m, carrierId, userId));
}

/** The messages among `ids` that `userId` may see (of their threads), in the same shape. */
export async function messagesByIds(db: Db | Tx, userId: string, ids: readonly string[]): Promise<Message[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ message: messages, carrierId: bookings.carrierId })
    .from(messages)
    .innerJoin(bookings, eq(bookings.id, messages.bookingId))
    .where(and(inArray(messages.id, [...ids]), partyOf(userId)))
    .orderBy(asc(messages.seq));
  return rows.map((r) => toMessage(r.message, r.carrierId, userId));
}

/**
 * One thread's messages for `userId` (a side of it: the caller checked), oldest first, after the
 * message `afterSeq` (0: from the start), at most `limit`.
 */
export async function threadMessages(
  db: Db | Tx,
  booking: { id: string; carrierId: string },
  userId: string,
  afterSeq: number,
  limit: number,
): Promise<Message[]> {
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.bookingId, booking.id), gt(messages.seq, afterSeq)))
    .orderBy(asc(messages.seq))
    .limit(limit);
  return rows.map((r) => toMessage(r, booking.carrierId, userId));
}

/** Read state rows of the threads `userId` is a side of (one per thread with any read). */
async function readRows(
  db: Db | Tx,
  userId: string,
  bookingIds: readonly string[] | null,
): Promise<ThreadRead[]> {
  const rows = await db
    .select({ read: messageReads })
    .from(messageReads)
    .innerJoin(bookings, eq(bookings.id, messageReads.bookingId))
    .where(and(partyOf(userId), bookingIds ? inArray(messageReads.bookingId, [...bookingIds]) : undefined));
  const byThread = new Map<string, ThreadRead>();
  for (const { read } of rows) {
    const id = read.bookingId;
    const row = byThread.get(id) ?? { id, bookingId: id, mine: null, mineSeq: 0, theirs: null, theirsSeq: 0 };
    if (read.userId === userId) {
      row.mine = read.lastReadId;
      row.mineSeq = Number(read.lastReadSeq);
    } else {
      row.theirs = read.lastReadId;
      row.theirsSeq = Number(read.lastReadSeq);
    }
    byThread.set(id, row);
  }
  return [...byThread.values()];
}

/** The read state a pull carries for `userId`: one row per thread anyone has read. */
export function readsOf(db: Db | Tx, userId: string): Promise<ThreadRead[]> {
  return readRows(db, userId, null);
}

/** Read state rows by thread (booking) id, for `userId`, in the same shape. */
export function readsByIds(
  db: Db | Tx,
  userId: string,
  bookingIds: readonly string[],
): Promise<ThreadRead[]> {
  if (!bookingIds.length) return Promise.resolve([]);
  return readRows(db, userId, bookingIds);
}

/** One thread's read state for `userId` (a side of it). */
export async function readOf(db: Db | Tx, bookingId: string, userId: string): Promise<ThreadRead> {
  const [row] = await readsByIds(db, userId, [bookingId]);
  return row ?? { id: bookingId, bookingId, mine: null, mineSeq: 0, theirs: null, theirsSeq: 0 };
}
