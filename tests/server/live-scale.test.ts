// Live pokes across real server processes on one PostgreSQL database (TEST_DATABASE_URL leg
// only): a write on one process pokes streams held by another (LISTEN/NOTIFY, one listening
// connection per process); a process whose listening connection is killed reconnects, pokes its
// streams once and keeps poking; stopping a process ends its streams instead of hanging on them.
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_NAME } from '@/server/db/notifications';
import { freshDatabase } from '../support/pg-admin';
import { bookingBody, listingBody } from '../support/server-fixtures';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { newUserDetails } from '../support/server-users';
import { openPokes, type PokeReader } from '../support/sse';

// Without PostgreSQL the file's suites are skipped, not absent (an empty file is an error).
const baseUrl = process.env.TEST_DATABASE_URL ?? '';

interface Account {
  email: string;
  name: string;
  phone: string;
  cookie: string;
}

describe.skipIf(!baseUrl)('pokes across two server processes on one PostgreSQL database', () => {
  let database: { url: string; drop(): Promise<void> };
  let a: ServerProcess;
  let b: ServerProcess;
  const open: PokeReader[] = [];

  const as = (user: Account, on: ServerProcess, method: string, path: string, body?: unknown) =>
    fetch(`${on.url}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', Cookie: user.cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const sql = async (text: string) => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query(text)).rows;
    } finally {
      await client.end();
    }
  };
  async function account(on: ServerProcess): Promise<Account> {
    const details = newUserDetails();
    const post = (path: string, body: unknown) =>
      fetch(`${on.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post('/auth/signup', details)).status).toBe(201);
    const login = await post('/auth/login', { email: details.email, password: details.password });
    const { token } = (await login.json()) as { token: string };
    return { ...details, cookie: `carry_session=${token}` };
  }
  async function pokes(user: Account, on: ServerProcess) {
    const reader = await openPokes(on.url, user.cookie);
    open.push(reader);
    expect(reader.status).toBe(200);
    return reader;
  }
  async function addListing(carrier: Account, on: ServerProcess, flightNo: string): Promise<string> {
    const res = await as(
      carrier,
      on,
      'POST',
      '/carrier/carrier/add-listing',
      listingBody(carrier, { flightNo }),
    );
    expect(res.status).toBe(201);
    return ((await res.json()) as { listing: { id: string } }).listing.id;
  }
  async function book(traveller: Account, on: ServerProcess, listingId: string): Promise<string> {
    const res = await as(traveller, on, 'POST', '/api/book', bookingBody(traveller, listingId));
    expect(res.status).toBe(201);
    return ((await res.json()) as { booking: { id: string } }).booking.id;
  }
  /** The listening connections' backends (one per process). */
  const listeners = () =>
    sql(
      `SELECT pid FROM pg_stat_activity WHERE application_name = '${LISTENER_NAME}' AND datname = current_database()`,
    );

  beforeAll(async () => {
    database = await freshDatabase(baseUrl as string);
    const env = { DATABASE_URL: database.url, SIGNUP_LIMIT_PER_HOUR: '50' };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 120_000);
  afterEach(async () => {
    await Promise.all(open.splice(0).map((r) => r.close()));
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
  });

  it('holds one listening connection per process', async () => {
    expect(await listeners()).toHaveLength(2);
  });

  it('a write on one process pokes the other side’s stream held by the other process', async () => {
    const [carrier, traveller] = await Promise.all([account(a), account(b)]);
    const [onA, onB] = [await pokes(carrier, a), await pokes(traveller, b)];
    const listingId = await addListing(carrier, b, 'AI995');
    await onA.waitForPokes(1);
    const id = await book(traveller, a, listingId);
    await Promise.all([onA.waitForPokes(2), onB.waitForPokes(1)]);
    const accepted = await as(carrier, b, 'PUT', '/api/bookings/update-status', {
      listingId: id,
      status: 'accepted',
    });
    expect(accepted.status).toBe(200);
    await onB.waitForPokes(2);
    // Nothing else went to either: each side's next poke is its own next write.
    await addListing(traveller, a, 'AI996');
    await onB.waitForPokes(3);
    expect([onA.pokes(), onB.pokes()]).toEqual([3, 3]);
  });

  it('a killed listening connection comes back: every stream is poked once, then pokes flow again', async () => {
    const [carrier, traveller] = await Promise.all([account(a), account(b)]);
    const [onA, onB] = [await pokes(carrier, a), await pokes(traveller, b)];
    const before = (await listeners()).map((r) => r.pid);
    await sql(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE application_name = '${LISTENER_NAME}' AND datname = current_database()`,
    );
    // The reconnect pokes each stream once: commits in between were not heard.
    await Promise.all([onA.waitForPokes(1), onB.waitForPokes(1)]);
    const after = (await listeners()).map((r) => r.pid);
    expect(after).toHaveLength(2);
    expect(after.some((pid) => before.includes(pid))).toBe(false);

    const listingId = await addListing(carrier, b, 'AI997');
    await onA.waitForPokes(2);
    await book(traveller, b, listingId);
    await Promise.all([onA.waitForPokes(3), onB.waitForPokes(2)]);
    expect([onA.pokes(), onB.pokes()]).toEqual([3, 2]);
  });

  it('a logout on one process ends that session’s stream held by the other, and only it', async () => {
    const [user, other] = await Promise.all([account(a), account(a)]);
    const [onB, otherOnB] = [await pokes(user, b), await pokes(other, b)];
    expect((await as(user, a, 'POST', '/auth/logout')).status).toBe(200);
    await onB.ended();
    // The other session's stream on the same process still gets its pokes.
    await addListing(other, a, 'AI990');
    await otherOnB.waitForPokes(1);
  });

  it('stopping a process ends its streams (it does not wait for them)', async () => {
    const user = await account(a);
    const onA = await pokes(user, a);
    await a.stop();
    await onA.ended();
    a = await startServerProcess({ DATABASE_URL: database.url, SIGNUP_LIMIT_PER_HOUR: '50' });
    const again = await pokes(user, a);
    await addListing(user, b, 'AI998');
    await again.waitForPokes(1);
  }, 120_000);
});

describe.skipIf(!baseUrl)('pokes under WORKERS=2 (node:cluster, one port)', () => {
  let database: { url: string; drop(): Promise<void> };
  let server: ServerProcess;
  const open: PokeReader[] = [];

  beforeAll(async () => {
    database = await freshDatabase(baseUrl as string);
    server = await startServerProcess({ DATABASE_URL: database.url, WORKERS: '2' });
  }, 120_000);
  afterAll(async () => {
    await Promise.all(open.splice(0).map((r) => r.close()));
    await server?.stop();
    await database?.drop();
  });

  it('each worker listens, and a write on either pokes the streams held by both', async () => {
    const details = newUserDetails();
    const post = (path: string, body: unknown, cookie = '') =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
        body: JSON.stringify(body),
      });
    expect((await post('/auth/signup', details)).status).toBe(201);
    const login = await post('/auth/login', { email: details.email, password: details.password });
    const cookie = `carry_session=${((await login.json()) as { token: string }).token}`;
    // Each worker connects its listener as it starts; the second may start well after the
    // first answers.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const listeners = async () => {
        const { rows } = await client.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE application_name = '${LISTENER_NAME}' AND datname = current_database()`,
        );
        return rows[0]?.n as number;
      };
      await expect.poll(listeners, { timeout: 60_000, interval: 100 }).toBe(2);
    } finally {
      await client.end();
    }
    // Each stream holds its own connection, and the primary hands connections to the workers
    // in turn: four streams are spread over both.
    for (let i = 0; i < 4; i++) open.push(await openPokes(server.url, cookie));
    for (const flightNo of ['AI201', 'AI202']) {
      const res = await post('/carrier/carrier/add-listing', listingBody(details, { flightNo }), cookie);
      expect(res.status).toBe(201);
    }
    await Promise.all(open.map((r) => r.waitForPokes(2)));
  });
});
