// Messages between a booking's traveller and carrier over HTTP (PGlite, and PostgreSQL on that
// leg): POST/GET /api/bookings/:id/messages and the `message`, `read-messages` and
// `report-message` mutations through the sync push, the pull's messages and read state, and the
// live poke. Only the two sides see a thread (a stranger and a missing booking get the same 403),
// the text rules, 30 messages a minute, read-only 30 days after the booking ended, exactly once
// by id and by Idempotency-Key, the thread's order, reports kept for review.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES_PER_THREAD_IN_PULL } from '@/domain/message/schema';
import { bookings, messageReports, messages } from '@/server/db/schema';
import { messagesByIds, messagesOf, readsByIds, readsOf } from '@/server/model/messages.queries';
import { completeWithCode } from '../support/handoff';
import { createTestServer, type TestServer } from '../support/server-app';
import { addListing, book, patchOf } from '../support/server-fixtures';
import { signupAndLogin, type TestUser } from '../support/server-users';
import { type PokeReader, readPokes } from '../support/sse';

const DAY_MS = 86_400_000;
let offset = 0;
const clock = { now: () => Date.now() + offset };
let server: TestServer;
let stranger: TestUser;

beforeAll(async () => {
  server = await createTestServer({
    clock,
    config: {
      signupLimitPerHour: 10_000,
      loginMaxSuccessesPerAccount: 10_000,
      sessionTtlMs: 365 * DAY_MS,
      log: (line) => {
        if (line.level === 'error') console.error(line);
      },
    },
  });
  stranger = await signupAndLogin(server);
});
afterEach(() => {
  offset = 0;
});
afterAll(() => server.close());

let flight = 100;
/** A new carrier and traveller with a booking between them (pending, or accepted). */
async function thread(status: 'pending' | 'accepted' = 'pending') {
  const [carrier, traveller] = await Promise.all([signupAndLogin(server), signupAndLogin(server)]);
  flight += 1;
  const bookingId = await book(traveller, await addListing(carrier, { flightNo: `AI${flight}` }));
  if (status === 'accepted')
    await carrier.call('PUT', '/api/bookings/update-status', { listingId: bookingId, status: 'accepted' });
  return { carrier, traveller, bookingId };
}

const post = (u: TestUser, bookingId: string, text: unknown, headers: Record<string, string> = {}) =>
  u.call('POST', `/api/bookings/${bookingId}/messages`, { text }, headers);
const list = async (u: TestUser, bookingId: string, after?: string) =>
  u.call('GET', `/api/bookings/${bookingId}/messages${after ? `?after=${after}` : ''}`);
const listed = async (u: TestUser, bookingId: string, after?: string) =>
  ((await (await list(u, bookingId, after)).json()) as { messages: Record<string, unknown>[] }).messages;

const push = (u: TestUser, clientId: string, mutations: { id: number; kind: string; args: unknown }[]) =>
  u.call('POST', '/api/sync/push', { clientId, user: u.email, mutations, protocol: 2 });
const pushed = async (
  u: TestUser,
  clientId: string,
  mutations: { id: number; kind: string; args: unknown }[],
) => {
  const res = await push(u, clientId, mutations);
  expect(res.status).toBe(200);
  return (await res.json()) as { results: Record<string, unknown>[] };
};
const pull = async (u: TestUser, clientId: string, cookie?: string) => {
  const q = new URLSearchParams({ clientId, protocol: '2', diff: '1', ...(cookie ? { cookie } : {}) });
  const res = await u.call('GET', `/api/sync/pull?${q}`);
  expect(res.status).toBe(200);
  return res.json();
};
const newClient = () => `client-${crypto.randomUUID()}`;
const msg = (bookingId: string, text: string, id: string = crypto.randomUUID()) => ({
  kind: 'message',
  args: { bookingId, id, text },
});

describe('POST /api/bookings/:id/messages', () => {
  it('answers the stored message, and GET lists the thread oldest first for both sides', async () => {
    const { carrier, traveller, bookingId } = await thread();
    const res = await post(traveller, bookingId, 'At gate 32');
    expect(res.status).toBe(201);
    const sent = await res.json();
    expect(sent).toEqual({
      id: expect.any(String),
      bookingId,
      from: 'traveller',
      text: 'At gate 32',
      sentAt: new Date(sent.sentAt).toISOString(),
      seq: expect.any(Number),
      mine: true,
    });
    expect((await post(carrier, bookingId, 'Coming\nnow')).status).toBe(201);
    const seenByCarrier = await listed(carrier, bookingId);
    expect(seenByCarrier.map((m) => [m.from, m.text, m.mine])).toEqual([
      ['traveller', 'At gate 32', false],
      ['carrier', 'Coming\nnow', true],
    ]);
    expect((await listed(traveller, bookingId, sent.id)).map((m) => m.text)).toEqual(['Coming\nnow']);
    // The booking id as the order lists name it (update-status takes it too).
    expect((await listed(traveller, `${bookingId}_passenger`)).length).toBe(2);
  });

  it('answers the same 403 to a third user and for a booking that does not exist', async () => {
    const { traveller, bookingId } = await thread();
    await post(traveller, bookingId, 'hello');
    for (const res of [
      await post(stranger, bookingId, 'let me in'),
      await list(stranger, bookingId),
      await post(stranger, 'no-such-booking', 'let me in'),
      await list(stranger, 'no-such-booking'),
      await list(traveller, 'no-such-booking'),
    ]) {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        code: 'thread/forbidden',
        message: expect.any(String),
      });
    }
    expect((await listed(traveller, bookingId)).length).toBe(1);
  });

  it('refuses text the shared rules refuse (400), keeps line breaks, takes 2,000 characters', async () => {
    const { traveller, bookingId } = await thread();
    for (const text of ['', '   ', '\u200b\u200b', 'a\u202eb', 'bell\u0007', 'x'.repeat(2001), 42, null]) {
      const res = await post(traveller, bookingId, text);
      expect(res.status, JSON.stringify(text)).toBe(400);
      expect((await res.json()).code).toBe('request/invalid');
    }
    expect((await post(traveller, bookingId, 'x'.repeat(2000))).status).toBe(201);
    expect((await post(traveller, bookingId, '  line one\r\nline\ttwo  ')).status).toBe(201);
    expect((await listed(traveller, bookingId)).at(-1)?.text).toBe('line one\r\nline\ttwo');
    const unknownAfter = await list(traveller, bookingId, crypto.randomUUID());
    expect(unknownAfter.status).toBe(400);
  });

  it('stores a message once per Idempotency-Key and answers the same message again', async () => {
    const { traveller, bookingId } = await thread();
    const headers = { 'Idempotency-Key': `msg-${crypto.randomUUID()}` };
    const first = await (await post(traveller, bookingId, 'only once', headers)).json();
    const again = await post(traveller, bookingId, 'only once', headers);
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(first);
    expect((await listed(traveller, bookingId)).length).toBe(1);
  });

  it('takes 30 messages a minute per user, then 429 with Retry-After until the minute has passed', async () => {
    const { traveller, bookingId } = await thread();
    for (let i = 0; i < 30; i += 1) expect((await post(traveller, bookingId, `m${i}`)).status).toBe(201);
    // 20 s later the oldest of the 30 leaves the minute in 40 s at most (the wait counts from it).
    offset += 20_000;
    const refused = await post(traveller, bookingId, 'one too many');
    expect(refused.status).toBe(429);
    expect((await refused.json()).code).toBe('message/rate-limited');
    const wait = Number(refused.headers.get('Retry-After'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(40);
    // Pushed, it is held, not refused: 429 with the wait, nothing recorded, and the same id
    // passes once the minute has moved on (a person's offline writing is never refused as too fast).
    const client = newClient();
    const held = await push(traveller, client, [{ id: 1, ...msg(bookingId, 'pushed too') }]);
    expect(held.status).toBe(429);
    expect((await held.json()).code).toBe('message/rate-limited');
    expect(Number(held.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
    offset += wait * 1000;
    expect((await post(traveller, bookingId, 'after the wait')).status).toBe(201);
    const sent = await pushed(traveller, client, [{ id: 1, ...msg(bookingId, 'pushed too') }]);
    expect(sent.results).toMatchObject([{ id: 1, ok: true }]);
  });

  it('counts parallel sends in turn: 30 of 34 at once are taken, each once, and the rest get 429', async () => {
    const { carrier, traveller, bookingId } = await thread();
    const answers = await Promise.all(
      Array.from({ length: 34 }, (_, i) =>
        post(traveller, bookingId, `burst ${i}`, { 'Idempotency-Key': `burst-${crypto.randomUUID()}` }),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    const seen = await listed(carrier, bookingId);
    expect(seen).toHaveLength(30);
    expect(new Set(seen.map((m) => m.text)).size).toBe(30);
  });

  it('answers two sends with the same key at once with one message', async () => {
    const { traveller, bookingId } = await thread();
    const headers = { 'Idempotency-Key': `twice-${crypto.randomUUID()}` };
    const [a, b] = await Promise.all([
      post(traveller, bookingId, 'once', headers),
      post(traveller, bookingId, 'once', headers),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(await a.json()).toEqual(await b.json());
    expect((await listed(traveller, bookingId)).length).toBe(1);
  });

  it('turns read-only 30 days after the booking ended (409 thread/closed); reading goes on', async () => {
    const { carrier, traveller, bookingId } = await thread('accepted');
    expect((await completeWithCode(carrier, traveller, bookingId)).status).toBe(200);
    offset = 30 * DAY_MS - 60_000;
    expect((await post(traveller, bookingId, 'thanks!')).status).toBe(201);
    offset = 30 * DAY_MS + 1000;
    const closed = await post(carrier, bookingId, 'too late');
    expect(closed.status).toBe(409);
    expect((await closed.json()).code).toBe('thread/closed');
    const body = await pushed(traveller, newClient(), [{ id: 1, ...msg(bookingId, 'pushed late') }]);
    expect(body.results).toMatchObject([{ id: 1, ok: false, code: 'thread/closed' }]);
    expect((await listed(carrier, bookingId)).map((m) => m.text)).toEqual(['thanks!']);
  });

  it('counts a pending booking past its answer window as ended then', async () => {
    const { traveller, bookingId } = await thread();
    // It expired within a day (unanswered): open for 30 days more, then read-only.
    offset = 2 * DAY_MS;
    expect((await post(traveller, bookingId, 'still there?')).status).toBe(201);
    offset = 32 * DAY_MS;
    expect((await post(traveller, bookingId, 'anyone?')).status).toBe(409);
  });
});

describe('the message mutation', () => {
  it('stores a message once by its id: a replayed push and a second mutation with the same id', async () => {
    const { traveller, bookingId } = await thread();
    const clientId = newClient();
    const id = crypto.randomUUID();
    const first = await pushed(traveller, clientId, [{ id: 1, ...msg(bookingId, 'hello', id) }]);
    expect(first.results).toMatchObject([{ id: 1, ok: true, body: { id, text: 'hello', mine: true } }]);
    // The same push again (its answer was lost): the stored answer.
    expect((await pushed(traveller, clientId, [{ id: 1, ...msg(bookingId, 'hello', id) }])).results).toEqual(
      first.results,
    );
    // The same message under a new mutation id (a Retry, another tab): answered, not stored again.
    const retried = await pushed(traveller, clientId, [{ id: 2, ...msg(bookingId, 'hello', id) }]);
    expect(retried.results).toMatchObject([{ id: 2, ok: true, body: { id } }]);
    // Its id for another text or by another user: refused.
    const reused = await pushed(traveller, clientId, [{ id: 3, ...msg(bookingId, 'other', id) }]);
    expect(reused.results).toMatchObject([{ id: 3, ok: false, code: 'message/id-reused' }]);
    expect(await server.db.select().from(messages).where(eq(messages.id, id))).toHaveLength(1);
    expect((await listed(traveller, bookingId)).length).toBe(1);
  });

  it('answers a message stored by its id again once the thread is closed, in the shape GET lists', async () => {
    const { carrier, traveller, bookingId } = await thread('accepted');
    const clientId = newClient();
    const id = crypto.randomUUID();
    const first = await pushed(traveller, clientId, [{ id: 1, ...msg(bookingId, 'see you', id) }]);
    expect(first.results).toMatchObject([{ id: 1, ok: true }]);
    const [listedRow] = await listed(traveller, bookingId);
    expect(first.results[0]?.body).toEqual(listedRow);
    expect((await completeWithCode(carrier, traveller, bookingId)).status).toBe(200);
    offset = 30 * DAY_MS + 1000;
    // Replayed after the thread closed (a device that lost the answer): the stored message, not 409.
    const again = await pushed(traveller, clientId, [{ id: 2, ...msg(bookingId, 'see you', id) }]);
    expect(again.results).toEqual([{ id: 2, ok: true, body: listedRow }]);
    const late = await pushed(traveller, clientId, [{ id: 3, ...msg(bookingId, 'see you again') }]);
    expect(late.results).toMatchObject([{ id: 3, ok: false, code: 'thread/closed' }]);
  });

  it('keeps the order messages were sent in, within a push and across both sides', async () => {
    const { carrier, traveller, bookingId } = await thread();
    await pushed(
      traveller,
      newClient(),
      ['one', 'two', 'three'].map((t, i) => ({ id: i + 1, ...msg(bookingId, t) })),
    );
    await post(carrier, bookingId, 'four');
    await pushed(traveller, newClient(), [{ id: 1, ...msg(bookingId, 'five') }]);
    const thread1 = await listed(carrier, bookingId);
    expect(thread1.map((m) => m.text)).toEqual(['one', 'two', 'three', 'four', 'five']);
    const seqs = thread1.map((m) => Number(m.seq));
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
  });

  it('refuses a stranger with the same code as a missing booking', async () => {
    const { bookingId } = await thread();
    const body = await pushed(stranger, newClient(), [
      { id: 1, ...msg(bookingId, 'hi') },
      { id: 2, ...msg('no-such-booking', 'hi') },
    ]);
    expect(body.results).toMatchObject([
      { id: 1, ok: false, code: 'thread/forbidden' },
      { id: 2, ok: false, code: 'thread/forbidden' },
    ]);
  });
});

describe('read state and the pull', () => {
  it('pulls each side its thread and read state; read state only moves forward', async () => {
    const { carrier, traveller, bookingId } = await thread();
    const a = await (await post(carrier, bookingId, 'first')).json();
    const b = await (await post(carrier, bookingId, 'second')).json();
    const tClient = newClient();
    const first = await pull(traveller, tClient);
    expect(first.snapshot.messages.map((m: { text: string; mine: boolean }) => [m.text, m.mine])).toEqual([
      ['second', false],
      ['first', false],
    ]);
    expect(first.snapshot.reads).toEqual([]);

    const read = await pushed(traveller, tClient, [
      { id: 1, kind: 'read-messages', args: { bookingId, lastReadId: b.id } },
      { id: 2, kind: 'read-messages', args: { bookingId, lastReadId: a.id } },
    ]);
    const state = { id: bookingId, bookingId, mine: b.id, mineSeq: b.seq, theirs: null, theirsSeq: 0 };
    expect(read.results).toMatchObject([
      { ok: true, body: { read: state } },
      { ok: true, body: { read: state } },
    ]);
    // The carrier's pull: the traveller's read state is "theirs" ("Seen").
    const carrierPull = await pull(carrier, newClient());
    expect(carrierPull.snapshot.reads).toEqual([
      { id: bookingId, bookingId, mine: null, mineSeq: 0, theirs: b.id, theirsSeq: b.seq },
    ]);
    // A patch brings only the new message and the read state.
    const c = await (await post(carrier, bookingId, 'third')).json();
    const patch = (await pull(traveller, tClient, first.cookie)).patch;
    expect(patch.messages.put.map((m: { id: string }) => m.id)).toEqual([c.id]);
    expect(patch.reads.put).toEqual([state]);
    // A stranger pulls none of it, and cannot read or report it.
    const theirs = await pull(stranger, newClient());
    expect(theirs.snapshot.messages).toEqual([]);
    const refused = await pushed(stranger, newClient(), [
      { id: 1, kind: 'read-messages', args: { bookingId, lastReadId: a.id } },
      { id: 2, kind: 'report-message', args: { messageId: a.id } },
    ]);
    expect(refused.results).toMatchObject([
      { ok: false, code: 'thread/forbidden' },
      { ok: false, code: 'thread/forbidden' },
    ]);
  });

  it('a diff pull after one message carries exactly that message, to both sides (row versions)', async () => {
    const { carrier, traveller, bookingId } = await thread('accepted');
    await post(carrier, bookingId, 'earlier');
    const [tClient, cClient] = [newClient(), newClient()];
    const [tBefore, cBefore] = [await pull(traveller, tClient), await pull(carrier, cClient)];
    const sent = await (await post(traveller, bookingId, 'at gate 32')).json();
    const empty = { put: [], del: [] };
    const cookies = new Map<TestUser, string>();
    for (const [who, before, mine] of [
      [traveller, tBefore, true],
      [carrier, cBefore, false],
    ] as const) {
      const after = await pull(who, who === traveller ? tClient : cClient, before.cookie);
      cookies.set(who, after.cookie);
      expect(after.snapshot).toBeNull();
      expect(after.patch).toEqual(
        patchOf({
          messages: { put: [expect.objectContaining({ id: sent.id, text: 'at gate 32', mine })], del: [] },
        }),
      );
      // Nothing else changed: the same cookie back, no rows.
      const again = await pull(who, who === traveller ? tClient : cClient, after.cookie);
      expect([again.snapshot, again.patch, again.cookie]).toEqual([null, null, after.cookie]);
    }
    // A read state: the thread's row for both sides, nothing else.
    await pushed(carrier, cClient, [
      { id: 1, kind: 'read-messages', args: { bookingId, lastReadId: sent.id } },
    ]);
    const seen = await pull(traveller, tClient, cookies.get(traveller));
    expect(seen.patch.messages).toEqual(empty);
    expect(seen.patch.reads.put).toEqual([
      { id: bookingId, bookingId, mine: null, mineSeq: 0, theirs: sent.id, theirsSeq: sent.seq },
    ]);
    // A stranger's log has none of it.
    const theirs = await pull(stranger, newClient());
    expect(theirs.snapshot.messages).toEqual([]);
  });

  it('keeps a report of the other side for review, once; my own message cannot be reported', async () => {
    const { carrier, traveller, bookingId } = await thread();
    const theirs = await (await post(carrier, bookingId, 'pay me outside the app')).json();
    const mine = await (await post(traveller, bookingId, 'no')).json();
    const body = await pushed(traveller, newClient(), [
      { id: 1, kind: 'report-message', args: { messageId: theirs.id, reason: 'asks for payment outside' } },
      { id: 2, kind: 'report-message', args: { messageId: theirs.id } },
      { id: 3, kind: 'report-message', args: { messageId: mine.id } },
    ]);
    expect(body.results).toMatchObject([{ ok: true }, { ok: true }, { ok: false, code: 'message/own' }]);
    const reports = await server.db
      .select()
      .from(messageReports)
      .where(eq(messageReports.messageId, theirs.id));
    expect(reports).toMatchObject([{ bookingId, reason: 'asks for payment outside' }]);
  });
});

describe('the loaders', () => {
  it("answer the same rows by id as in a pull, only of the user's threads", async () => {
    const { carrier, traveller, bookingId } = await thread();
    const a = await (await post(carrier, bookingId, 'one')).json();
    const b = await (await post(traveller, bookingId, 'two')).json();
    await pushed(traveller, newClient(), [
      { id: 1, kind: 'read-messages', args: { bookingId, lastReadId: a.id } },
    ]);
    const [t] = await server.db.select().from(bookings).where(eq(bookings.id, bookingId));
    const travellerId = t?.travellerId ?? '';
    const all = await messagesOf(server.db, travellerId);
    expect(await messagesByIds(server.db, travellerId, [b.id, a.id, crypto.randomUUID()])).toEqual(
      [...all].reverse(),
    );
    expect(await readsByIds(server.db, travellerId, [bookingId])).toEqual(
      await readsOf(server.db, travellerId),
    );
    // Someone else's ids answer nothing.
    expect(await messagesByIds(server.db, 'no-such-user', [a.id, b.id])).toEqual([]);
    expect(await readsByIds(server.db, 'no-such-user', [bookingId])).toEqual([]);
  });

  it('cap a pull at the newest messages of each thread', async () => {
    const { carrier, bookingId } = await thread();
    const [t] = await server.db.select().from(bookings).where(eq(bookings.id, bookingId));
    const start = Date.now() - 3_600_000;
    await server.db.insert(messages).values(
      Array.from({ length: MESSAGES_PER_THREAD_IN_PULL + 5 }, (_, i) => ({
        id: crypto.randomUUID(),
        bookingId,
        senderId: t?.carrierId ?? '',
        text: `m${i}`,
        sentAt: new Date(start + i),
      })),
    );
    const pulled = await pull(carrier, newClient());
    const texts = pulled.snapshot.messages.map((m: { text: string }) => m.text);
    expect(texts).toHaveLength(MESSAGES_PER_THREAD_IN_PULL);
    expect(texts[0]).toBe(`m${MESSAGES_PER_THREAD_IN_PULL + 4}`);
    expect(texts).not.toContain('m4');
  });
});

describe('live', () => {
  const open: PokeReader[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((r) => r.close()));
  });
  const pokesOf = async (u: TestUser) => {
    const reader = readPokes(await server.request('/api/sync/poke', { headers: { Cookie: u.cookie } }));
    open.push(reader);
    return reader;
  };

  it('a message and a read state poke both sides of the booking and never a stranger', async () => {
    // Streams open before the first write and every poke is counted: a notification reaches the
    // process a moment after the commit's answer, so a stream opened after a write may get its poke.
    const [carrier, traveller] = await Promise.all([signupAndLogin(server), signupAndLogin(server)]);
    const [c, t, s] = [await pokesOf(carrier), await pokesOf(traveller), await pokesOf(stranger)];
    flight += 1;
    const bookingId = await book(traveller, await addListing(carrier, { flightNo: `AI${flight}` }));
    await Promise.all([c.waitForPokes(2), t.waitForPokes(1)]);
    const sent = await post(traveller, bookingId, 'at gate 32');
    expect(sent.status).toBe(201);
    await Promise.all([c.waitForPokes(3), t.waitForPokes(2)]);
    // Reading it pokes the writer too ("Seen").
    const { id } = await sent.json();
    await pushed(carrier, newClient(), [
      { id: 1, kind: 'read-messages', args: { bookingId, lastReadId: id } },
    ]);
    await Promise.all([c.waitForPokes(4), t.waitForPokes(3)]);
    // The stranger's next poke comes from a write of their own: none came before it.
    flight += 1;
    await addListing(stranger, { flightNo: `AI${flight}` });
    await s.waitForPokes(1);
    expect([c.pokes(), t.pokes(), s.pokes()]).toEqual([4, 3, 1]);
  });
});
