// @vitest-environment node
// The device's side of live pokes (src/data/engine/poke.ts), with EventSource stand-ins: a stream only
// while visible, online and signed in; many pokes, at most two pulls; a lost stream reopens after
// a growing, jittered wait; every open pulls once; and, against the real server, a booking and its
// acceptance reach the other party's mirror with nobody pulling by hand.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookListing, logout, pull, replayOutbox, type Store, startPokes, updateBookingStatus } from '@/data';
import { mirroredListing } from '../support/data-bookings';
import { eventSourceOver, ManualEventSource } from '../support/data-event-source';
import { createNet } from '../support/data-net';
import { pageEventsPerFile } from '../support/data-page';
import { signedIn } from '../support/data-store';
import { createTestServer, type TestServer } from '../support/server-app';
import { until } from '../support/until';

let server: TestServer;
const win = pageEventsPerFile();
const page = Object.assign(new EventTarget(), { visibilityState: 'visible' });
const net = { onLine: true };
const g = globalThis as unknown as Record<string, unknown>;

beforeAll(async () => {
  server = await createTestServer();
  // Node has no document or navigator.onLine (window events: pageEventsPerFile): give the module
  // ones the test controls.
  g.document = page;
  Object.defineProperty(globalThis, 'navigator', { value: net, configurable: true, writable: true });
});
beforeEach(() => {
  ManualEventSource.all = [];
  page.visibilityState = 'visible';
  net.onLine = true;
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  delete g.document;
  await server.close();
});

function setVisibility(state: 'visible' | 'hidden') {
  page.visibilityState = state;
  page.dispatchEvent(new Event('visibilitychange'));
}
function setOnline(online: boolean) {
  net.onLine = online;
  win.events.dispatchEvent(new Event(online ? 'online' : 'offline'));
}
/** A pull that stays in flight until the test ends it. */
function heldPulls() {
  const calls: Array<() => void> = [];
  return {
    calls,
    pull: () => new Promise<void>((resolve) => calls.push(resolve)),
  };
}
function start(store: Store, pull: () => Promise<unknown>, random?: () => number) {
  if (random) store.random = random;
  win.keep(startPokes(store, { EventSource: ManualEventSource, pull }));
}

describe('the poke stream', () => {
  it('opens one stream to the API origin with the cookie while visible, online and signed in', async () => {
    const { store } = await signedIn(server);
    start(store, async () => undefined);
    expect(ManualEventSource.open()).toHaveLength(1);
    const [source] = ManualEventSource.all;
    expect(source?.url).toBe('http://localhost/api/sync/poke');
    expect(source?.init).toEqual({ withCredentials: true });
  });

  it('opens none offline, closes when the page hides or goes offline, and reopens on visible and online', async () => {
    const { store } = await signedIn(server);
    net.onLine = false;
    start(store, async () => undefined);
    expect(ManualEventSource.all).toHaveLength(0);

    setOnline(true);
    expect(ManualEventSource.open()).toHaveLength(1);
    setVisibility('hidden');
    expect(ManualEventSource.open()).toHaveLength(0);
    setOnline(false);
    setVisibility('visible');
    expect(ManualEventSource.open()).toHaveLength(0);
    setOnline(true);
    expect(ManualEventSource.open()).toHaveLength(1);
    expect(ManualEventSource.all).toHaveLength(2);
  });

  it('closes on logout', async () => {
    const { store } = await signedIn(server);
    start(store, async () => undefined);
    expect(ManualEventSource.open()).toHaveLength(1);
    await logout(store, { discardUnsent: true });
    expect(ManualEventSource.open()).toHaveLength(0);
  });

  it('pulls once the stream is open: a commit between the screen’s pull and the open is not missed', async () => {
    const { store } = await signedIn(server);
    const pulls: number[] = [];
    start(store, async () => pulls.push(1));
    expect(pulls).toHaveLength(0);
    ManualEventSource.open()[0]?.fire('open');
    await vi.waitFor(() => expect(pulls).toHaveLength(1));
  });

  it('pulls on a poke; twenty pokes during a pull make one more pull, not twenty', async () => {
    const { store } = await signedIn(server);
    const pulls = heldPulls();
    start(store, pulls.pull);
    const source = ManualEventSource.open()[0] as ManualEventSource;
    source.fire('open');
    expect(pulls.calls).toHaveLength(1);
    pulls.calls[0]?.();
    await new Promise((r) => setImmediate(r));

    source.fire('poke');
    expect(pulls.calls).toHaveLength(2);
    for (let i = 0; i < 20; i++) source.fire('poke');
    expect(pulls.calls).toHaveLength(2);
    pulls.calls[1]?.();
    await vi.waitFor(() => expect(pulls.calls).toHaveLength(3));
    pulls.calls[2]?.();
    // Nothing waited behind the third: no fourth pull.
    await new Promise((r) => setImmediate(r));
    expect(pulls.calls).toHaveLength(3);
  });

  it('after a lost stream (a server restart) waits, growing and jittered, then reopens and pulls once', async () => {
    const { store } = await signedIn(server);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const pulls: number[] = [];
    start(
      store,
      async () => pulls.push(1),
      () => 1,
    );
    const first = ManualEventSource.open()[0] as ManualEventSource;
    first.fire('open');
    await vi.waitFor(() => expect(pulls).toHaveLength(1));

    // The server goes away: the stream is closed, not retried at the browser's own pace.
    first.fire('error');
    expect(first.closed).toBe(true);
    expect(ManualEventSource.open()).toHaveLength(0);
    vi.advanceTimersByTime(2999); // 2 s x (0.5 + random 1)
    expect(ManualEventSource.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(ManualEventSource.all).toHaveLength(2);

    // Still down: the next wait doubles.
    ManualEventSource.all[1]?.fire('error');
    vi.advanceTimersByTime(5999);
    expect(ManualEventSource.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(ManualEventSource.all).toHaveLength(3);

    // Back: open, and one pull for what was poked meanwhile.
    const back = ManualEventSource.all[2] as ManualEventSource;
    expect(pulls).toHaveLength(1);
    back.fire('open');
    await vi.waitFor(() => expect(pulls).toHaveLength(2));
    // An open stream resets the wait.
    back.fire('error');
    vi.advanceTimersByTime(3000);
    expect(ManualEventSource.all).toHaveLength(4);
  });

  it('spreads the reopening of many devices over time (jitter)', async () => {
    const [a, b] = [await signedIn(server), await signedIn(server)];
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    start(
      a.store,
      async () => undefined,
      () => 0,
    );
    start(
      b.store,
      async () => undefined,
      () => 1,
    );
    for (const s of ManualEventSource.open()) s.fire('error');
    vi.advanceTimersByTime(1000);
    expect(ManualEventSource.open()).toHaveLength(1);
    vi.advanceTimersByTime(2000);
    expect(ManualEventSource.open()).toHaveLength(2);
  });
});

describe('against the server', () => {
  it('a booking reaches the carrier’s mirror and the acceptance the traveller’s, with no pull by hand', async () => {
    const carrier = await signedIn(server);
    const traveller = await signedIn(server);
    for (const device of [carrier, traveller])
      win.keep(startPokes(device.store, { EventSource: eventSourceOver(device.net.fetch) }));

    const { listing } = await mirroredListing(server, { carrier, flightNo: 'AI995' });

    await bookListing(traveller.store, listing, 2);
    await replayOutbox(traveller.store);
    await until(async () => (await carrier.store.db.orders.count()) === 1, {
      what: 'the carrier sees the booking',
    });
    const [order] = await carrier.store.db.orders.toArray();
    expect(order?.status).toBe('pending');

    expect((await updateBookingStatus(carrier.store, order?.id ?? '', 'accept')).ok).toBe(true);
    await replayOutbox(carrier.store);
    await until(async () => (await traveller.store.db.bookings.toArray())[0]?.status === 'accepted', {
      what: 'the traveller sees Accepted',
    });
  });

  it('a pull asked for while one is in flight is a new pull: a commit after the first one read is not missed', async () => {
    // The carrier's network holds the answer of one pull: the server has read the rows, and the
    // device has not got them yet.
    const net = createNet(server.app);
    const through = net.fetch;
    let gate: { read: () => void; released: Promise<void> } | null = null;
    net.fetch = async (input, init) => {
      const res = await through(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const held = gate;
      if (held && url.includes('/api/sync/pull')) {
        gate = null;
        held.read();
        await held.released;
      }
      return res;
    };
    const carrier = await signedIn(server, { net });
    const traveller = await signedIn(server);
    const { listing } = await mirroredListing(server, { carrier, flightNo: 'AI994' });

    let read!: () => void;
    let release!: () => void;
    const wasRead = new Promise<void>((r) => {
      read = r;
    });
    gate = { read, released: new Promise<void>((r) => (release = r)) };
    const first = pull(carrier.store);
    await wasRead;
    // The booking commits after that pull read: the server pokes the carrier, who asks to pull.
    await bookListing(traveller.store, listing, 2);
    await replayOutbox(traveller.store);
    const poked = pull(carrier.store);
    release();
    await first;
    await poked;
    expect(await carrier.store.db.orders.count()).toBe(1);
  });
});
