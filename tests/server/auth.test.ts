// Signup, login (cookie, token, lockout, rate limits), sessions, logout and the session check,
// through HTTP.
import { createHash, randomBytes, scryptSync } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@/server/auth/passwords';
import { DEFAULT_CONFIG } from '@/server/config';
import {
  passwordResets,
  sessions as sessionsTable,
  throttles,
  users as usersTable,
} from '@/server/db/schema';
import { createTestServer, TEST_PASSWORD_HASH, type TestServer } from '../support/server-app';
import { jsonInit, newUserDetails, signupAndLogin } from '../support/server-users';

let server: TestServer;
let nowMs = Date.now();
const clock = { now: () => nowMs };

beforeAll(async () => {
  server = await createTestServer({ clock, config: { loginMaxFailuresPerEmail: 3 } });
});
afterAll(() => server.close());

const post = (path: string, body: unknown, headers?: Record<string, string>) =>
  server.request(path, jsonInit('POST', body, headers));

describe('POST /auth/signup', () => {
  it('creates an account and answers 201', async () => {
    const res = await post('/auth/signup', newUserDetails());
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: 'Account created successfully!' });
  });

  it('answers 409 for an email that already has an account, whatever its case', async () => {
    const details = newUserDetails();
    await post('/auth/signup', details);
    const res = await post('/auth/signup', { ...details, email: details.email.toUpperCase() });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'auth/email-taken' });
  });

  it('answers 400 with the first issue and every issue listed', async () => {
    const res = await post('/auth/signup', {
      ...newUserDetails(),
      phone: '123',
      password: 'weak',
      confirmPassword: 'x',
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    // The first issue's message is the spec's, shown under the field.
    expect(body).toMatchObject({ code: 'request/invalid', message: 'Phone number must be 10 digits' });
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { path: 'phone', message: 'Phone number must be 10 digits' },
        {
          path: 'password',
          message: 'Password must be 8+ chars, include uppercase, lowercase, number & special char',
        },
      ]),
    );
  });
});

describe('POST /auth/login', () => {
  it('answers token, email, name, phone and message, and sets an HttpOnly SameSite=Lax cookie on /', async () => {
    const details = newUserDetails({ name: 'Ravi Kumar', phone: '9123456780' });
    await post('/auth/signup', details);
    const res = await post('/auth/login', { email: details.email, password: details.password });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      token: expect.any(String),
      email: details.email,
      name: 'Ravi Kumar',
      phone: '9123456780',
      message: 'Login successful!',
    });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`carry_session=${body.token}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('answers 401 for a wrong password and for an unknown email alike', async () => {
    const user = await signupAndLogin(server);
    const wrong = await post('/auth/login', { email: user.email, password: 'Wrong@1234' });
    const unknown = await post('/auth/login', { email: 'nobody@example.com', password: 'Wrong@1234' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it('answers 400 for a body without a valid email', async () => {
    const res = await post('/auth/login', { email: 'not-an-email', password: 'x' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'request/invalid',
      issues: expect.arrayContaining([expect.objectContaining({ path: 'email' })]),
    });
  });

  it("clears the user's own failures and prunes counters idle past every window, keeping recent ones", async () => {
    const [user, expired, recent] = [await signupAndLogin(server), newUserDetails(), newUserDetails()];
    const fail = (email: string) => post('/auth/login', { email, password: 'Wrong@1234' });
    await fail(user.email);
    await fail(expired.email);
    nowMs += 2 * 61 * 60 * 1000;
    await fail(recent.email);
    expect((await post('/auth/login', { email: user.email, password: user.password })).status).toBe(200);
    const left = await server.db
      .select({ key: throttles.key })
      .from(throttles)
      .where(like(throttles.key, 'login-backoff:%'));
    const keys = left.map((r) => r.key);
    expect(keys).toContain(`login-backoff:${recent.email}`);
    expect(keys).not.toContain(`login-backoff:${expired.email}`);
    expect(keys).not.toContain(`login-backoff:${user.email}`);
  });

  it('sets SameSite=None; Secure when a separate app origin is configured', async () => {
    const cross = await createTestServer({ config: { corsOrigins: ['https://app.example.com'] } });
    try {
      const user = await signupAndLogin(cross);
      const res = await cross.request(
        '/auth/login',
        jsonInit('POST', { email: user.email, password: user.password }),
      );
      const cookie = res.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/SameSite=None/i);
      expect(cookie).toMatch(/Secure/i);
    } finally {
      await cross.close();
    }
  });
});

describe('GET /api/auth', () => {
  it('answers 200 {status: 200} with the session cookie', async () => {
    const user = await signupAndLogin(server);
    const res = await user.call('GET', '/api/auth');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 200, email: user.email });
  });

  it('accepts the login token as a Bearer token', async () => {
    const user = await signupAndLogin(server);
    const res = await server.request('/api/auth', { headers: { Authorization: `Bearer ${user.token}` } });
    expect(res.status).toBe(200);
  });

  it('answers 401 {status: 401} without a session or with a made-up one', async () => {
    const none = await server.request('/api/auth');
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ status: 401 });
    const fake = await server.request('/api/auth', {
      headers: { Cookie: 'carry_session=madeupmadeupmadeupmadeup' },
    });
    expect(fake.status).toBe(401);
  });

  it('answers 401 once the session has expired without use', async () => {
    const user = await signupAndLogin(server);
    nowMs += 31 * 24 * 60 * 60 * 1000;
    expect((await user.call('GET', '/api/auth')).status).toBe(401);
  });

  it('keeps a session that is used alive past its first expiry (sliding)', async () => {
    const user = await signupAndLogin(server);
    for (let i = 0; i < 3; i += 1) {
      nowMs += 20 * 24 * 60 * 60 * 1000;
      expect((await user.call('GET', '/api/auth')).status).toBe(200);
    }
  });
});

describe('POST /auth/logout', () => {
  it('revokes the session server-side and clears the cookie', async () => {
    const user = await signupAndLogin(server);
    const res = await user.call('POST', '/auth/logout');
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/carry_session=;.*Max-Age=0/i);
    expect((await user.call('GET', '/api/auth')).status).toBe(401);
    const bearer = await server.request('/api/auth', { headers: { Authorization: `Bearer ${user.token}` } });
    expect(bearer.status).toBe(401);
  });

  it('answers 200 without a session too', async () => {
    expect((await server.request('/auth/logout', { method: 'POST' })).status).toBe(200);
  });
});

describe('failed logins per client address', () => {
  it('answers 429 once one address has failed too often, across emails, when behind a trusted proxy', async () => {
    const proxied = await createTestServer({ config: { trustProxyHops: 1, loginMaxFailuresPerAddress: 4 } });
    try {
      const user = await signupAndLogin(proxied);
      const attempt = (email: string, password: string, ip: string) =>
        proxied.request('/auth/login', jsonInit('POST', { email, password }, { 'X-Forwarded-For': ip }));
      for (let i = 0; i < 4; i += 1)
        expect((await attempt(`x${i}@example.com`, 'Wrong@1234', '203.0.113.9')).status).toBe(401);
      expect((await attempt(user.email, user.password, '203.0.113.9')).status).toBe(429);
      expect((await attempt(user.email, user.password, '198.51.100.7')).status).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('counts the address the proxy appended, so a forged leftmost X-Forwarded-For changes nothing', async () => {
    const proxied = await createTestServer({ config: { trustProxyHops: 1, loginMaxFailuresPerAddress: 3 } });
    try {
      const attempt = (i: number) =>
        proxied.request(
          '/auth/login',
          jsonInit(
            'POST',
            { email: `y${i}@example.com`, password: 'Wrong@1234' },
            { 'X-Forwarded-For': `10.0.0.${i}, 203.0.113.50` },
          ),
        );
      const statuses = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await attempt(i)).status);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await proxied.close();
    }
  });

  it('takes the entry a configured number of proxies from the right', async () => {
    const proxied = await createTestServer({ config: { trustProxyHops: 2, loginMaxFailuresPerAddress: 1 } });
    try {
      const attempt = (forwarded: string) =>
        proxied.request(
          '/auth/login',
          jsonInit(
            'POST',
            { email: 'z@example.com', password: 'Wrong@1234' },
            { 'X-Forwarded-For': forwarded },
          ),
        );
      expect((await attempt('1.1.1.1, 203.0.113.7, 10.0.0.2')).status).toBe(401);
      // Same client (203.0.113.7) behind the same two proxies, another forged entry: blocked.
      expect((await attempt('8.8.8.8, 203.0.113.7, 10.0.0.3')).status).toBe(429);
    } finally {
      await proxied.close();
    }
  });
});

describe('parallel login attempts', () => {
  it('evaluates at most the allowed failures of 50 parallel attempts: a right password among them is refused', async () => {
    const user = await signupAndLogin(server);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post('/auth/login', { email: user.email, password: i === 37 ? user.password : 'Wrong@1234' }),
      ),
    );
    const statuses = results.map((r) => r.status);
    // loginMaxFailuresPerEmail is 3 on this server: only that many attempts ever reach the hash.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(3);
    expect(statuses[37]).toBe(429);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(47);
  });

  it('runs at most two attempts per email at once, and lets the owner in after the burst', async () => {
    const user = await signupAndLogin(server);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => post('/auth/login', { email: user.email, password: user.password })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    expect((await post('/auth/login', { email: user.email, password: user.password })).status).toBe(200);
  });
});

describe('signups per client address', () => {
  it('answers 429 past SIGNUP_LIMIT_PER_HOUR from one address, and accepts again after an hour', async () => {
    let now = Date.now();
    const limited = await createTestServer({
      clock: { now: () => now },
      config: { trustProxyHops: 1, signupLimitPerHour: 3 },
    });
    try {
      const signup = (ip: string) =>
        limited.request('/auth/signup', jsonInit('POST', newUserDetails(), { 'X-Forwarded-For': ip }));
      for (let i = 0; i < 3; i += 1) expect((await signup('203.0.113.20')).status).toBe(201);
      const refused = await signup('203.0.113.20');
      expect(refused.status).toBe(429);
      expect((await refused.json()).code).toBe('auth/signup-rate-limited');
      expect((await signup('203.0.113.21')).status).toBe(201);
      now += 61 * 60 * 1000;
      expect((await signup('203.0.113.20')).status).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it('does not count invalid input', async () => {
    const limited = await createTestServer({ config: { trustProxyHops: 1, signupLimitPerHour: 1 } });
    try {
      const headers = { 'X-Forwarded-For': '203.0.113.30' };
      for (let i = 0; i < 3; i += 1) {
        const bad = await limited.request(
          '/auth/signup',
          jsonInit('POST', { ...newUserDetails(), age: 0 }, headers),
        );
        expect(bad.status).toBe(400);
      }
      expect(
        (await limited.request('/auth/signup', jsonInit('POST', newUserDetails(), headers))).status,
      ).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it('counts taken emails too, so past the limit a taken and a free email answer alike (no enumeration)', async () => {
    const limited = await createTestServer({ config: { trustProxyHops: 1, signupLimitPerHour: 2 } });
    try {
      const taken = newUserDetails();
      const signup = (details: unknown) =>
        limited.request('/auth/signup', jsonInit('POST', details, { 'X-Forwarded-For': '203.0.113.32' }));
      expect((await signup(taken)).status).toBe(201);
      const first = await signup(taken);
      expect(first.status).toBe(409);
      expect((await first.json()).code).toBe('auth/email-taken');
      const again = await signup(taken);
      const free = await signup(newUserDetails());
      expect([again.status, free.status]).toEqual([429, 429]);
      expect((await again.json()).code).toBe('auth/signup-rate-limited');
      expect((await free.json()).code).toBe('auth/signup-rate-limited');
    } finally {
      await limited.close();
    }
  });
});

/**
 * A live reset token for `email`: the mail carries it; here a link is planted beside the one the
 * notifier made (only its sha256 is stored), as the mail's would work.
 */
async function resetToken(on: TestServer, email: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const [user] = await on.db
    .select({ id: usersTable.id })
    .from(usersTable)
    .where(eq(usersTable.email, email));
  await on.db.insert(passwordResets).values({
    tokenHash: createHash('sha256').update(token).digest('base64url'),
    userId: user?.id ?? '',
    createdAt: new Date(),
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
  });
  return token;
}

/** The cookies of a Set-Cookie answer as `name=value` pairs, by name. */
function cookiesOf(res: Response): Record<string, string> {
  return Object.fromEntries(
    res.headers.getSetCookie().map((c) => {
      const pair = c.split(';')[0] ?? '';
      return [pair.slice(0, pair.indexOf('=')), pair];
    }),
  );
}

describe('lockout without denial of service', () => {
  let proxied: TestServer;
  let now = Date.now();
  beforeAll(async () => {
    proxied = await createTestServer({ clock: { now: () => now }, config: { trustProxyHops: 1 } });
  });
  afterAll(() => proxied.close());

  const attempt = (email: string, password: string, ip: string, cookie?: string) =>
    proxied.request(
      '/auth/login',
      jsonInit('POST', { email, password }, { 'X-Forwarded-For': ip, ...(cookie ? { Cookie: cookie } : {}) }),
    );

  it('sets a long-lived HttpOnly device cookie naming the user at a successful login', async () => {
    const user = await signupAndLogin(proxied);
    const res = await attempt(user.email, user.password, '198.51.100.1');
    const device = res.headers.getSetCookie().find((c) => c.startsWith('carry_device='));
    expect(device).toMatch(/HttpOnly/i);
    expect(Number(device?.match(/Max-Age=(\d+)/i)?.[1])).toBeGreaterThanOrEqual(365 * 24 * 60 * 60);
    const [users] = await proxied.db
      .select({ id: usersTable.id })
      .from(usersTable)
      .where(eq(usersTable.email, user.email));
    expect(device).toContain(`carry_device=${users?.id}.`);
  });

  it("never refuses the right password from a device that logged in before, whatever others' failures", async () => {
    const user = await signupAndLogin(proxied);
    const device = cookiesOf(await attempt(user.email, user.password, '198.51.100.2')).carry_device ?? '';
    // Twenty wrong passwords from everywhere: the attacker's own pairs lock, the account slows.
    for (let i = 0; i < 20; i += 1) await attempt(user.email, 'Wrong@1234', `203.0.113.${i % 3}`);
    expect((await attempt(user.email, user.password, '203.0.113.77')).status).toBe(429);
    // The owner's device gets in at once, from its usual address or from the attacker's.
    expect((await attempt(user.email, user.password, '198.51.100.2', device)).status).toBe(200);
    expect((await attempt(user.email, user.password, '203.0.113.1', device)).status).toBe(200);
    // A device cookie that was tampered with, or names someone else, is an unknown device.
    const other = await signupAndLogin(proxied);
    const othersDevice = cookiesOf(await attempt(other.email, other.password, '198.51.100.3')).carry_device;
    for (let i = 0; i < 6; i += 1) await attempt(user.email, 'Wrong@1234', `203.0.113.${10 + i}`);
    const forged = `${device.slice(0, -4)}AAAA`;
    expect((await attempt(user.email, user.password, '203.0.113.1', forged)).status).toBe(429);
    expect((await attempt(user.email, user.password, '203.0.113.1', othersDevice)).status).toBe(429);
  });

  it('slows an account from unknown devices with a doubling Retry-After, and lets the right password in after the wait', async () => {
    const user = await signupAndLogin(proxied);
    // Five failures from five addresses: no pair is locked, the account's free failures are used up.
    for (let i = 0; i < 5; i += 1)
      expect((await attempt(user.email, 'Wrong@1234', `192.0.2.${i}`)).status).toBe(401);
    const waits = [];
    for (const seconds of [1, 2, 4]) {
      const refused = await attempt(user.email, user.password, '192.0.2.50');
      expect(refused.status).toBe(429);
      expect((await refused.json()).code).toBe('auth/rate-limited');
      waits.push(refused.headers.get('retry-after'));
      now += seconds * 1000;
      if (seconds < 4)
        expect((await attempt(user.email, 'Wrong@1234', `192.0.2.${10 + seconds}`)).status).toBe(401);
    }
    expect(waits).toEqual(['1', '2', '4']);
    expect((await attempt(user.email, user.password, '192.0.2.50')).status).toBe(200);
  });

  it('ends device trust with a password reset: the old device cookie is a stranger, a login makes a new one', async () => {
    const user = await signupAndLogin(proxied);
    const device = cookiesOf(await attempt(user.email, user.password, '198.51.100.20')).carry_device ?? '';
    const deviceId = device.split('.')[1];
    const token = await resetToken(proxied, user.email);
    const reset = await proxied.request(
      '/auth/reset-password',
      jsonInit('POST', { token, password: 'Newpass@456', confirmPassword: 'Newpass@456' }),
    );
    expect(reset.status).toBe(200);
    // Someone holding the old cookie guesses: their failures now slow the account like a stranger's.
    for (let i = 0; i < 5; i += 1)
      expect((await attempt(user.email, `Guess@${i}000`, '203.0.113.90', device)).status).toBe(401);
    expect((await attempt(user.email, 'Newpass@456', '198.51.100.21')).status).toBe(429);
    now += 2000;
    // The owner logs in with the current password: a new device id, trusted from now on.
    const fresh = cookiesOf(await attempt(user.email, 'Newpass@456', '198.51.100.21', device)).carry_device;
    expect(fresh?.split('.')[1]).toBeDefined();
    expect(fresh?.split('.')[1]).not.toBe(deviceId);
  });

  it('ends the trust of other devices at "log out other devices", keeping this one', async () => {
    const user = await signupAndLogin(proxied);
    const mine = cookiesOf(await attempt(user.email, user.password, '198.51.100.30'));
    const theirs = cookiesOf(await attempt(user.email, user.password, '198.51.100.31')).carry_device ?? '';
    const session = mine.carry_session ?? '';
    const out = await proxied.request('/auth/logout-others', {
      method: 'POST',
      headers: { Cookie: `${session}; ${mine.carry_device}` },
    });
    expect(out.status).toBe(200);
    const kept = cookiesOf(out).carry_device ?? mine.carry_device ?? '';
    expect(kept.split('.')[1]).toBe(mine.carry_device?.split('.')[1]);
    // The other device's cookie is a stranger's: its guesses slow the account...
    for (let i = 0; i < 5; i += 1)
      expect((await attempt(user.email, `Guess@${i}000`, '203.0.113.91', theirs)).status).toBe(401);
    expect((await attempt(user.email, user.password, '198.51.100.32')).status).toBe(429);
    // ...while this device, still known, gets in at once.
    expect((await attempt(user.email, user.password, '198.51.100.30', kept)).status).toBe(200);
  });

  it('locks the pair (account, address) after five failures, while another address still gets in', async () => {
    const user = await signupAndLogin(proxied);
    for (let i = 0; i < 5; i += 1) await attempt(user.email, 'Wrong@1234', '192.0.2.99');
    now += 60_000; // past the account's first wait
    const locked = await attempt(user.email, user.password, '192.0.2.99');
    expect(locked.status).toBe(429);
    expect((await locked.json()).code).toBe('auth/rate-limited');
    expect((await attempt(user.email, user.password, '192.0.2.100')).status).toBe(200);
  });
});

describe('successful logins and sessions', () => {
  it('limits successful logins per account, from any address', async () => {
    const limited = await createTestServer({ config: { trustProxyHops: 1, loginMaxSuccessesPerAccount: 3 } });
    try {
      const user = await signupAndLogin(limited);
      const other = await signupAndLogin(limited);
      const login = (who: { email: string; password: string }, ip: string) =>
        limited.request(
          '/auth/login',
          jsonInit('POST', { email: who.email, password: who.password }, { 'X-Forwarded-For': ip }),
        );
      // signupAndLogin logged in once already (without an address).
      for (let i = 0; i < 2; i += 1) expect((await login(user, `203.0.113.${60 + i}`)).status).toBe(200);
      const refused = await login(user, '203.0.113.70');
      expect(refused.status).toBe(429);
      expect((await refused.json()).code).toBe('auth/rate-limited');
      expect((await login(other, '203.0.113.70')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('lets a crowd behind one address log in on new devices (carrier-grade NAT), typos included', async () => {
    // The defaults, as in production.
    const crowd = await createTestServer({ config: { trustProxyHops: 1 } });
    try {
      const people = [];
      for (let i = 0; i < 31; i += 1) people.push(await signupAndLogin(crowd));
      const login = (email: string, password: string) =>
        crowd.request(
          '/auth/login',
          jsonInit('POST', { email, password }, { 'X-Forwarded-For': '100.64.0.1' }),
        );
      const statuses = [];
      for (const person of people) {
        // Everyone mistypes twice, then gets it right: 62 failures and 31 logins from one address.
        expect((await login(person.email, 'Wrong@1234')).status).toBe(401);
        expect((await login(person.email, 'Wrong@12345')).status).toBe(401);
        statuses.push((await login(person.email, person.password)).status);
      }
      expect(statuses).toEqual(people.map(() => 200));
    } finally {
      await crowd.close();
    }
  }, 180_000);

  it('keeps at most maxSessionsPerUser sessions: a login beyond ends the oldest', async () => {
    const capped = await createTestServer({ config: { maxSessionsPerUser: 3 } });
    try {
      const user = await signupAndLogin(capped);
      const tokens = [user.token];
      for (let i = 0; i < 3; i += 1) {
        const res = await capped.request(
          '/auth/login',
          jsonInit('POST', { email: user.email, password: user.password }),
        );
        tokens.push((await res.json()).token);
      }
      const statuses = [];
      for (const token of tokens)
        statuses.push(
          (await capped.request('/api/auth', { headers: { Authorization: `Bearer ${token}` } })).status,
        );
      expect(statuses).toEqual([401, 200, 200, 200]);
      const rows = await capped.db.select().from(sessionsTable);
      expect(rows).toHaveLength(3);
    } finally {
      await capped.close();
    }
  });

  it('logout ends the session however it was presented: Bearer token and cookie both', async () => {
    const user = await signupAndLogin(server);
    const second = await post('/auth/login', { email: user.email, password: user.password });
    const bearer = (await second.json()).token;
    const res = await server.request('/auth/logout', {
      method: 'POST',
      headers: { Authorization: `Bearer ${bearer}`, Cookie: user.cookie },
    });
    expect(res.status).toBe(200);
    expect((await user.call('GET', '/api/auth')).status).toBe(401);
    const viaBearer = await server.request('/api/auth', { headers: { Authorization: `Bearer ${bearer}` } });
    expect(viaBearer.status).toBe(401);
  });

  it('POST /auth/logout-others ends every other session of the user, keeping the current one', async () => {
    const user = await signupAndLogin(server);
    const other = await signupAndLogin(server);
    const tokens = [];
    for (let i = 0; i < 2; i += 1) {
      const res = await post('/auth/login', { email: user.email, password: user.password });
      tokens.push((await res.json()).token);
    }
    const res = await user.call('POST', '/auth/logout-others');
    expect(res.status).toBe(200);
    expect((await res.json()).ended).toBe(2);
    expect((await user.call('GET', '/api/auth')).status).toBe(200);
    for (const token of tokens) {
      const check = await server.request('/api/auth', { headers: { Authorization: `Bearer ${token}` } });
      expect(check.status).toBe(401);
    }
    expect((await other.call('GET', '/api/auth')).status).toBe(200);
  });

  it('POST /auth/logout-others answers 401 without a session', async () => {
    const res = await post('/auth/logout-others', {});
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe('auth/required');
  });
});

describe('password hashing', () => {
  it('stores Argon2id hashes at OWASP minimums (19 MiB, 2 passes, 1 lane) by default, and raises cheaper ones at login', async () => {
    const real = await createTestServer({ config: { passwordHash: DEFAULT_CONFIG.passwordHash } });
    try {
      const user = await signupAndLogin(real);
      const [row] = await real.db
        .select({ hash: usersTable.passwordHash })
        .from(usersTable)
        .where(eq(usersTable.email, user.email));
      expect(row?.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      // A hash made at a lower cost is brought up to the default at the next login.
      const cheap = await hashPassword(user.password, TEST_PASSWORD_HASH);
      await real.db.update(usersTable).set({ passwordHash: cheap }).where(eq(usersTable.email, user.email));
      const login = await real.request(
        '/auth/login',
        jsonInit('POST', { email: user.email, password: user.password }),
      );
      expect(login.status).toBe(200);
      const [after] = await real.db
        .select({ hash: usersTable.passwordHash })
        .from(usersTable)
        .where(eq(usersTable.email, user.email));
      expect(after?.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    } finally {
      await real.close();
    }
  });

  it('verifies an old scrypt hash and replaces it with an Argon2id one at the next login', async () => {
    const details = newUserDetails();
    expect((await post('/auth/signup', details)).status).toBe(201);
    const salt = randomBytes(16);
    const key = scryptSync(details.password, salt, 32, { N: 16384, r: 8, p: 1 });
    const old = ['scrypt', 16384, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    await server.db.update(usersTable).set({ passwordHash: old }).where(eq(usersTable.email, details.email));
    expect((await post('/auth/login', { email: details.email, password: 'Wrong@1234' })).status).toBe(401);
    expect((await post('/auth/login', { email: details.email, password: details.password })).status).toBe(
      200,
    );
    const [row] = await server.db
      .select({ hash: usersTable.passwordHash })
      .from(usersTable)
      .where(eq(usersTable.email, details.email));
    expect(row?.hash).toMatch(/^\$argon2id\$/);
    expect((await post('/auth/login', { email: details.email, password: details.password })).status).toBe(
      200,
    );
  });
});
