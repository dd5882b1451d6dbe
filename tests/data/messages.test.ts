// @vitest-environment node
// Messages through the data layer against the real server: written offline they show at once as
// "sending", reach the server exactly once and in order when the link is back (an answer lost on
// the way included), and show "sent"; the other side pulls them, its unread counts per booking and
// per side come from the mirror, reading moves them to zero at once and the writer sees "Seen";
// messages written offline beyond the per-minute rate are held and resent after the server's
// Retry-After, never refused, in the order of writing; a thread 30 days past its booking's end is
// read-only on the device too.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addListing,
  bookListing,
  markThreadRead,
  pull,
  replayOutbox,
  reportMessage,
  sendMessage,
  THREAD_PAGE,
  threadMessagesQuery,
  threadPageStart,
  threadQuery,
  threadRangeQuery,
  unreadCountsQuery,
  updateBookingStatus,
} from '@/data';
import { messageReports, messages } from '@/server/db/schema';
import { pruneSyncClients, pruneSyncResults } from '@/server/model/sync.retention';
import { listingValues, type SignedIn, signedIn } from '../support/data-store';
import { createTestServer, type TestServer } from '../support/server-app';

const DAY_MS = 86_400_000;
let offset = 0;
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({
    clock: { now: () => Date.now() + offset },
    config: { signupLimitPerHour: 10_000, loginMaxSuccessesPerAccount: 10_000 },
  });
});
afterAll(() => server.close());

/** A carrier and a traveller with a pending booking between them, mirrored on both devices. */
async function booked(): Promise<{ carrier: SignedIn; traveller: SignedIn; id: string }> {
  const carrier = await signedIn(server);
  const traveller = await signedIn(server);
  await addListing(carrier.store, listingValues({ weight: 5 }));
  await replayOutbox(carrier.store);
  const [listing] = await carrier.store.db.listings.toArray();
  if (!listing) throw new Error('no listing');
  await bookListing(traveller.store, listing, 2);
  await replayOutbox(traveller.store);
  await pull(carrier.store);
  const [order] = await carrier.store.db.orders.toArray();
  if (!order) throw new Error('no order');
  await pull(traveller.store);
  return { carrier, traveller, id: order.id };
}

const texts = async (s: SignedIn, id: string) =>
  (await threadMessagesQuery(s.store, id)).map((m) => [m.text, m.status, m.mine]);
const stored = (bookingId: string) =>
  server.db.select().from(messages).where(eq(messages.bookingId, bookingId)).orderBy(asc(messages.seq));

describe('sendMessage', () => {
  it('settles 31 messages whose push answer was lost and then cleaned up by the server, in one pull', async () => {
    // The model's counterexample: ManyMessages(31), PushAnswerLost, ServerTimePasses(+2 h,
    // housekeeping), Pull. The pull settled one entry at a time, awaiting between entries that
    // asked IndexedDB nothing, and its transaction committed early (PrematureCommitError).
    const { traveller, id } = await booked();
    const written = Array.from({ length: 31 }, (_, i) => `note ${i + 1}`);
    for (const text of written)
      expect(await sendMessage(traveller.store, id, text)).toMatchObject({ ok: true });
    traveller.net.inject('drop');
    await replayOutbox(traveller.store); // a push carries 30: the first 30 are applied, unanswered
    expect((await stored(id)).map((m) => m.text)).toEqual(written.slice(0, 30));
    offset += 2 * 3_600_000;
    traveller.clock.t += 2 * 3_600_000;
    const now = Date.now() + offset;
    await pruneSyncResults(server.db, now, 90 * DAY_MS);
    await pruneSyncClients(server.db, now);
    await pull(traveller.store); // settles the 30 the server applied, without their answers
    expect(await traveller.store.db.outbox.count()).toBe(1);
    await replayOutbox(traveller.store);
    expect(await traveller.store.db.outbox.count()).toBe(0);
    expect((await texts(traveller, id)).map((m) => [m[0], m[1]])).toEqual(written.map((t) => [t, 'sent']));
    expect((await stored(id)).map((m) => m.text)).toEqual(written);
  });

  it('queues offline, shows "sending" at once, then reaches the server once, in order', async () => {
    const { carrier, traveller, id } = await booked();
    traveller.net.down = true;
    for (const text of ['at gate 32', 'the box is 2 kg heavier, OK?', 'running late'])
      expect(await sendMessage(traveller.store, id, text)).toMatchObject({ ok: true });
    expect(await texts(traveller, id)).toEqual([
      ['at gate 32', 'sending', true],
      ['the box is 2 kg heavier, OK?', 'sending', true],
      ['running late', 'sending', true],
    ]);
    await replayOutbox(traveller.store);
    expect(await stored(id)).toEqual([]);
    // Back online; the first push is applied and its answer lost: the retry gets the stored one.
    traveller.net.down = false;
    traveller.net.inject('drop');
    for (let i = 0; i < 3; i += 1) {
      traveller.clock.t += 10 * 60_000;
      await replayOutbox(traveller.store);
    }
    expect(await traveller.store.db.outbox.count()).toBe(0);
    expect((await stored(id)).map((m) => m.text)).toEqual([
      'at gate 32',
      'the box is 2 kg heavier, OK?',
      'running late',
    ]);
    expect((await texts(traveller, id)).map((m) => m[1])).toEqual(['sent', 'sent', 'sent']);

    // The carrier pulls them: three unread, in Order History (the carrier's side).
    await pull(carrier.store);
    expect((await texts(carrier, id)).map((m) => m[2])).toEqual([false, false, false]);
    expect(await unreadCountsQuery(carrier.store)).toEqual({
      byBooking: { [id]: 3 },
      traveller: 0,
      carrier: 3,
      total: 3,
    });
    expect((await threadQuery(carrier.store, id))?.unread).toBe(3);
  });

  it('refuses text the shared rules refuse, before anything is queued', async () => {
    const { traveller, id } = await booked();
    for (const text of ['', '  \n ', '\u200b', 'a\u202eb', 'x'.repeat(2001)])
      expect(await sendMessage(traveller.store, id, text)).toMatchObject({
        ok: false,
        code: 'request/invalid',
      });
    expect(await sendMessage(traveller.store, 'no-such-booking', 'hi')).toMatchObject({
      ok: false,
      code: 'thread/forbidden',
    });
    expect(await traveller.store.db.outbox.count()).toBe(0);
  });

  it('never refuses messages written offline as too fast: the rest wait for the Retry-After, and the thread keeps the order of writing', async () => {
    const { traveller, carrier, id } = await booked();
    // 36 messages written one every 20 minutes on a flight, all pushed on landing.
    for (let i = 0; i < 36; i += 1) {
      traveller.clock.t += 20 * 60_000;
      await sendMessage(traveller.store, id, `message ${i}`);
    }
    const first = await replayOutbox(traveller.store);
    expect(first.failed).toBe(0);
    const thread = await threadMessagesQuery(traveller.store, id);
    expect(thread.filter((m) => m.status === 'failed')).toEqual([]);
    expect((await traveller.store.db.outbox.toArray()).map((e) => e.state)).not.toContain('failed');
    // Held, not resent at once: the server said when (Retry-After), and the device waits that long.
    const held = await traveller.store.db.outbox.orderBy('createdAt').first();
    expect(held?.nextAttemptAt ?? 0).toBeGreaterThan(traveller.clock.t + 30_000);
    expect((await replayOutbox(traveller.store)).sent).toBe(0);
    offset += 61_000;
    traveller.clock.t += 61_000;
    await replayOutbox(traveller.store);
    expect(await traveller.store.db.outbox.count()).toBe(0);
    const want = Array.from({ length: 36 }, (_, i) => `message ${i}`);
    expect((await stored(id)).map((m) => m.text)).toEqual(want);
    await pull(carrier.store);
    expect((await threadMessagesQuery(carrier.store, id)).map((m) => m.text)).toEqual(want);
    offset = 0;
  });
});

describe('read state', () => {
  it('reading drops the unread count at once, and the writer sees "Seen"', async () => {
    const { carrier, traveller, id } = await booked();
    await sendMessage(traveller.store, id, 'at gate 32');
    await sendMessage(traveller.store, id, 'by the pharmacy');
    await replayOutbox(traveller.store);
    await pull(carrier.store);
    carrier.net.down = true;
    await markThreadRead(carrier.store, id);
    expect(await unreadCountsQuery(carrier.store)).toMatchObject({ total: 0, carrier: 0 });
    // Read again before sending: still one read state queued, not two.
    await markThreadRead(carrier.store, id);
    expect(await carrier.store.db.outbox.count()).toBe(1);
    carrier.net.down = false;
    await replayOutbox(carrier.store);
    await pull(traveller.store);
    const seen = await threadMessagesQuery(traveller.store, id);
    expect(seen.map((m) => m.seen)).toEqual([true, true]);
    expect((await threadQuery(traveller.store, id))?.theirLastReadId).toBe(seen[1]?.id);

    // The carrier answers: the traveller has one unread, on the traveller's side.
    await sendMessage(carrier.store, id, 'coming');
    await replayOutbox(carrier.store);
    await pull(traveller.store);
    expect(await unreadCountsQuery(traveller.store)).toEqual({
      byBooking: { [id]: 1 },
      traveller: 1,
      carrier: 0,
      total: 1,
    });
    // The carrier's own message never counts as unread for the carrier.
    await pull(carrier.store);
    expect((await unreadCountsQuery(carrier.store)).total).toBe(0);
  });

  it('reports a message of the other side (kept on the server), not one of mine', async () => {
    const { carrier, traveller, id } = await booked();
    await sendMessage(traveller.store, id, 'pay me in cash outside the app');
    await replayOutbox(traveller.store);
    await pull(carrier.store);
    const [theirs] = await threadMessagesQuery(carrier.store, id);
    expect(await reportMessage(carrier.store, theirs?.id ?? '', 'asks for payment outside')).toEqual({
      ok: true,
    });
    await replayOutbox(carrier.store);
    expect(
      await server.db.select().from(messageReports).where(eq(messageReports.bookingId, id)),
    ).toHaveLength(1);
    const [mine] = await threadMessagesQuery(traveller.store, id);
    expect(await reportMessage(traveller.store, mine?.id ?? '')).toEqual({ ok: false, code: 'message/own' });
  });
});

describe('threadQuery', () => {
  it('is writable until 30 days after the booking ended, then read-only on the device too', async () => {
    const { carrier, traveller, id } = await booked();
    await updateBookingStatus(carrier.store, id, 'decline');
    // Declined on this device and not sent yet: it ended just now, the thread is open.
    expect(await threadQuery(carrier.store, id)).toMatchObject({ status: 'rejected', writable: true });
    expect(await sendMessage(carrier.store, id, 'sorry, the bag is full')).toMatchObject({ ok: true });
    await replayOutbox(carrier.store);
    expect((await threadMessagesQuery(carrier.store, id)).map((m) => m.status)).toEqual(['sent']);
    await pull(traveller.store);
    const info = await threadQuery(traveller.store, id);
    expect(info).toMatchObject({ side: 'traveller', status: 'rejected', writable: true });
    expect(info?.closesAt).toBeGreaterThan(Date.now() + 29 * DAY_MS);
    traveller.clock.t += 31 * DAY_MS;
    expect(await threadQuery(traveller.store, id)).toMatchObject({ writable: false });
    expect(await sendMessage(traveller.store, id, 'hello?')).toMatchObject({
      ok: false,
      code: 'thread/closed',
    });
    expect(await threadQuery(traveller.store, 'no-such-booking')).toBeNull();
  });
});

describe('threadPageStart and threadRangeQuery', () => {
  it('read a long thread a page at a time from the newest, the messages on their way after it', async () => {
    const { traveller, id } = await booked();
    // 250 messages as a pull mirrors them: the server's seq is global, so a thread's has gaps.
    const seqs = Array.from({ length: 250 }, (_, i) => 7 + i * 3);
    await traveller.store.db.messages.bulkPut(
      seqs.map((seq, i) => ({
        id: `m${i + 1}`,
        bookingId: id,
        from: i % 2 === 0 ? ('traveller' as const) : ('carrier' as const),
        mine: i % 2 === 0,
        text: `message ${i + 1}`,
        sentAt: new Date(Date.now() - (250 - i) * 60_000).toISOString(),
        seq,
        syncState: 'synced' as const,
        syncError: null,
        outboxKey: null,
      })),
    );
    traveller.net.down = true;
    expect(await sendMessage(traveller.store, id, 'at gate 32')).toMatchObject({ ok: true });
    const texts = (ms: { text: string }[]) => ms.map((m) => m.text);

    // The newest page: the newest THREAD_PAGE the server ordered, then the one still on its way.
    const newest = await threadPageStart(traveller.store, id);
    expect(newest).toEqual({ from: seqs[250 - THREAD_PAGE], more: true });
    const head = await threadRangeQuery(traveller.store, id, newest.from);
    expect(head).toHaveLength(THREAD_PAGE + 1);
    expect(texts(head).slice(0, 2)).toEqual([`message ${251 - THREAD_PAGE}`, `message ${252 - THREAD_PAGE}`]);
    expect(head.slice(-2).map((m) => [m.text, m.status])).toEqual([
      ['message 250', 'sent'],
      ['at gate 32', 'sending'],
    ]);

    // Older pages below it, down to the first message: together, the whole thread in order.
    const pages = [head];
    let below = newest.from;
    let more = newest.more;
    while (more) {
      const start = await threadPageStart(traveller.store, id, below);
      const page = await threadRangeQuery(traveller.store, id, start.from, below);
      expect(page.length).toBeLessThanOrEqual(THREAD_PAGE);
      pages.unshift(page);
      below = start.from;
      more = start.more;
    }
    expect(pages.map((p) => p.length)).toEqual([50, THREAD_PAGE, THREAD_PAGE + 1]);
    expect(texts(pages.flat())).toEqual(texts(await threadMessagesQuery(traveller.store, id)));
    expect(texts(pages.flat())).toHaveLength(251);

    // A thread shorter than a page is one page, from the first message.
    const { carrier: other, id: short } = await booked();
    expect(await threadPageStart(other.store, short)).toEqual({ from: 1, more: false });
  });
});
