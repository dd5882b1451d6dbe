// @vitest-environment node
// The holes of the old loop-of-requests, each against the real server: a late pull after an
// acknowledgement, a pull crossing a user switch, a push of A's changes under B's session, a
// photo upload that never finishes, Retry-After, discard restoring what the server confirmed,
// a booking queued for a flight that has left, and no request storm while the network is gone.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addListing,
  bookListing,
  discardEntry,
  login,
  pull,
  replayOutbox,
  retryEntry,
  startSync,
  updateBookingStatus,
  uploadPhotos,
  waitingList,
} from '@/data';
import { FETCH_UPLOAD_FLOOR_BPS, PHOTO_IDLE_TIMEOUT_MS } from '@/data/engine/photos';
import { searchListings } from '@/data/listings';
import { STUCK_AFTER_MS } from '@/domain/outbox/entry';
import { bookedListing, declineElsewhere } from '../support/data-bookings';
import { queueContact } from '../support/data-contact';
import { courierWithPhoto } from '../support/data-courier';
import { holdAnswers, pathOf, withFetch } from '../support/data-fetch';
import { pageEventsPerFile } from '../support/data-page';
import { listingValues, signedIn } from '../support/data-store';
import { createTestServer, type TestServer } from '../support/server-app';
import { jsonInit } from '../support/server-users';
import { until } from '../support/until';

let server: TestServer;
const serverClock = { t: Date.now() };
const page = pageEventsPerFile();

beforeAll(async () => {
  server = await createTestServer({ clock: { now: () => serverClock.t } });
});
afterAll(() => server.close());

describe('pull', () => {
  it('applies a patch of only the changed rows, keeping the others and a change still queued', async () => {
    const carrier = await signedIn(server);
    const traveller = await signedIn(server);
    for (const flightNo of ['AI963', 'AI964', 'AI965'])
      await addListing(carrier.store, listingValues({ flightNo, weight: 10 }));
    await replayOutbox(carrier.store);
    const listings = (await carrier.store.db.listings.toArray()).sort((a, b) =>
      a.flightNo.localeCompare(b.flightNo),
    );
    for (const listing of listings.slice(0, 2)) await bookListing(traveller.store, listing, 1);
    await replayOutbox(traveller.store);
    await pull(carrier.store);
    const [first] = await carrier.store.db.orders.toArray();
    if (!first) throw new Error('no order');
    await updateBookingStatus(carrier.store, first.id, 'accept');
    await replayOutbox(carrier.store);

    const answers: unknown[] = [];
    const inner = traveller.net.fetch;
    withFetch(traveller, async (input, init) => {
      const res = await inner(input, init);
      if (pathOf(input) === '/api/sync/pull') answers.push(await res.clone().json());
      return res;
    });
    const third = listings[2];
    if (!third) throw new Error('no third listing');
    await bookListing(traveller.store, third, 2); // queued, not sent
    expect(await pull(traveller.store)).toBe('applied');
    expect(answers).toEqual([
      expect.objectContaining({
        snapshot: null,
        patch: expect.objectContaining({
          bookings: { put: [expect.objectContaining({ id: first.id, status: 'accepted' })], del: [] },
        }),
      }),
    ]);
    const rows = await traveller.store.db.bookings.toArray();
    expect(rows.map((r) => [r.flightDetails.flightNo, r.status, r.syncState]).sort()).toEqual([
      ['AI963', expect.any(String), 'synced'],
      ['AI964', expect.any(String), 'synced'],
      ['AI965', 'pending', 'pending'],
    ]);
    expect(rows.filter((r) => r.status === 'accepted').map((r) => r.id)).toEqual([first.id]);
  });

  it('drops a pull answered before an acknowledged write instead of reverting it', async () => {
    const s = await signedIn(server);
    const gate = holdAnswers(s, (p) => p === '/api/sync/pull');
    await addListing(s.store, listingValues({ flightNo: 'AI611' }));
    const late = pull(s.store); // answered now: no listing yet, lastMutationId 0
    await until(() => gate.held.length === 1);
    const pushed = replayOutbox(s.store);
    await until(() => s.net.delivered.some((d) => d.path === '/api/sync/push'));
    await until(async () => (await s.store.db.outbox.count()) === 0);
    gate.release();
    expect(await late).toBe('stale');
    await pushed;
    const rows = await s.store.db.listings.toArray();
    expect(rows.map((r) => [r.flightNo, r.syncState])).toEqual([['AI611', 'synced']]);
  });

  it('never applies a pull answered for A once B has signed in on the device', async () => {
    const a = await signedIn(server);
    const b = await signedIn(server);
    await addListing(a.store, listingValues({ flightNo: 'AI612' }));
    await replayOutbox(a.store);
    const gate = holdAnswers(a, (p) => p === '/api/sync/pull');
    const late = pull(a.store);
    await until(() => gate.held.length === 1);
    await login(a.store, { email: b.user.email, password: b.user.password });
    gate.release();
    expect(await late).toBe('other-user');
    expect(await a.store.db.listings.count()).toBe(0);
  });
});

describe('push', () => {
  it("keeps A's queued change when the cookie now belongs to B, and never stores it under B", async () => {
    const a = await signedIn(server);
    const b = await signedIn(server);
    await queueContact(a, 'From A');
    // Another tab signed B in: the shared cookie is B's while this store still believes in A.
    await a.net.fetch(
      'http://localhost/auth/login',
      jsonInit('POST', { email: b.user.email, password: b.user.password }),
    );
    expect(await replayOutbox(a.store)).toMatchObject({ sent: 0, failed: 0, remaining: 1 });
    const [entry] = await a.store.db.outbox.toArray();
    expect(entry).toMatchObject({ state: 'queued', user: a.user.email });
    const push = a.net.delivered.filter((d) => d.path === '/api/sync/push');
    expect(push.map((d) => d.status)).toEqual([403]);
  });

  it('waits as long as Retry-After says before pushing again', async () => {
    const s = await signedIn(server);
    const inner = s.net.fetch;
    withFetch(s, async (input, init) => {
      const path = pathOf(input);
      if (path === '/api/sync/push')
        return new Response(JSON.stringify({ code: 'sync/busy', message: 'busy' }), {
          status: 503,
          headers: { 'content-type': 'application/json', 'retry-after': '120' },
        });
      return inner(input, init);
    });
    const { key } = await queueContact(s, 'later');
    await replayOutbox(s.store);
    const entry = await s.store.db.outbox.get(key);
    expect((entry?.nextAttemptAt ?? 0) - s.clock.t).toBeGreaterThanOrEqual(120_000);
  });

  it('fails a booking queued for a flight that has left with the server message', async () => {
    const carrier = await signedIn(server);
    const traveller = await signedIn(server);
    const departure = new Date(serverClock.t + 86_400_000).toISOString().slice(0, 10);
    await addListing(carrier.store, { ...listingValues({ flightNo: 'AI613' }), departure, time: '08:00' });
    await replayOutbox(carrier.store);
    const [listing] = await carrier.store.db.listings.toArray();
    if (!listing) throw new Error('no listing');
    const { key } = await bookListing(traveller.store, listing, 1);
    serverClock.t += 3 * 86_400_000; // the traveller comes online after the flight left
    try {
      expect(await replayOutbox(traveller.store)).toMatchObject({ sent: 0, failed: 1 });
    } finally {
      serverClock.t -= 3 * 86_400_000;
    }
    expect(await traveller.store.db.outbox.get(key)).toMatchObject({
      state: 'failed',
      lastErrorCode: 'listing/departed',
      lastError: 'This flight has already departed, so it can no longer be booked.',
    });
  });

  it('refuses on the device to book a flight that has already left, and queues nothing', async () => {
    const carrier = await signedIn(server);
    const traveller = await signedIn(server);
    const departure = new Date(serverClock.t + 86_400_000).toISOString().slice(0, 10);
    await addListing(carrier.store, { ...listingValues({ flightNo: 'AI962' }), departure, time: '08:00' });
    await replayOutbox(carrier.store);
    const [listing] = await carrier.store.db.listings.toArray();
    if (!listing) throw new Error('no listing');
    traveller.clock.t += 3 * 86_400_000; // the listing was mirrored; the device's clock moved on
    await expect(bookListing(traveller.store, listing, 1)).rejects.toMatchObject({
      code: 'listing/departed',
      message: 'This flight has already departed, so it can no longer be booked.',
    });
    expect(await traveller.store.db.outbox.count()).toBe(0);
    expect(await traveller.store.db.bookings.count()).toBe(0);
  });
});

describe('discard', () => {
  it('puts back what the server last confirmed, not the status before the local change', async () => {
    const {
      carrier,
      orders: [order],
    } = await bookedListing(server);
    if (!order) throw new Error('no order');
    await updateBookingStatus(carrier.store, order.id, 'accept');
    // Meanwhile the carrier's other device declined it, and a pull brought that in.
    await declineElsewhere(server, carrier, order.id);
    await pull(carrier.store);
    expect(await carrier.store.db.orders.get(order.id)).toMatchObject({
      status: 'accepted',
      syncState: 'pending',
    });
    const [entry] = await carrier.store.db.outbox.toArray();
    await discardEntry(carrier.store, entry?.key ?? '');
    expect(await carrier.store.db.orders.get(order.id)).toMatchObject({
      status: 'rejected',
      syncState: 'synced',
    });
  });

  it('gives back the space a discarded booking took from the search results', async () => {
    const carrier = await signedIn(server);
    const traveller = await signedIn(server);
    const values = listingValues({ flightNo: 'AI961', weight: 10 });
    await addListing(carrier.store, values);
    await replayOutbox(carrier.store);
    await searchListings(traveller.store, {
      from: values.from,
      to: values.to,
      departure: values.departure,
      flightNo: 'AI961',
      airline: 'AI',
    });
    // Other tests list flights on the same route and date (random numbers up to AI899): this one
    // is found by its own number.
    const ours = async () =>
      (await traveller.store.db.searchResults.toArray()).find((r) => r.flightNo === 'AI961');
    const result = await ours();
    if (!result) throw new Error('no search result');
    traveller.net.down = true;
    const { key } = await bookListing(traveller.store, result, 4);
    expect((await ours())?.available).toBe(6);
    await discardEntry(traveller.store, key);
    expect((await ours())?.available).toBe(10);
    expect(await traveller.store.db.bookings.count()).toBe(0);
  });
});

describe('photos', () => {
  it('lets later changes go while a photo upload is still on its way', async () => {
    const s = await signedIn(server);
    const gate = holdAnswers(s, (p) => p.startsWith('/api/files/'));
    const courier = await courierWithPhoto(s);
    const later = await queueContact(s, 'after the photo');
    const upload = uploadPhotos(s.store); // still uploading
    await until(() => gate.held.length === 1);
    expect(await replayOutbox(s.store)).toMatchObject({ sent: 1, remaining: 1 });
    expect(await s.store.db.outbox.get(later.key)).toBeUndefined();
    expect((await waitingList(s.store, s.user.email)).map((i) => i.state)).toEqual(['uploading']);
    gate.release();
    expect(await upload).toBe(1);
    expect(await replayOutbox(s.store)).toMatchObject({ sent: 1, remaining: 0 });
    expect(await s.store.db.outbox.get(courier.key)).toBeUndefined();
  });

  it('gives up an upload that reports no progress once the photo should have arrived at the floor rate', async () => {
    const s = await signedIn(server);
    const inner = s.net.fetch;
    let signal: AbortSignal | undefined;
    withFetch(s, (input, init) => {
      if (!pathOf(input).startsWith('/api/files/')) return inner(input, init);
      signal = init?.signal ?? undefined;
      // A link that takes the request and never answers (the service worker's fetch path).
      return new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal?.reason)));
    });
    await courierWithPhoto(s, 20_000);
    const limit = PHOTO_IDLE_TIMEOUT_MS + (20_000 / FETCH_UPLOAD_FLOOR_BPS) * 1000;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const upload = uploadPhotos(s.store);
      await vi.waitFor(() => expect(signal).toBeDefined());
      vi.advanceTimersByTime(limit - 1000);
      expect(signal?.aborted).toBe(false);
      vi.advanceTimersByTime(1000);
      expect(signal?.aborted).toBe(true);
      expect(await upload).toBe(0);
    } finally {
      vi.useRealTimers();
    }
    const [photo] = await s.store.db.photos.toArray();
    expect(photo).toMatchObject({ url: null, refused: false, attempts: 1 });
    expect(photo?.nextAttemptAt).toBeGreaterThan(s.clock.t);
  });

  it('uploads a refused photo again when its request is retried', async () => {
    const s = await signedIn(server);
    const inner = s.net.fetch;
    let uploads = 0;
    // The first upload is refused (as a server that briefly lowered its size limit would); the
    // photo itself is fine.
    withFetch(s, async (input, init) => {
      if (!pathOf(input).startsWith('/api/files/')) return inner(input, init);
      uploads += 1;
      if (uploads > 1) return inner(input, init);
      const body = { code: 'file/too-large', message: 'The photo is too large.' };
      return new Response(JSON.stringify(body), { status: 413 });
    });
    const courier = await courierWithPhoto(s);
    expect(await uploadPhotos(s.store)).toBe(0);
    expect(await s.store.db.outbox.get(courier.key)).toMatchObject({
      state: 'failed',
      lastError: 'The photo is too large.',
    });

    await retryEntry(s.store, courier.key);
    expect(await uploadPhotos(s.store)).toBe(1);
    expect(uploads).toBe(2);
    expect(await replayOutbox(s.store)).toMatchObject({ sent: 1, failed: 0, remaining: 0 });
    expect(await s.store.db.outbox.get(courier.key)).toBeUndefined();
  });
});

describe('scheduling', () => {
  it('sends almost nothing while the network is gone with two changes waiting', async () => {
    const s = await signedIn(server);
    s.store.now = () => Date.now();
    s.net.down = true;
    const before = s.net.delivered.length;
    let attempts = 0;
    const inner = s.net.fetch;
    withFetch(s, (input, init) => {
      attempts += 1;
      return inner(input, init);
    });
    for (const m of ['one', 'two']) await queueContact(s, m);
    // Three seconds of the loop's life on fake timers: each time it has set its next timer, that
    // timer runs. The old loop set its timer from the newest entry's nextAttemptAt (0) and spun:
    // thousands of attempts (here, 50 timers with no time passing).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const start = Date.now();
      page.keep(startSync(s.store));
      for (let timers = 0; Date.now() - start < 3000 && timers < 50; timers += 1) {
        await until(() => vi.getTimerCount() > 0, { what: 'the loop sets its next timer' });
        vi.advanceTimersToNextTimer();
      }
    } finally {
      vi.useRealTimers();
    }
    expect(attempts).toBeGreaterThan(0);
    expect(attempts).toBeLessThanOrEqual(6);
    expect(s.net.delivered.length).toBe(before);
  });

  it('shows a change failing for over an hour as stuck, while it keeps retrying', async () => {
    const s = await signedIn(server);
    s.net.down = true;
    const { key } = await queueContact(s, 'stuck');
    await replayOutbox(s.store);
    expect((await waitingList(s.store, s.user.email))[0]).toMatchObject({ key, state: 'waiting' });
    // It tries again whenever its back-off ends, and fails, for an hour.
    const start = s.clock.t;
    while (s.clock.t - start < STUCK_AFTER_MS) {
      s.clock.t = Math.max(s.clock.t + 1, (await s.store.db.outbox.get(key))?.nextAttemptAt ?? 0);
      await replayOutbox(s.store);
    }
    expect((await waitingList(s.store, s.user.email))[0]).toMatchObject({ key, state: 'stuck' });
    s.clock.t = (await s.store.db.outbox.get(key))?.nextAttemptAt ?? s.clock.t;
    s.net.down = false;
    expect(await replayOutbox(s.store)).toMatchObject({ sent: 1, remaining: 0 });
  });
});
