// Issue 17, reads do not write: a pull stores nothing (no client row; since issue 19 no manifest
// either, its cookie names a change-log version) however many client ids one user invents; a pull the app did not make (a navigation, or a
// request from another site) is refused before it reads; client rows are capped per user without
// losing the last-applied id of a client that may still push.
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, listings, syncChanges, syncClients, users } from '@/server/db/schema';
import { CLIENTS_PER_USER } from '@/server/routes/sync/sync.pull-guard';
import { createTestServer, type TestServer } from '../support/server-app';
import { addListing } from '../support/server-fixtures';
import { signupAndLogin, type TestUser } from '../support/server-users';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const userId = async (u: TestUser) => {
  const [row] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, u.email));
  return row?.id ?? '';
};
const countOf = async (table: typeof syncChanges | typeof syncClients, id: string) => {
  const [row] = await server.db.select({ n: count() }).from(table).where(eq(table.userId, id));
  return Number(row?.n ?? 0);
};
/** Pulls in the growth test; PULL_GROWTH_PULLS=200 reproduces the measurement. */
const PULLS = Number(process.env.PULL_GROWTH_PULLS ?? 30);
const syncBytes = async () => {
  const result = (await server.db.execute(
    sql`SELECT (pg_total_relation_size('sync_changes') + pg_total_relation_size('sync_floors') + pg_total_relation_size('sync_clients'))::bigint AS b`,
  )) as { rows: { b: string | number }[] };
  return Number(result.rows[0]?.b ?? 0);
};
const listingRow = (u: TestUser, id: string) => ({
  id: crypto.randomUUID(),
  userId: id,
  email: u.email,
  name: u.name,
  phone: u.phone,
  from: 'DEL',
  to: 'DXB',
  departure: '2030-01-01',
  time: '10:00',
  airline: 'AI',
  flightNo: 'AI1000',
  weightGrams: 5000,
  cost: 100,
  createdAt: new Date(),
});
const pull = (u: TestUser, clientId: string, headers: Record<string, string> = {}) =>
  u.call('GET', `/api/sync/pull?clientId=${clientId}&diff=1`, undefined, headers);
const push = (u: TestUser, clientId: string, mutations: unknown[]) =>
  u.call('POST', '/api/sync/push', { clientId, user: u.email, mutations });

describe('GET /api/sync/pull stores a bounded amount', () => {
  it('keeps no client row and writes no change-log entry, however many client ids pull', async () => {
    const user = await signupAndLogin(server);
    await addListing(user, { flightNo: 'AI701' });
    for (let i = 0; i < 60; i += 1) {
      const res = await pull(user, `fresh-${i}-${crypto.randomUUID()}`);
      expect(res.status).toBe(200);
      if (i % 10 === 0) await addListing(user, { flightNo: `AI${710 + i}` });
    }
    const id = await userId(user);
    expect(await countOf(syncClients, id)).toBe(0);
    // What its writes logged (7 listings and the profile); the pulls added none.
    expect(await countOf(syncChanges, id)).toBe(8);
  });

  it('grows the database by well under a megabyte for many new clients of a user with 2,000 rows', async () => {
    const user = await signupAndLogin(server);
    const id = await userId(user);
    const rows = Array.from({ length: 2000 }, (_, i) => ({
      ...listingRow(user, id),
      flightNo: `AI${1000 + i}`,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await server.db.insert(listings).values(rows.slice(i, i + 500));
    const before = await syncBytes();
    // Before issue 17 each of these stored the whole manifest (~120 KB here) under its client id;
    // before issue 19, one per user and state.
    for (let i = 0; i < PULLS; i += 1) {
      const res = await pull(user, `many-${i}-${crypto.randomUUID()}`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    expect((await syncBytes()) - before).toBeLessThan(1024 * 1024);
  });

  it('still answers a patch to a client that names its state', async () => {
    const user = await signupAndLogin(server);
    await addListing(user, { flightNo: 'AI702' });
    const first = await (await pull(user, 'device-a')).json();
    await addListing(user, { flightNo: 'AI703' });
    const res = await user.call(
      'GET',
      `/api/sync/pull?clientId=device-a&diff=1&cookie=${encodeURIComponent(first.cookie)}`,
    );
    const body = await res.json();
    expect(body.snapshot).toBeNull();
    expect(body.patch.listings.put).toHaveLength(1);
  });
});

describe('GET /api/sync/pull the app did not make', () => {
  it.each([
    ['a navigation from another site', { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate' }],
    ['a navigation from this site', { 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'navigate' }],
    [
      'a fetch from another site',
      { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'cors', Origin: 'https://evil.example' },
    ],
  ])('refuses %s with 403 sync/cross-site and stores nothing', async (_what, headers) => {
    const user = await signupAndLogin(server);
    const res = await pull(user, `nav-${crypto.randomUUID()}`, headers);
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('sync/cross-site');
    const id = await userId(user);
    expect(await countOf(syncChanges, id)).toBe(1); // the profile, logged at signup
    expect(await countOf(syncClients, id)).toBe(0);
  });

  it('answers the app’s own fetch, and one from a configured CORS origin', async () => {
    const cors = await createTestServer({ config: { corsOrigins: ['https://app.example'] } });
    try {
      const user = await signupAndLogin(cors);
      const own = await user.call('GET', '/api/sync/pull?clientId=client-1&diff=1', undefined, {
        'Sec-Fetch-Site': 'same-origin',
        'Sec-Fetch-Mode': 'cors',
      });
      expect(own.status).toBe(200);
      const split = await user.call('GET', '/api/sync/pull?clientId=client-1&diff=1', undefined, {
        'Sec-Fetch-Site': 'cross-site',
        'Sec-Fetch-Mode': 'cors',
        Origin: 'https://app.example',
      });
      expect(split.status).toBe(200);
    } finally {
      await cors.close();
    }
  });
});

describe('client rows per user', () => {
  const contact = (u: TestUser, id: number) => ({
    id,
    kind: 'contact',
    args: { name: 'Asha Rao', email: u.email, phone: u.phone, message: `message ${id}` },
  });

  it(`keeps at most ${CLIENTS_PER_USER} that guard nothing; an evicted client pushes again`, async () => {
    const user = await signupAndLogin(server);
    const id = await userId(user);
    for (let i = 0; i < CLIENTS_PER_USER + 5; i += 1)
      expect((await push(user, `idle-client-${i}`, [])).status).toBe(200);
    expect(await countOf(syncClients, id)).toBeLessThanOrEqual(CLIENTS_PER_USER);

    // idle-client-0 was the oldest and was evicted: its push is applied as if new.
    const res = await push(user, 'idle-client-0', [contact(user, 1)]);
    expect(res.status).toBe(200);
    expect((await res.json()).results).toMatchObject([{ id: 1, ok: true }]);
  });

  it('never evicts a client whose last-applied id guards a repeat', async () => {
    const user = await signupAndLogin(server);
    const first = await (await push(user, 'busy-client', [contact(user, 1)])).json();
    for (let i = 0; i < CLIENTS_PER_USER + 5; i += 1) await push(user, `other-client-${i}`, []);
    // The answer to id 1 was lost; the repeat must not send the message twice.
    const again = await (await push(user, 'busy-client', [contact(user, 1)])).json();
    expect(again.results).toEqual(first.results);
    const [sent] = await server.db
      .select({ n: count() })
      .from(contactMessages)
      .where(eq(contactMessages.email, user.email));
    expect(Number(sent?.n)).toBe(1);
  });
});
