// Two real server processes on one PostgreSQL database (TEST_DATABASE_URL leg only), started at
// the same moment on a fresh database and driven alternately: sessions, idempotent retries,
// throttle counts, capacity races and uploaded files hold across them, nothing lost or doubled.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/pg-admin';
import { bookingBody, courierBody, listingBody } from '../support/server-fixtures';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { newUserDetails } from '../support/server-users';
import { until } from '../support/until';

const baseUrl = process.env.TEST_DATABASE_URL;

describe('WORKERS', () => {
  it('is refused above 1 without PostgreSQL, before the PGlite folder is opened', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'carry-workers-')), 'data');
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        env: { ...process.env, WORKERS: '2', DATABASE_URL: '', DATA_DIR: dir, PORT: '0', STATIC_DIR: '' },
      });
      let output = '';
      child.stderr.on('data', (d) => {
        output += d;
      });
      const code = await new Promise((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(output).toContain('WORKERS=2 needs DATABASE_URL');
      expect(existsSync(dir)).toBe(false);
    } finally {
      rmSync(join(dir, '..'), { recursive: true, force: true });
    }
  }, 60_000);
});
const SIGNUP_LIMIT = 8;

interface Account {
  email: string;
  name: string;
  phone: string;
  password: string;
  cookie: string;
}

// Only on the PostgreSQL leg (as db-client.test.ts): PGlite serves one process by design.
if (baseUrl)
  describe('two server processes on one PostgreSQL database', () => {
    let database: { url: string; drop(): Promise<void> };
    let a: ServerProcess;
    let b: ServerProcess;
    let signups = 0;

    const call = (
      on: ServerProcess,
      method: string,
      path: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ) =>
      fetch(`${on.url}${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const sql = async (text: string, params: unknown[] = []) => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        return (await client.query(text, params)).rows;
      } finally {
        await client.end();
      }
    };
    async function account(signupOn: ServerProcess, loginOn: ServerProcess): Promise<Account> {
      const details = newUserDetails();
      signups += 1;
      expect((await call(signupOn, 'POST', '/auth/signup', details)).status).toBe(201);
      const login = await call(loginOn, 'POST', '/auth/login', {
        email: details.email,
        password: details.password,
      });
      expect(login.status).toBe(200);
      const { token } = (await login.json()) as { token: string };
      return { ...details, cookie: `carry_session=${token}` };
    }
    const as = (
      user: Account,
      on: ServerProcess,
      method: string,
      path: string,
      body?: unknown,
      headers = {},
    ) => call(on, method, path, body, { Cookie: user.cookie, ...headers });

    beforeAll(async () => {
      database = await freshDatabase(baseUrl as string);
      const env = { DATABASE_URL: database.url, SIGNUP_LIMIT_PER_HOUR: String(SIGNUP_LIMIT) };
      // Both at once on an empty database: they race for the migration lock.
      [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    }, 120_000);
    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await database?.drop();
    });

    it('both start on a fresh database, migrated once', async () => {
      const [row] = await sql('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      const files = await import('@/server/db/migrations/meta/_journal.json');
      expect(row?.n).toBe(files.entries.length);
      expect((await call(a, 'GET', '/api/get/airports')).status).toBe(200);
      expect((await call(b, 'GET', '/api/get/airports')).status).toBe(200);
    });

    it('a session made on one process works on the other, and a logout on either ends it', async () => {
      const user = await account(a, b);
      expect((await as(user, a, 'GET', '/api/auth')).status).toBe(200);
      expect((await as(user, b, 'POST', '/auth/logout')).status).toBe(200);
      expect((await as(user, a, 'GET', '/api/auth')).status).toBe(401);
    });

    it('an idempotent retry on the other process replays the first answer, and the write happens once', async () => {
      const carrier = await account(b, a);
      const headers = { 'Idempotency-Key': crypto.randomUUID() };
      const body = listingBody(carrier, { flightNo: 'AI777' });
      const first = await as(carrier, a, 'POST', '/carrier/carrier/add-listing', body, headers);
      const retry = await as(carrier, b, 'POST', '/carrier/carrier/add-listing', body, headers);
      expect([first.status, retry.status]).toEqual([201, 201]);
      expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
      expect(await retry.json()).toEqual(await first.json());
      const rows = await sql('SELECT id FROM listings WHERE email = $1', [carrier.email]);
      expect(rows).toHaveLength(1);

      // The same key sent to both at once: one booking.
      const traveller = await account(a, b);
      const listingId = rows[0]?.id as string;
      const bookKey = { 'Idempotency-Key': crypto.randomUUID() };
      const both = await Promise.all(
        [a, b, a, b].map((on) =>
          as(traveller, on, 'POST', '/api/book', bookingBody(traveller, listingId), bookKey),
        ),
      );
      expect(both.map((r) => r.status)).toEqual([201, 201, 201, 201]);
      expect(await sql('SELECT id FROM bookings WHERE email = $1', [traveller.email])).toHaveLength(1);
    });

    it('never oversells a listing when bookings race on both processes', async () => {
      const carrier = await account(a, b);
      const travellers = [await account(b, a), await account(a, b)];
      const created = await as(
        carrier,
        b,
        'POST',
        '/carrier/carrier/add-listing',
        listingBody(carrier, { weight: 5 }),
      );
      const listingId = ((await created.json()) as { listing: { id: string } }).listing.id;
      const results = await Promise.all(
        Array.from({ length: 16 }, (_, i) => {
          const who = travellers[i % 2] as Account;
          return as(who, i % 4 < 2 ? a : b, 'POST', '/api/book', bookingBody(who, listingId, { weight: 1 }));
        }),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(5);
      expect(statuses.filter((s) => s === 409)).toHaveLength(11);
      const [held] = await sql('SELECT count(*)::int AS n FROM bookings WHERE listing_id = $1', [listingId]);
      expect(held?.n).toBe(5);
    });

    it('counts failed logins for one email together across the processes', async () => {
      const user = await account(b, b);
      const wrong = { email: user.email, password: 'Wrong@1234' };
      const statuses = [];
      for (let i = 0; i < 5; i += 1)
        statuses.push((await call(i % 2 ? a : b, 'POST', '/auth/login', wrong)).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401]);
      expect(
        (await call(a, 'POST', '/auth/login', { email: user.email, password: user.password })).status,
      ).toBe(429);
      expect(
        (await call(b, 'POST', '/auth/login', { email: user.email, password: user.password })).status,
      ).toBe(429);
    });

    it('counts signups from one address together across the processes', async () => {
      const statuses = [];
      while (signups < SIGNUP_LIMIT) {
        statuses.push((await call(signups % 2 ? a : b, 'POST', '/auth/signup', newUserDetails())).status);
        signups += 1;
      }
      expect(statuses.every((s) => s === 201)).toBe(true);
      expect((await call(a, 'POST', '/auth/signup', newUserDetails())).status).toBe(429);
      expect((await call(b, 'POST', '/auth/signup', newUserDetails())).status).toBe(429);
    });

    it('with WORKERS=2 serves from two worker processes, on the same data', async () => {
      const clustered = await startServerProcess({ DATABASE_URL: database.url, WORKERS: '2' });
      try {
        await until(
          () => /worker 1 \(pid/.test(clustered.output()) && /worker 2 \(pid/.test(clustered.output()),
          { timeoutMs: 30_000, what: 'both workers listen' },
        );
        expect(clustered.output()).toMatch(/worker 1 \(pid \d+\) listening/);
        expect(clustered.output()).toMatch(/worker 2 \(pid \d+\) listening/);
        // The signup limit is spent by now: an existing account logs in on the cluster.
        const [first] = (await sql('SELECT email FROM users ORDER BY created_at LIMIT 1')) as {
          email: string;
        }[];
        const login = await call(clustered, 'POST', '/auth/login', {
          email: first?.email,
          password: 'Secret@123',
        });
        expect(login.status).toBe(200);
        const cookie = `carry_session=${((await login.json()) as { token: string }).token}`;
        for (let i = 0; i < 4; i += 1)
          expect((await call(clustered, 'GET', '/api/auth', undefined, { Cookie: cookie })).status).toBe(200);
        expect((await call(a, 'GET', '/api/auth', undefined, { Cookie: cookie })).status).toBe(200);
      } finally {
        await clustered.stop();
      }
    }, 60_000);

    it('serves a file uploaded on one process from the other, and a courier request there can use it', async () => {
      const [first] = (await sql('SELECT email FROM users ORDER BY created_at LIMIT 1')) as {
        email: string;
      }[];
      const email = first?.email as string;
      const password = 'Secret@123';
      const login = await call(a, 'POST', '/auth/login', { email, password });
      if (!login.ok) throw new Error(`login ${login.status} ${await login.clone().text()}`);
      const { token, name, phone } = (await login.json()) as { token: string; name: string; phone: string };
      const cookie = `carry_session=${token}`;
      const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
      const form = new FormData();
      form.append('file', new File([png], 'bag.png', { type: 'image/png' }));
      const uploaded = await fetch(`${a.url}/api/files/courier-images`, {
        method: 'POST',
        body: form,
        headers: { Cookie: cookie },
      });
      expect(uploaded.status).toBe(201);
      const { url } = (await uploaded.json()) as { url: string };
      const served = await fetch(`${b.url}${url}`);
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(png);
      const courier = await call(
        b,
        'POST',
        '/api/courier/submit',
        courierBody({ email, name, phone }, url, { fullName: name, mobileNumber: phone }),
        { Cookie: cookie },
      );
      expect(courier.status).toBe(201);
    });
  });
