// Live pokes in one process (PGlite, and PostgreSQL on that leg): GET /api/sync/poke needs a
// session, and a commit that changes what a user's pull returns pokes that user's open streams,
// once per transaction, and never another user's. The hub's heartbeats run on one timer.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_MS, PokeHub, type PokeStream } from '@/server/live/poke-hub';
import { completeWithCode } from '../support/handoff';
import { createTestServer, type TestServer } from '../support/server-app';
import { addListing, book } from '../support/server-fixtures';
import { signupAndLogin, type TestUser } from '../support/server-users';
import { openPokes, type PokeReader, readPokes } from '../support/sse';

let server: TestServer;
const open: PokeReader[] = [];

beforeAll(async () => {
  server = await createTestServer();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.close()));
});
afterAll(() => server.close());

async function pokesOf(user: TestUser): Promise<PokeReader> {
  const reader = readPokes(await server.request('/api/sync/poke', { headers: { Cookie: user.cookie } }));
  open.push(reader);
  return reader;
}
const users = (n: number) => Promise.all(Array.from({ length: n }, () => signupAndLogin(server)));

describe('GET /api/sync/poke', () => {
  it('answers 401 auth/required without a session', async () => {
    const res = await server.request('/api/sync/poke');
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe('auth/required');
  });

  it('lets go of a stream the device drops (a real socket closing)', async () => {
    const [user] = (await users(1)) as [TestUser];
    const listener = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => listener.once('listening', r));
    try {
      const url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
      const held = server.pokes.size;
      const reader = await openPokes(url, user.cookie);
      expect(server.pokes.size).toBe(held + 1);
      await reader.close();
      await vi.waitFor(() => expect(server.pokes.size).toBe(held));
    } finally {
      await new Promise((r) => listener.close(r));
    }
  });

  it('is an event stream that opens with a comment', async () => {
    const [user] = await users(1);
    const res = await server.request('/api/sync/poke', { headers: { Cookie: user?.cookie ?? '' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const reader = readPokes(res);
    open.push(reader);
    await vi.waitFor(() => expect(reader.comments()).toBe(1));
    expect(reader.pokes()).toBe(0);
  });
});

describe('a commit pokes everyone who can see the change, and no one else', () => {
  // Streams open before the first write and every poke is counted: a notification reaches the
  // process a moment after the commit's answer, so a stream opened after a write may get its poke.
  it('a booking pokes its carrier and traveller; accepting pokes both again; a stranger never', async () => {
    const [carrier, traveller, stranger] = (await users(3)) as [TestUser, TestUser, TestUser];
    const [c, t, s] = [await pokesOf(carrier), await pokesOf(traveller), await pokesOf(stranger)];
    const listingId = await addListing(carrier, { flightNo: 'AI995' });
    await c.waitForPokes(1);

    // One transaction (booking insert, the listing's held space): one poke each.
    const id = await book(traveller, listingId);
    await Promise.all([c.waitForPokes(2), t.waitForPokes(1)]);

    const accepted = await carrier.call('PUT', '/api/bookings/update-status', {
      listingId: id,
      status: 'accepted',
    });
    expect(accepted.status).toBe(200);
    await Promise.all([c.waitForPokes(3), t.waitForPokes(2)]);

    // The stranger's own write pokes their stream: had any commit above poked it, that earlier
    // poke would be counted first (notifications arrive in commit order).
    await addListing(stranger, { flightNo: 'AI996' });
    await s.waitForPokes(1);
    expect([c.pokes(), t.pokes(), s.pokes()]).toEqual([3, 2, 1]);
  });

  it('every open stream of the user is poked (two tabs), each once per transaction', async () => {
    const [carrier, traveller] = (await users(2)) as [TestUser, TestUser];
    const tabs = [await pokesOf(carrier), await pokesOf(carrier)];
    const listingId = await addListing(carrier, { flightNo: 'AI101' });
    await Promise.all(tabs.map((tab) => tab.waitForPokes(1)));
    await book(traveller, listingId, 2);
    await Promise.all(tabs.map((tab) => tab.waitForPokes(2)));
    // A later write to the carrier only: had the booking poked twice, the count would pass 3.
    await addListing(carrier, { flightNo: 'AI102' });
    await Promise.all(tabs.map((tab) => tab.waitForPokes(3)));
    expect(tabs.map((tab) => tab.pokes())).toEqual([3, 3]);
  });

  it('a rating pokes the rated user and the rater; a refused write pokes no one', async () => {
    const [carrier, traveller] = (await users(2)) as [TestUser, TestUser];
    const [c, t] = [await pokesOf(carrier), await pokesOf(traveller)];
    const id = await book(traveller, await addListing(carrier, { flightNo: 'AI103' }));
    await carrier.call('PUT', '/api/bookings/update-status', { listingId: id, status: 'accepted' });
    expect((await completeWithCode(carrier, traveller, id)).status).toBe(200);
    // add-listing, book, accept, complete.
    await Promise.all([c.waitForPokes(4), t.waitForPokes(3)]);

    // Refused (a completed booking cannot be accepted): rolled back, so nothing is sent.
    const refused = await carrier.call('PUT', '/api/bookings/update-status', {
      listingId: id,
      status: 'accepted',
    });
    expect(refused.status).toBe(409);
    const rated = await traveller.call('POST', '/api/ratings', { bookingId: id, stars: 5 });
    expect(rated.status).toBe(201);
    await Promise.all([c.waitForPokes(5), t.waitForPokes(4)]);
    // The next poke each gets is from a write of their own: the refusal sent nothing before it.
    await addListing(carrier, { flightNo: 'AI104' });
    await c.waitForPokes(6);
    expect([c.pokes(), t.pokes()]).toEqual([6, 4]);
  });
});

describe('PokeHub', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const standIn = () => {
    const calls = { poke: 0, heartbeat: 0, close: 0 };
    const stream: PokeStream = {
      poke: () => {
        calls.poke += 1;
      },
      heartbeat: () => {
        calls.heartbeat += 1;
      },
      close: () => {
        calls.close += 1;
      },
    };
    return { stream, calls };
  };

  it('sends heartbeats on one timer every 25 s, and none once the streams are gone', () => {
    vi.useFakeTimers();
    const hub = new PokeHub();
    const a = standIn();
    const b = standIn();
    const removeA = hub.add('u1', a.stream);
    const removeB = hub.add('u2', b.stream);
    vi.advanceTimersByTime(HEARTBEAT_MS - 1);
    expect(a.calls.heartbeat).toBe(0);
    vi.advanceTimersByTime(1);
    expect([a.calls.heartbeat, b.calls.heartbeat]).toEqual([1, 1]);
    removeA();
    removeB();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('pokes one user, or all after a gap; keeps a bounded number of streams per user', () => {
    const hub = new PokeHub({ maxStreamsPerUser: 2 });
    const [a1, a2, a3, b] = [standIn(), standIn(), standIn(), standIn()];
    hub.add('a', a1.stream);
    hub.add('a', a2.stream);
    hub.add('b', b.stream);
    hub.poke('a');
    expect([a1.calls.poke, a2.calls.poke, b.calls.poke]).toEqual([1, 1, 0]);
    hub.add('a', a3.stream);
    expect(a1.calls.close).toBe(1);
    hub.pokeAll();
    expect([a1.calls.poke, a2.calls.poke, a3.calls.poke, b.calls.poke]).toEqual([1, 2, 1, 1]);
    hub.close();
    expect([a2.calls.close, a3.calls.close, b.calls.close]).toEqual([1, 1, 1]);
    expect(hub.size).toBe(0);
  });
});
