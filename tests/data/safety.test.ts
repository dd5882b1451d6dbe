// @vitest-environment node
// A user's own protection through the data layer against the real server (issue 30): blocking a
// user and reporting a booking's other side are accepted with no network, shown waiting, and
// reach the server exactly once when the link is back (an answer lost on the way included); the
// block then stops bookings between the two. Blocking or reporting oneself is refused on the
// device before anything is queued; a block of an unknown address is refused by the server and
// shown with its message in the waiting list.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  blockUser,
  pull,
  replayOutbox,
  reportMessage,
  reportUser,
  sendMessage,
  threadMessagesQuery,
  unblockUser,
  waitingList,
} from '@/data';
import { blocks, reports, users } from '@/server/db/schema';
import { bookedListing } from '../support/data-bookings';
import type { SignedIn } from '../support/data-store';
import { serverPerFile } from '../support/server-app';

const server = serverPerFile({ config: { signupLimitPerHour: 10_000, loginMaxSuccessesPerAccount: 10_000 } });

const idOf = async (email: string) =>
  (await server.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? '';

const blocksBetween = async (a: SignedIn, b: SignedIn) =>
  server.db
    .select()
    .from(blocks)
    .where(
      and(eq(blocks.blockerId, await idOf(a.user.email)), eq(blocks.blockedId, await idOf(b.user.email))),
    );

const reportsBy = async (s: SignedIn) =>
  server.db
    .select()
    .from(reports)
    .where(eq(reports.reporterId, await idOf(s.user.email)));

/** Sends the outbox until it is empty (the clock moved past each back-off), at most `rounds` times. */
async function sendAll(s: SignedIn, rounds = 4) {
  for (let i = 0; i < rounds && (await s.store.db.outbox.count()) > 0; i += 1) {
    s.clock.t += 10 * 60_000;
    await replayOutbox(s.store);
  }
}

describe('blocking and reporting offline', () => {
  it('accepts both with no network and applies each once when the link is back, an answer lost', async () => {
    const { carrier, traveller, orders } = await bookedListing(server, { kgs: [2] });
    const bookingId = orders[0]?.id ?? '';
    carrier.net.down = true;
    expect(
      await reportUser(carrier.store, {
        kind: 'booking',
        bookingId,
        reason: 'scam',
        details: 'asked for cash',
      }),
    ).toMatchObject({ ok: true });
    expect(await blockUser(carrier.store, { email: traveller.user.email })).toMatchObject({ ok: true });
    expect((await waitingList(carrier.store, carrier.user.email)).map((i) => [i.label, i.state])).toEqual([
      [{ key: 'report', values: { kind: 'booking' } }, 'waiting'],
      [{ key: 'block' }, 'waiting'],
    ]);
    await replayOutbox(carrier.store);
    expect(await reportsBy(carrier)).toEqual([]);
    expect(await blocksBetween(carrier, traveller)).toEqual([]);

    // Back online: the first push is applied and its answer lost; the retry must not apply it again.
    carrier.net.down = false;
    carrier.net.inject('drop');
    await sendAll(carrier);
    expect(await carrier.store.db.outbox.count()).toBe(0);
    const filed = await reportsBy(carrier);
    expect(filed).toMatchObject([
      {
        kind: 'booking',
        bookingId,
        reason: 'scam',
        details: 'asked for cash',
        subjectId: await idOf(traveller.user.email),
      },
    ]);
    expect(await blocksBetween(carrier, traveller)).toHaveLength(1);
  });

  it('refuses to block or report oneself on the device, before anything is queued', async () => {
    const { carrier } = await bookedListing(server, { kgs: [1] });
    carrier.net.down = true;
    expect(await blockUser(carrier.store, { email: carrier.user.email.toUpperCase() })).toEqual({
      ok: false,
      code: 'block/self',
    });
    expect(
      await reportUser(carrier.store, {
        kind: 'user',
        email: carrier.user.email,
        reason: 'spam',
        details: '',
      }),
    ).toEqual({ ok: false, code: 'report/self' });
    expect(await carrier.store.db.outbox.count()).toBe(0);
  });

  it("shows the server's refusal of a block of an unknown address in the waiting list, and unblocks", async () => {
    const { carrier, traveller } = await bookedListing(server, { kgs: [1] });
    await blockUser(carrier.store, { email: `nobody${Date.now()}@example.com` });
    await blockUser(carrier.store, { email: traveller.user.email });
    await replayOutbox(carrier.store);
    expect(
      (await waitingList(carrier.store, carrier.user.email)).map((i) => [i.label, i.state, i.error]),
    ).toEqual([[{ key: 'block' }, 'failed', 'user/not-found']]);
    expect(await blocksBetween(carrier, traveller)).toHaveLength(1);
    await unblockUser(carrier.store, { email: traveller.user.email });
    await replayOutbox(carrier.store);
    expect(await blocksBetween(carrier, traveller)).toEqual([]);
  });

  it("files a message's report offline once, through the thread's Report", async () => {
    const { carrier, traveller, orders } = await bookedListing(server, { kgs: [1] });
    const bookingId = orders[0]?.id ?? '';
    await sendMessage(traveller.store, bookingId, 'pay me outside the app');
    await replayOutbox(traveller.store);
    await pull(carrier.store);
    const [theirs] = await threadMessagesQuery(carrier.store, bookingId);
    carrier.net.down = true;
    expect(await reportMessage(carrier.store, theirs?.id ?? '', 'outside payment', 'scam')).toEqual({
      ok: true,
    });
    await replayOutbox(carrier.store);
    expect(await reportsBy(carrier)).toEqual([]);
    carrier.net.down = false;
    carrier.net.inject('drop');
    await sendAll(carrier);
    expect(await reportsBy(carrier)).toMatchObject([
      { kind: 'message', messageId: theirs?.id, reason: 'scam' },
    ]);
  });
});
