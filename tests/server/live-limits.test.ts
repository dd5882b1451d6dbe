// What poke streams may hold (issue 27): streams per client address are capped (an IPv6 /64
// counts as one address), and the process keeps file descriptors for ordinary requests: past its
// stream budget a new stream is refused with 503 and Retry-After while logins still answer.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addressKey } from '@/server/http/address-key';
import { createTestServer, type TestServer } from '../support/server-app';
import { jsonInit, signupAndLogin, type TestUser } from '../support/server-users';
import { type PokeReader, readPokes } from '../support/sse';
import { until } from '../support/until';

const PER_ADDRESS = 3;
const BUDGET = 7;
let server: TestServer;
const open: PokeReader[] = [];

beforeAll(async () => {
  server = await createTestServer({
    config: { trustProxyHops: 1, signupLimitPerHour: 1000, loginMaxSuccessesPerAccount: 1000 },
    live: { maxStreamsPerAddress: PER_ADDRESS, maxStreams: BUDGET },
  });
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.close()));
  await until(() => server.pokes.size === 0, { what: 'every stream let go' });
});
afterAll(() => server.close());

const stream = (user: TestUser, address: string) =>
  server.request('/api/sync/poke', { headers: { Cookie: user.cookie, 'X-Forwarded-For': address } });

async function opened(user: TestUser, address: string): Promise<PokeReader> {
  const res = await stream(user, address);
  expect(res.status).toBe(200);
  const reader = readPokes(res);
  open.push(reader);
  return reader;
}

/** The answer to a stream that should be refused (one that opens is closed again). */
async function refused(user: TestUser, address: string) {
  const res = await stream(user, address);
  if (res.status === 200) {
    await res.body?.cancel();
    return { status: 200, code: '', retryAfter: null };
  }
  const { code } = (await res.json()) as { code: string };
  return { status: res.status, code, retryAfter: res.headers.get('retry-after') };
}

const users = (n: number) => Promise.all(Array.from({ length: n }, () => signupAndLogin(server)));

describe('streams per client address', () => {
  it('refuses one more from an address at its cap, with 429 and Retry-After; other addresses still open', async () => {
    const crowd = await users(PER_ADDRESS + 1);
    for (const user of crowd.slice(0, PER_ADDRESS)) await opened(user, '203.0.113.7');
    const last = crowd[PER_ADDRESS] as TestUser;
    const answer = await refused(last, '203.0.113.7');
    expect(answer).toMatchObject({ status: 429, code: 'live/too-many-streams' });
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    await opened(last, '203.0.113.8');
  });

  it('counts an IPv6 /64 as one address', async () => {
    const crowd = await users(PER_ADDRESS + 1);
    for (const [i, user] of crowd.slice(0, PER_ADDRESS).entries())
      await opened(user, `2001:db8:7:1::${i + 1}`);
    const last = crowd[PER_ADDRESS] as TestUser;
    expect((await refused(last, '2001:db8:7:1:ffff::9')).code).toBe('live/too-many-streams');
    await opened(last, '2001:db8:7:2::1');
  });

  it('frees the place when a stream ends', async () => {
    const crowd = await users(PER_ADDRESS + 1);
    const held = [];
    for (const user of crowd.slice(0, PER_ADDRESS)) held.push(await opened(user, '198.51.100.4'));
    const last = crowd[PER_ADDRESS] as TestUser;
    expect((await refused(last, '198.51.100.4')).status).toBe(429);
    await held[0]?.close();
    await until(() => server.pokes.size === PER_ADDRESS - 1, { what: 'the closed stream let go' });
    await opened(last, '198.51.100.4');
  });
});

describe("the process's stream budget (file descriptors kept for ordinary requests)", () => {
  it('refuses new streams past the budget with 503 and Retry-After, while logins still answer', async () => {
    const crowd = await users(BUDGET + 1);
    for (const [i, user] of crowd.slice(0, BUDGET).entries()) await opened(user, `192.0.2.${i + 1}`);
    expect(server.pokes.size).toBe(BUDGET);
    const last = crowd[BUDGET] as TestUser;
    const answer = await refused(last, '192.0.2.200');
    expect(answer).toMatchObject({ status: 503, code: 'live/busy' });
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    const login = await server.request(
      '/auth/login',
      jsonInit('POST', { email: last.email, password: last.password }, { 'X-Forwarded-For': '192.0.2.201' }),
    );
    expect(login.status).toBe(200);
    expect((await server.request('/api/health')).status).toBe(200);
  });
});

describe('addressKey', () => {
  it('keeps IPv4 as it is and counts IPv6 by its /64, in any spelling', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    const key = '2001:db8:7:1::/64';
    for (const a of [
      '2001:db8:7:1::1',
      '2001:0DB8:0007:0001:ffff:0:0:9',
      '2001:db8:7:1::1.2.3.4',
      'fe80::1%eth0',
    ])
      expect(addressKey(a)).toBe(a.startsWith('fe80') ? 'fe80:0:0:0::/64' : key);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey(null)).toBeNull();
    expect(addressKey('not:an::address::')).toBe('not:an::address::');
  });
});
