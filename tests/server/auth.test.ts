// Signup, login (cookie, token, rate limit), logout and the session check, through HTTP.
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throttles } from '@/server/db/schema';
import { createTestServer, type TestServer } from '../support/server-app';
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
    expect((await res.json()).message).toBe('An account with this email already exists.');
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
    expect(body.message).toBe('Phone number must be 10 digits');
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
    expect((await res.json()).message).toBe('Invalid email');
  });

  it('answers 429 after too many failures for one email, even with the right password, until the window passes', async () => {
    const user = await signupAndLogin(server);
    for (let i = 0; i < 3; i += 1) {
      expect((await post('/auth/login', { email: user.email, password: 'Wrong@1234' })).status).toBe(401);
    }
    const blocked = await post('/auth/login', { email: user.email, password: user.password });
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).message).toMatch(/Too many failed login attempts/);
    nowMs += 16 * 60 * 1000;
    expect((await post('/auth/login', { email: user.email, password: user.password })).status).toBe(200);
  });

  it("clears the user's own failures and prunes counters idle past every window, keeping recent ones", async () => {
    const [user, expired, recent] = [await signupAndLogin(server), newUserDetails(), newUserDetails()];
    const fail = (email: string) => post('/auth/login', { email, password: 'Wrong@1234' });
    await fail(user.email);
    await fail(expired.email);
    nowMs += 61 * 60 * 1000;
    await fail(recent.email);
    expect((await post('/auth/login', { email: user.email, password: user.password })).status).toBe(200);
    const left = await server.db
      .select({ key: throttles.key })
      .from(throttles)
      .where(like(throttles.key, 'login-email:%'));
    const keys = left.map((r) => r.key);
    expect(keys).toContain(`login-email:${recent.email}`);
    expect(keys).not.toContain(`login-email:${expired.email}`);
    expect(keys).not.toContain(`login-email:${user.email}`);
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

  it('does not count refusals that need no hashing: invalid input and taken emails', async () => {
    const limited = await createTestServer({ config: { trustProxyHops: 1, signupLimitPerHour: 1 } });
    try {
      const headers = { 'X-Forwarded-For': '203.0.113.30' };
      const taken = newUserDetails();
      await limited.request('/auth/signup', jsonInit('POST', taken, { 'X-Forwarded-For': '203.0.113.31' }));
      for (let i = 0; i < 3; i += 1) {
        const bad = await limited.request(
          '/auth/signup',
          jsonInit('POST', { ...newUserDetails(), age: 0 }, headers),
        );
        expect(bad.status).toBe(400);
        expect((await limited.request('/auth/signup', jsonInit('POST', taken, headers))).status).toBe(409);
      }
      expect(
        (await limited.request('/auth/signup', jsonInit('POST', newUserDetails(), headers))).status,
      ).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
