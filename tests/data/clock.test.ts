// @vitest-environment node
// The device's clock is not to be trusted: set back, a backing-off change must not wait hours;
// set forward, one failure must not make it stuck; running fast, it must not refuse a flight the
// server still takes. Back-off and "stuck" come from elapsed time, departures from the server's
// clock (learned from the Date of its answers).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addListing,
  bookListing,
  flushAnalytics,
  nextRunAt,
  pull,
  refreshReference,
  replayOutbox,
  serverNow,
  track,
  waitingList,
} from '@/data';
import { BACKOFF_CAP_MS, STUCK_AFTER_MS } from '@/domain/outbox/entry';
import { queueContact } from '../support/data-contact';
import { createNet } from '../support/data-net';
import { listingValues, type SignedIn, signedIn } from '../support/data-store';
import { createTestServer, type TestServer } from '../support/server-app';

let server: TestServer;
const serverClock = { t: Date.now() };
beforeAll(async () => {
  server = await createTestServer({ clock: { now: () => serverClock.t } });
});
afterAll(async () => {
  await server.close();
});

const HOUR = 60 * 60_000;

async function failingContact(s: SignedIn): Promise<string> {
  s.net.down = true;
  const { key } = await queueContact(s, 'clock');
  expect(await replayOutbox(s.store)).toMatchObject({ sent: 0, remaining: 1 });
  return key;
}

async function stateOf(s: SignedIn, key: string) {
  return (await waitingList(s.store, s.user.email)).find((i) => i.key === key)?.state;
}

describe('back-off and stuck with a clock that jumps', () => {
  it('sends a backing-off change at once after the clock went back two hours', async () => {
    const s = await signedIn(server);
    await failingContact(s);
    s.clock.t -= 2 * HOUR;
    expect(await nextRunAt(s.store)).toBeLessThanOrEqual(s.clock.t);
    s.net.down = false;
    expect(await replayOutbox(s.store)).toMatchObject({ sent: 1, remaining: 0 });
  });

  it('sends a backing-off analytics batch at once after the clock went back two hours', async () => {
    const s = await signedIn(server);
    await track(s.store, 'page_view', { path: '/clock' });
    s.net.down = true;
    expect(await flushAnalytics(s.store)).toBe(0);
    s.clock.t -= 2 * HOUR;
    s.net.down = false;
    expect(await flushAnalytics(s.store)).toBe(1);
  });

  it('shows a change as stuck after an hour of failing even though the clock went back', async () => {
    const s = await signedIn(server);
    const key = await failingContact(s);
    s.clock.t -= 2 * HOUR;
    expect(await stateOf(s, key)).toBe('waiting');
    // Every longest back-off another try, and it fails: an hour of that (and the one interval
    // the jump hid) is stuck. Read from the clock, it would take three.
    for (let elapsed = 0; elapsed <= STUCK_AFTER_MS; elapsed += BACKOFF_CAP_MS) {
      s.clock.t += BACKOFF_CAP_MS;
      await replayOutbox(s.store);
    }
    expect(await stateOf(s, key)).toBe('stuck');
  });

  it('does not call a change stuck after one failure because the clock went forward', async () => {
    const s = await signedIn(server);
    const key = await failingContact(s);
    s.clock.t += 2 * HOUR;
    expect(await stateOf(s, key)).toBe('waiting');
    await replayOutbox(s.store);
    expect(await stateOf(s, key)).toBe('waiting');
  });
});

/**
 * Date and time (YYYY-MM-DD, HH:MM) in Delhi of the instant `ms`: India keeps UTC+05:30 all
 * year, so plain arithmetic, not the time-zone code the app judges departures with.
 */
function inDelhi(ms: number): { departure: string; time: string } {
  const local = new Date(ms + 330 * 60_000).toISOString();
  return { departure: local.slice(0, 10), time: local.slice(11, 16) };
}

describe('departures judged by the server clock', () => {
  it("learns the server's time from fresh answers, not from one a cache may have kept", async () => {
    const dated = { t: serverClock.t };
    const s = await signedIn(server, { net: createNet(server.app, { now: () => dated.t }) });
    s.clock.t = serverClock.t + 2 * HOUR;
    await pull(s.store);
    expect(Math.abs((await serverNow(s.store)) - serverClock.t)).toBeLessThan(2000);
    // Reference data (public, max-age) as a cache would answer it: dated three days ago.
    dated.t = serverClock.t - 3 * 24 * HOUR;
    await refreshReference(s.store, { force: true });
    expect(Math.abs((await serverNow(s.store)) - serverClock.t)).toBeLessThan(2000);
  });

  // The server closes booking 2 hours before departure (listing/closing): a flight 3 hours away is
  // open there, and a device 4 hours fast must not think it left an hour ago.
  it('books on a device four hours fast a flight leaving in 3 hours, as the server accepts it', async () => {
    const carrier = await signedIn(server, { net: createNet(server.app, { now: () => serverClock.t }) });
    carrier.clock.t = serverClock.t;
    await addListing(carrier.store, {
      ...listingValues({ flightNo: 'AI441' }),
      ...inDelhi(serverClock.t + 3 * HOUR),
    });
    expect(await replayOutbox(carrier.store)).toMatchObject({ sent: 1 });
    const [listing] = await carrier.store.db.listings.toArray();
    if (!listing) throw new Error('no listing');

    const traveller = await signedIn(server, { net: createNet(server.app, { now: () => serverClock.t }) });
    await traveller.store.db.airports.put({
      id: 'DEL',
      code: 'DEL',
      name: 'Indira Gandhi International',
      city: 'Delhi',
      country: 'India',
      cc: 'IN',
      timeZone: 'Asia/Kolkata',
      rank: 1000,
      alt: [],
      metro: '',
    });
    traveller.clock.t = serverClock.t + 4 * HOUR;
    await pull(traveller.store); // any answer tells the device the server's time
    const { key } = await bookListing(traveller.store, listing, 1);
    expect(await replayOutbox(traveller.store)).toMatchObject({ sent: 1, failed: 0 });
    expect(await traveller.store.db.outbox.get(key)).toBeUndefined();
  });
});
