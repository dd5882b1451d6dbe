// A poke stream lives only as long as its session (issue 27): logout, "log out other devices", a
// password reset, a login past the session cap and the session's expiry each end the streams of
// the sessions they end, and no other stream. PGlite, and PostgreSQL on that leg; across two
// processes in live-scale.test.ts.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { endExpiredSessions } from '@/server/auth/session-expiry';
import { hashToken } from '@/server/auth/sessions';
import type { NotificationHandlers } from '@/server/db/notifications';
import { passwordResets, users } from '@/server/db/schema';
import { startLive } from '@/server/live/live';
import { createTestServer, type TestServer } from '../support/server-app';
import { jsonInit, signupAndLogin, type TestUser } from '../support/server-users';
import { type PokeReader, readPokes } from '../support/sse';
import { until } from '../support/until';

const DAY = 24 * 60 * 60 * 1000;
const SESSION_TTL = 30 * DAY;
let server: TestServer;
let nowMs = Date.now();
const open: PokeReader[] = [];

beforeAll(async () => {
  server = await createTestServer({ clock: { now: () => nowMs }, config: { maxSessionsPerUser: 3 } });
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.close()));
});
afterAll(() => server.close());

async function streamOf(token: string): Promise<PokeReader> {
  const res = await server.request('/api/sync/poke', { headers: { Cookie: `carry_session=${token}` } });
  expect(res.status).toBe(200);
  const reader = readPokes(res);
  open.push(reader);
  // Open (its first comment read): the server holds it.
  await until(() => reader.comments() >= 1, { what: 'the stream opens' });
  return reader;
}

/** Another session of the same user (another device). */
async function loginAgain(user: TestUser): Promise<string> {
  const res = await server.request(
    '/auth/login',
    jsonInit('POST', { email: user.email, password: user.password }),
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** A stream of another user, which must outlive everything these tests end. */
async function bystander(): Promise<PokeReader> {
  return streamOf((await signupAndLogin(server)).token);
}

/** The stream ended, the bystander's did not: a poke of the bystander's own still arrives. */
async function endedAlone(ended: PokeReader, other: PokeReader) {
  await ended.ended();
  const before = other.pokes();
  server.pokes.pokeAll();
  await other.waitForPokes(before + 1);
}

describe('a session that ends takes its poke streams with it', () => {
  it('logout ends the stream of that session only', async () => {
    const user = await signupAndLogin(server);
    const other = await loginAgain(user);
    const [mine, theirs, stranger] = [await streamOf(user.token), await streamOf(other), await bystander()];
    expect((await user.call('POST', '/auth/logout')).status).toBe(200);
    await endedAlone(mine, stranger);
    // The user's other device keeps its stream.
    const before = theirs.pokes();
    server.pokes.pokeAll();
    await theirs.waitForPokes(before + 1);
  });

  it('"log out other devices" ends the other sessions\' streams, not this one', async () => {
    const user = await signupAndLogin(server);
    const other = await loginAgain(user);
    const [mine, theirs, stranger] = [await streamOf(user.token), await streamOf(other), await bystander()];
    expect((await user.call('POST', '/auth/logout-others')).status).toBe(200);
    await endedAlone(theirs, stranger);
    const before = mine.pokes();
    server.pokes.pokeAll();
    await mine.waitForPokes(before + 1);
  });

  it('a password reset ends every stream of the user', async () => {
    const user = await signupAndLogin(server);
    const [a, b, stranger] = [
      await streamOf(user.token),
      await streamOf(await loginAgain(user)),
      await bystander(),
    ];
    // A link as the notifier makes it (password-reset-mail.ts): only its hash is stored.
    const token = crypto.randomUUID().replaceAll('-', '').padEnd(43, 'x');
    await server.db.insert(passwordResets).values({
      tokenHash: hashToken(token),
      userId: await userIdOf(user),
      createdAt: new Date(nowMs),
      expiresAt: new Date(nowMs + 60_000),
    });
    const res = await server.request(
      '/auth/reset-password',
      jsonInit('POST', { token, password: 'Newpass@456', confirmPassword: 'Newpass@456' }),
    );
    expect(res.status).toBe(200);
    await Promise.all([a.ended(), b.ended()]);
    await endedAlone(a, stranger);
  });

  it('a login past the session cap ends the oldest session, and its stream', async () => {
    const user = await signupAndLogin(server);
    const oldest = await streamOf(user.token);
    const stranger = await bystander();
    // The cap is 3 here: the fourth session ends the first (each login a moment later).
    for (let i = 0; i < 3; i += 1) {
      nowMs += 1000;
      await loginAgain(user);
    }
    await endedAlone(oldest, stranger);
  });

  it('expiry ends the stream once the sweep removes the session', async () => {
    const user = await signupAndLogin(server);
    const stream = await streamOf(user.token);
    nowMs += SESSION_TTL + 1;
    const stranger = await bystander();
    expect(await endExpiredSessions(server.db, nowMs)).toBeGreaterThan(0);
    await endedAlone(stream, stranger);
    expect((await user.call('GET', '/api/auth')).status).toBe(401);
  });
});

describe('after a gap in the notifications (the listening connection came back)', () => {
  it('ends the streams of sessions that ended meanwhile, and pokes the others', async () => {
    let handlers: NotificationHandlers | undefined;
    const live = await startLive(
      {
        listen: async (h) => {
          handlers = h;
          return async () => {};
        },
      },
      { liveSessions: async (hashes) => new Set(hashes.filter((h) => h !== 'ended')) },
    );
    const seen = { ended: [] as string[], poked: [] as string[] };
    const stream = (name: string) => ({
      poke: () => seen.poked.push(name),
      heartbeat: () => {},
      close: () => seen.ended.push(name),
    });
    live.hub.add({ userId: 'u1', sessionHash: 'ended', address: null }, stream('ended'));
    live.hub.add({ userId: 'u1', sessionHash: 'kept', address: null }, stream('kept'));
    handlers?.onGap();
    await until(() => seen.ended.length > 0, { what: 'the ended session’s stream closes' });
    expect(seen).toEqual({ ended: ['ended'], poked: ['ended', 'kept'] });
    expect(live.hub.size).toBe(1);
    // A notification names the session's end directly.
    handlers?.onPayload('session-end:kept');
    expect(seen.ended).toEqual(['ended', 'kept']);
    // A stream of that session checked just before its end, arriving just after, is refused.
    expect(live.hub.admit({ userId: 'u1', sessionHash: 'kept', address: null })).toBe('ended');
    expect(live.hub.admit({ userId: 'u1', sessionHash: 'other', address: null })).toBeNull();
    await live.close();
  });
});

async function userIdOf(user: TestUser): Promise<string> {
  const [row] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
  if (!row) throw new Error('no such user');
  return row.id;
}
