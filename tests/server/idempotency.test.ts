// Idempotency-Key binding and retention: a key belongs to one request (user, method, path, body);
// reused for anything else it is refused with 422, and it expires after the retention period.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, contactMessages, idempotencyKeys } from '@/server/db/schema';
import { pruneIdempotencyKeys, sha256 } from '@/server/http/idempotency';
import { createTestServer, type TestServer } from '../support/server-app';
import { contactBody } from '../support/server-fixtures';
import { newUserDetails, signupAndLogin, type TestUser } from '../support/server-users';

const DAY_MS = 24 * 60 * 60 * 1000;
const RETENTION_MS = 90 * DAY_MS;
let nowMs = Date.now();
let server: TestServer;
let user: TestUser;

beforeAll(async () => {
  server = await createTestServer({ clock: { now: () => nowMs }, config: { trustProxyHops: 1 } });
  user = await signupAndLogin(server);
});
afterAll(() => server.close());

const contact = (message: string) => contactBody(user, { message });
const key = () => ({ 'Idempotency-Key': crypto.randomUUID() });
/** Moves the clock, using the session every 20 days so that it stays alive (sliding expiry). */
async function advance(ms: number) {
  for (let left = ms; left > 0; left -= 20 * DAY_MS) {
    nowMs += Math.min(left, 20 * DAY_MS);
    expect((await user.call('GET', '/api/auth')).status).toBe(200);
  }
}
const messagesOf = async (email: string) =>
  (await server.db.select().from(contactMessages).where(eq(contactMessages.email, email))).map(
    (r) => r.message,
  );

describe('a reused Idempotency-Key', () => {
  it('answers 422 with a code for another body, and stores nothing', async () => {
    const headers = key();
    expect((await user.call('POST', '/api/contact', contact('first'), headers)).status).toBe(201);
    const reused = await user.call('POST', '/api/contact', contact('second'), headers);
    expect(reused.status).toBe(422);
    expect((await reused.json()).code).toBe('idempotency/key-reused');
    expect(await messagesOf(user.email)).toEqual(['first']);
  });

  it('answers 422 for another route with the same key', async () => {
    const headers = key();
    expect((await user.call('POST', '/api/contact', contact('on contact'), headers)).status).toBe(201);
    const events = { events: [{ name: 'page_view', props: { path: '/contact' }, at: nowMs }] };
    const other = await user.call('POST', '/api/events', events, headers);
    expect(other.status).toBe(422);
  });

  it('still replays the first answer for the same request', async () => {
    const headers = key();
    const first = await user.call('POST', '/api/contact', contact('once'), headers);
    const again = await user.call('POST', '/api/contact', contact('once'), headers);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
  });

  it('keeps anonymous event batches from different addresses apart', async () => {
    const headers = key();
    const send = (ip: string, path: string) =>
      server.request('/api/events', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip, ...headers },
        body: JSON.stringify({ events: [{ name: 'page_view', props: { path }, at: nowMs }] }),
      });
    expect((await send('203.0.113.60', '/from-a')).status).toBe(202);
    expect((await send('203.0.113.61', '/from-b')).status).toBe(202);
    const rows = await server.db.select().from(analyticsEvents);
    const paths = rows.map((r) => (r.props as { path?: string }).path);
    expect(paths).toEqual(expect.arrayContaining(['/from-a', '/from-b']));
  });
});

describe('a signup with an Idempotency-Key', () => {
  it('replays its answer, and stores no fast hash of the password-bearing body', async () => {
    const body = JSON.stringify(newUserDetails());
    const headers = { 'Content-Type': 'application/json', ...key() };
    const send = () => server.request('/auth/signup', { method: 'POST', headers, body });
    expect((await send()).status).toBe(201);
    const again = await send();
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    const [row] = await server.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, headers['Idempotency-Key']));
    expect(row?.bodyHash).toBeTruthy();
    expect(row?.bodyHash).not.toBe(sha256(body));
  });
});

describe('retention', () => {
  it('replays within the retention period and runs afresh after it', async () => {
    const headers = key();
    expect((await user.call('POST', '/api/contact', contact('kept'), headers)).status).toBe(201);
    await advance(RETENTION_MS - DAY_MS);
    const within = await user.call('POST', '/api/contact', contact('kept'), headers);
    expect(within.headers.get('Idempotent-Replayed')).toBe('true');
    await advance(2 * DAY_MS);
    const after = await user.call('POST', '/api/contact', contact('new use of an old key'), headers);
    expect(after.status).toBe(201);
    expect(after.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await messagesOf(user.email)).toContain('new use of an old key');
  });

  it('prunes records older than the retention period', async () => {
    const headers = key();
    await user.call('POST', '/api/contact', contact('to prune'), headers);
    const stored = () =>
      server.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, headers['Idempotency-Key']));
    expect(await stored()).toHaveLength(1);
    await pruneIdempotencyKeys(server.db, nowMs + RETENTION_MS - DAY_MS, RETENTION_MS);
    expect(await stored()).toHaveLength(1);
    await pruneIdempotencyKeys(server.db, nowMs + RETENTION_MS + DAY_MS, RETENTION_MS);
    expect(await stored()).toHaveLength(0);
  });
});
