// Messages between a booking's traveller and its carrier, from the local mirror: a thread opens
// offline with everything the device has, a message is queued like every change (the `message`
// mutation, src/data/mutators/message.ts) and shows at once as "sending", then "sent" or
// "failed" with the refusal's code (Retry and Discard: retryEntry / discardEntry with the row's
// outboxKey). Read state travels as `read-messages`; unread counts are computed here from the
// mirrored messages and read state, never asked of the server.

import * as v from 'valibot';
import type { Order } from '@/domain/booking/schema';
import type { BookingStatus } from '@/domain/booking/status';
import { ERRORS } from '@/domain/errors';
import { type Message, messageTextSchema, type ThreadSide, threadClosesAt } from '@/domain/message/schema';
import type { ReportReason } from '@/domain/team/reasons';
import {
  type AppDb,
  appendAndApply,
  loadSession,
  type MessageRow,
  mutationTables,
  newEntry,
  type OrderRow,
  SessionMissingError,
  type Store,
  serverNow,
} from './engine';
import { mySideOf } from './mutators/message';

/** sending: queued or in a push; sent: the server stored it; failed: refused (Retry, Discard). */
export type MessageStatus = 'sending' | 'sent' | 'failed';

/** A message as a thread shows it. */
export interface ThreadMessage extends Message {
  status: MessageStatus;
  /** A failed message's refusal code (the client words it), else null. */
  error: string | null;
  /** The outbox entry of a message still on its way or failed (retryEntry, discardEntry); else null. */
  outboxKey: string | null;
  /** A message of mine the other side has read (up to their last read message). */
  seen: boolean;
}

/** A thread's header and state, from the booking in my local lists. */
export interface ThreadInfo {
  bookingId: string;
  /** My side of the booking: traveller (My Bookings) or carrier (Order History). */
  side: ThreadSide;
  /** The booking as my list shows it (flight, status, the other side's name). */
  booking: OrderRow;
  status: BookingStatus;
  /** Whether it takes new messages now (by the server's clock as last heard); the server decides. */
  writable: boolean;
  /** When it turns read-only (ms), or null while the booking has not ended. */
  closesAt: number | null;
  /** My last read message, and the other side's (the one "Seen" goes under); null: none yet. */
  myLastReadId: string | null;
  theirLastReadId: string | null;
  /** Messages of the other side after my last read one. */
  unread: number;
  /** The departure airport's time zone (its flight time is on that clock), null while unknown. */
  originZone: string | null;
}

/** Unread messages per booking id, and in all per side (the nav's My Bookings / Order History). */
export interface UnreadCounts {
  byBooking: Record<string, number>;
  traveller: number;
  carrier: number;
  total: number;
}

export type SendMessageResult =
  | { ok: true; id: string }
  | {
      ok: false;
      /**
       * request/invalid: the text breaks the rules (`message` says which, one of src/domain/texts.ts
       * MSG: the client words it by its key); thread/closed: read-only now; thread/forbidden: no
       * such booking in my lists (or it is not on the server yet). Words for people: by the code.
       */
      code: 'request/invalid' | 'thread/closed' | 'thread/forbidden';
      message: string;
    };

export type ReportMessageResult = { ok: true } | { ok: false; code: 'thread/forbidden' | 'message/own' };

async function requireEmail(store: Store): Promise<string> {
  const email = (await loadSession(store))?.email;
  if (!email) throw new SessionMissingError();
  return email;
}

/** The booking of a thread in my lists (a booking still only on this device has no thread yet). */
async function bookingOf(db: AppDb, bookingId: string): Promise<{ row: OrderRow; side: ThreadSide } | null> {
  if (bookingId.startsWith('local-')) return null;
  const side = await mySideOf(db, bookingId);
  const row = side === 'carrier' ? await db.orders.get(bookingId) : await db.bookings.get(bookingId);
  return side && row ? { row, side } : null;
}

/** When the booking ended (ms), from its status history; null while it has not. */
function endedAtOf(order: Order): number | null {
  const last = order.history?.at(-1);
  return last && last.status === order.status && order.status !== 'pending' && order.status !== 'accepted'
    ? last.at * 1000
    : null;
}

/** The messages of a thread the server ordered, from seq `from` up to `below` (not included). */
function ordered(db: AppDb, bookingId: string, from: number, below = Number.POSITIVE_INFINITY) {
  return db.messages.where('[bookingId+seq]').between([bookingId, from], [bookingId, below], true, false);
}

/**
 * The other side's messages of a thread that the server ordered after `seq`: read through the
 * [bookingId+seq] index, so a thread read up to its end reads next to nothing (Dexie's filter()
 * walks a cursor over every row, a request each: most of the time to open a long thread).
 */
async function theirsAfter(db: AppDb, bookingId: string, seq: number): Promise<MessageRow[]> {
  const after = await db.messages
    .where('[bookingId+seq]')
    .between([bookingId, seq], [bookingId, Number.POSITIVE_INFINITY], false)
    .toArray();
  return after.filter((m) => !m.mine);
}

/** Server order first (seq), then the messages still on their way in the order they were queued. */
function threadOrder(a: MessageRow, b: MessageRow): number {
  const ka = a.seq > 0 ? a.seq : Number.POSITIVE_INFINITY;
  const kb = b.seq > 0 ? b.seq : Number.POSITIVE_INFINITY;
  if (ka !== kb) return ka < kb ? -1 : 1;
  return a.sentAt < b.sentAt ? -1 : a.sentAt > b.sentAt ? 1 : 0;
}

/**
 * Queues `text` as a message in the thread of `bookingId` (a booking in My Bookings or Order
 * History). It shows in threadMessagesQuery at once as "sending". Checked first with the same
 * rules the server applies (text, thread open by the server's clock as last heard).
 */
export async function sendMessage(store: Store, bookingId: string, text: string): Promise<SendMessageResult> {
  const parsed = v.safeParse(messageTextSchema, text);
  if (!parsed.success)
    return {
      ok: false,
      code: 'request/invalid',
      message: parsed.issues[0]?.message ?? ERRORS['request/invalid'].message,
    };
  const email = await requireEmail(store);
  const { db } = store;
  const now = await serverNow(store);
  const result = await db.transaction('rw', mutationTables(db), async (): Promise<SendMessageResult> => {
    const booking = await bookingOf(db, bookingId);
    if (!booking) return { ok: false, code: 'thread/forbidden', message: ERRORS['thread/forbidden'].message };
    const closes = threadClosesAt(booking.row.status, endedAtOf(booking.row));
    if (closes !== null && now >= closes)
      return { ok: false, code: 'thread/closed', message: ERRORS['thread/closed'].message };
    const id = crypto.randomUUID();
    await appendAndApply(
      store,
      newEntry(store, 'message', { bookingId, id, text: parsed.output }, {}, email),
    );
    return { ok: true, id };
  });
  if (result.ok) store.wake();
  return result;
}

/**
 * Marks the thread read up to `lastId` (default: its newest message from the other side). Only
 * moves forward; a call that moves nothing queues nothing, and a queued read state not yet sent
 * for the same thread is replaced rather than followed by another.
 */
export async function markThreadRead(store: Store, bookingId: string, lastId?: string): Promise<void> {
  const email = await requireEmail(store);
  const { db } = store;
  const queued = await db.transaction('rw', mutationTables(db), async () => {
    // The newest of theirs: a cursor from the newest message back to the first not mine.
    const target = lastId
      ? await db.messages.get(lastId)
      : await ordered(db, bookingId, 1)
          .reverse()
          .filter((m) => !m.mine)
          .first();
    // Only a message the server has ordered can be read (mine still on their way are mine anyway).
    if (!target || target.bookingId !== bookingId || target.seq <= 0) return false;
    const read = await db.reads.get(bookingId);
    if (target.seq <= (read?.mineSeq ?? 0)) return false;
    const unsent = await db.outbox
      .where('user')
      .equals(email)
      .filter((e) => e.kind === 'read-messages' && e.mutationId === null && e.state === 'queued')
      .toArray();
    const sameThread = unsent.filter((e) => e.kind === 'read-messages' && e.args.bookingId === bookingId);
    await db.outbox.bulkDelete(sameThread.map((e) => e.key));
    const args = { bookingId, lastReadId: target.id };
    await appendAndApply(store, newEntry(store, 'read-messages', args, {}, email));
    return true;
  });
  if (queued) store.wake();
}

/**
 * Reports a message of the other side (kept on the server for review with its thread). Queued
 * like every change; `reason` is optional (up to 500 characters), `category` one of REPORT_REASONS.
 */
export async function reportMessage(
  store: Store,
  messageId: string,
  reason = '',
  category: ReportReason = 'other',
): Promise<ReportMessageResult> {
  const email = await requireEmail(store);
  const { db } = store;
  const result = await db.transaction('rw', mutationTables(db), async (): Promise<ReportMessageResult> => {
    const row = await db.messages.get(messageId);
    if (!row || row.seq <= 0) return { ok: false, code: 'thread/forbidden' };
    if (row.mine) return { ok: false, code: 'message/own' };
    await appendAndApply(
      store,
      newEntry(store, 'report-message', { messageId, reason, category }, {}, email),
    );
    return { ok: true };
  });
  if (result.ok) store.wake();
  return result;
}

/** A screen reads a long thread this many messages at a time: the newest first, then older ones. */
export const THREAD_PAGE = 100;

/** Where a page of a thread begins (threadPageStart). */
export interface ThreadPageStart {
  /** The page is the messages from this seq up to the one it was asked below. */
  from: number;
  /** Whether the device has older messages of the thread than the page. */
  more: boolean;
}

/**
 * Where the page of the `size` messages ordered before seq `below` begins (the newest page when
 * `below` is left out): a cursor moved `size` rows back through the [bookingId+seq] index, two
 * rows read. A thread with fewer gives all of them (from 1).
 */
export async function threadPageStart(
  store: Store,
  bookingId: string,
  below = Number.POSITIVE_INFINITY,
  size = THREAD_PAGE,
): Promise<ThreadPageStart> {
  const [first, older] = await ordered(store.db, bookingId, 1, below)
    .reverse()
    .offset(size - 1)
    .limit(2)
    .toArray();
  return first ? { from: first.seq, more: older !== undefined } : { from: 1, more: false };
}

/**
 * A part of the thread of `bookingId`, oldest first, for liveQuery: the messages the server
 * ordered from seq `from` up to `below` (not included); with `below` left out, up to the newest
 * and then the ones still on their way. threadPageStart says where a page begins, so a screen
 * reads what it shows rather than the whole thread.
 */
export async function threadRangeQuery(
  store: Store,
  bookingId: string,
  from: number,
  below = Number.POSITIVE_INFINITY,
): Promise<ThreadMessage[]> {
  const { db } = store;
  const newest = below === Number.POSITIVE_INFINITY;
  const [rows, waiting, read] = await Promise.all([
    ordered(db, bookingId, from, below).toArray(),
    newest
      ? db.messages
          .where('[bookingId+seq]')
          .between([bookingId, Number.NEGATIVE_INFINITY], [bookingId, 1], true, false)
          .toArray()
      : [],
    db.reads.get(bookingId),
  ]);
  const theirsSeq = read?.theirsSeq ?? 0;
  return [...rows, ...waiting.sort(threadOrder)].map((r) => ({
    id: r.id,
    bookingId: r.bookingId,
    from: r.from,
    text: r.text,
    sentAt: r.sentAt,
    seq: r.seq,
    mine: r.mine,
    status: r.syncState === 'synced' ? 'sent' : r.syncState === 'failed' ? 'failed' : 'sending',
    error: r.syncState === 'failed' ? r.syncError : null,
    outboxKey: r.syncState === 'synced' ? null : r.outboxKey,
    seen: r.mine && r.seq > 0 && r.seq <= theirsSeq,
  }));
}

/** The whole thread of `bookingId`, oldest first, as the mirror has it. */
export function threadMessagesQuery(store: Store, bookingId: string): Promise<ThreadMessage[]> {
  return threadRangeQuery(store, bookingId, 1);
}

/** The thread's header and state; null when the booking is not in my lists (or only local). */
export async function threadQuery(store: Store, bookingId: string): Promise<ThreadInfo | null> {
  const { db } = store;
  const booking = await bookingOf(db, bookingId);
  if (!booking) return null;
  const read = await db.reads.get(bookingId);
  const mineSeq = read?.mineSeq ?? 0;
  const unread = (await theirsAfter(db, bookingId, mineSeq)).length;
  // One keyed read of the mirrored airports, not the whole list: the thread screen stays light.
  const originZone = (await db.airports.get(booking.row.flightDetails.from))?.timeZone || null;
  const closesAt = threadClosesAt(booking.row.status, endedAtOf(booking.row));
  return {
    bookingId,
    side: booking.side,
    booking: booking.row,
    status: booking.row.status,
    writable: closesAt === null || (await serverNow(store)) < closesAt,
    closesAt,
    myLastReadId: read?.mine ?? null,
    theirLastReadId: read?.theirs ?? null,
    unread,
    originZone,
  };
}

/** Unread messages per booking and per side, from the mirrored messages and read state. */
export async function unreadCountsQuery(store: Store): Promise<UnreadCounts> {
  const { db } = store;
  const [threads, reads] = await Promise.all([
    db.messages.orderBy('bookingId').uniqueKeys(),
    db.reads.toArray(),
  ]);
  const readSeq = new Map(reads.map((r) => [r.bookingId, r.mineSeq]));
  const theirs = (
    await Promise.all(threads.map((id) => theirsAfter(db, String(id), readSeq.get(String(id)) ?? 0)))
  ).flat();
  const counts: UnreadCounts = { byBooking: {}, traveller: 0, carrier: 0, total: 0 };
  for (const m of theirs) {
    counts.byBooking[m.bookingId] = (counts.byBooking[m.bookingId] ?? 0) + 1;
    // A message from the carrier is in a thread where I am the traveller, and the other way round.
    if (m.from === 'carrier') counts.traveller += 1;
    else counts.carrier += 1;
    counts.total += 1;
  }
  return counts;
}
