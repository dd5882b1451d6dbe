// What any client can throw at the server: foreign origins, bad JSON, oversized bodies, unknown
// routes; and the headers every answer carries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../support/server-app';
import { contactBody, listingBody } from '../support/server-fixtures';
import { jsonInit, signupAndLogin, type TestUser } from '../support/server-users';

let server: TestServer;
let user: TestUser;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  server = await createTestServer({
    config: { corsOrigins: ['https://app.example.com'], log: (l) => lines.push(l) },
  });
  user = await signupAndLogin(server);
});
afterAll(() => server.close());

describe('origin check', () => {
  it('answers 403 to a write from a foreign origin', async () => {
    const res = await user.call('POST', '/api/contact', {}, { Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'auth/bad-origin' });
  });

  it('lets writes from its own host, a configured origin, or no browser at all through', async () => {
    const body = listingBody(user, { from: 'GOI', to: 'DOH', flightNo: 'QR529', airline: 'QR' });
    const own = await user.call('POST', '/carrier/carrier/add-listing', body, { Origin: 'http://localhost' });
    expect(own.status).toBe(201);
    const configured = await user.call(
      'POST',
      '/api/events',
      { events: [{ name: 'page_view', props: {}, at: 1 }] },
      { Origin: 'https://app.example.com' },
    );
    expect(configured.status).toBe(202);
    expect(configured.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(configured.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('lets reads from a foreign origin through (CORS keeps their answers from it)', async () => {
    const res = await server.request('/api/get/airlines', { headers: { Origin: 'https://evil.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('bad input', () => {
  it('answers 400 JSON for malformed JSON', async () => {
    const res = await user.call('POST', '/api/book', '{"name": ');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'request/malformed-json',
      message: 'The request body is not valid JSON.',
    });
  });

  // The routes whose input Hono's validator reads (src/server/http/validate.ts): the same answers as
  // a handler reading its own body, and 401 before the body for the ones that need a session.
  const VALIDATED: [method: string, path: string, signedIn: boolean][] = [
    ['POST', '/auth/signup', false],
    ['POST', '/auth/login', false],
    ['POST', '/auth/forgot-password', false],
    ['POST', '/auth/reset-password', false],
    ['POST', '/api/events', false],
    ['POST', '/api/search-listings', true],
    ['POST', '/api/bookings/b1/messages', true],
    ['POST', '/api/push/subscriptions', true],
    ['DELETE', '/api/push/subscriptions', true],
    ['PUT', '/api/notifications/settings', true],
    ['POST', '/api/sync/push', true],
  ];

  it.each(VALIDATED)(
    '%s %s: malformed JSON 400, NUL 400, another type 415, by code',
    async (method, path) => {
      const malformed = await user.call(method, path, '{"name": ');
      expect([malformed.status, (await malformed.json()).code]).toEqual([400, 'request/malformed-json']);
      const nul = await user.call(method, path, '{"email": "a\\u0000b"}');
      expect([nul.status, (await nul.json()).code]).toEqual([400, 'request/invalid']);
      const form = await user.call(method, path, 'a=1', {
        'Content-Type': 'application/x-www-form-urlencoded',
      });
      expect([form.status, (await form.json()).code]).toEqual([415, 'request/not-json']);
      const invalid = await user.call(method, path, { nothing: true });
      expect([invalid.status, (await invalid.json()).code]).toEqual([400, 'request/invalid']);
    },
  );

  it.each(VALIDATED.filter(([, , signedIn]) => signedIn))(
    '%s %s without a session: 401 before the body is read',
    async (method, path) => {
      const res = await server.request(path, jsonInit(method, '{"name": '));
      expect([res.status, (await res.json()).code]).toEqual([401, 'auth/required']);
    },
  );

  it('answers 400 for JSON that is not an object', async () => {
    for (const body of ['null', '[]', '42', '"x"']) {
      const res = await user.call('POST', '/api/contact', body);
      expect(res.status).toBe(400);
      expect(await res.json()).toHaveProperty('message');
    }
  });

  it('answers 400 for a NUL character, which the database cannot store', async () => {
    // In the free text, where nothing but the control-character rule can refuse it.
    const res = await user.call('POST', '/api/contact', contactBody(user, { message: 'A\u0000B' }));
    expect([res.status, (await res.json()).code]).toEqual([400, 'request/invalid']);
  });

  it('answers 413 for a JSON body over 1 MB', async () => {
    const res = await user.call(
      'POST',
      '/api/contact',
      contactBody(user, { message: 'x'.repeat(1024 * 1024) }),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ code: 'request/too-large', message: 'The request is too large.' });
  });

  it('answers JSON 404 for an unknown API route or method', async () => {
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['DELETE', '/api/book'],
      ['GET', '/auth/login'],
      ['GET', '/carrier/carrier/x'],
    ]) {
      const res = await server.request(path as string, { method });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: 'route/not-found', message: 'Not found.' });
    }
  });
});

describe('response headers and logging', () => {
  it('sends nosniff, a referrer policy and a CSP without inline script on every answer', async () => {
    const res = await server.request('/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("img-src 'self' blob: data:");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('logs method, path, status and duration, never the password or token', async () => {
    await server.request('/auth/login', jsonInit('POST', { email: user.email, password: user.password }));
    const line = lines.findLast((l) => l.path === '/auth/login');
    expect(line).toEqual({ method: 'POST', path: '/auth/login', status: 200, ms: expect.any(Number) });
    expect(JSON.stringify(lines)).not.toContain(user.password);
    expect(JSON.stringify(lines)).not.toContain(user.token);
  });

  it('logs the route pattern, not the email in the path', async () => {
    await user.call('GET', `/api/profile/${user.email}`);
    expect(lines.findLast((l) => String(l.path).startsWith('/api/profile'))?.path).toBe(
      '/api/profile/:email',
    );
    expect(JSON.stringify(lines)).not.toContain(user.email);
  });
});

describe('transport and feature policies', () => {
  it('sends Strict-Transport-Security when cookies are Secure, and not on a plain HTTP server', async () => {
    const secure = await createTestServer({ config: { secureCookies: true } });
    const plain = await createTestServer();
    try {
      const hsts = (await secure.request('/api/health')).headers.get('strict-transport-security') ?? '';
      expect(Number(hsts.match(/max-age=(\d+)/)?.[1])).toBeGreaterThanOrEqual(365 * 24 * 60 * 60);
      expect((await plain.request('/api/health')).headers.get('strict-transport-security')).toBeNull();
    } finally {
      await secure.close();
      await plain.close();
    }
  });

  it('sends a Permissions-Policy that allows the camera to the app itself only and denies the rest', async () => {
    const policy = (await server.request('/api/health')).headers.get('permissions-policy') ?? '';
    const features = policy.split(',').map((f) => f.trim());
    expect(features).toContain('camera=(self)');
    for (const denied of ['microphone=()', 'geolocation=()', 'payment=()'])
      expect(features).toContain(denied);
  });
});

describe('origin check: scheme, host and port', () => {
  const write = (target: TestServer, origin: string) =>
    target.request(
      '/api/events',
      jsonInit('POST', { events: [{ name: 'page_view', props: {}, at: 1 }] }, { Origin: origin }),
    );

  it('refuses an Origin that differs from this http server in scheme or port', async () => {
    for (const origin of ['https://localhost', 'http://localhost:8080']) {
      const res = await write(server, origin);
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe('auth/bad-origin');
    }
    expect((await write(server, 'http://localhost')).status).toBe(202);
  });

  it('behind HTTPS (Secure cookies) takes https://host as its own and refuses http://host', async () => {
    const secure = await createTestServer({ config: { secureCookies: true } });
    try {
      expect((await write(secure, 'https://localhost')).status).toBe(202);
      const res = await write(secure, 'http://localhost');
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe('auth/bad-origin');
    } finally {
      await secure.close();
    }
  });

  it('behind a trusted proxy takes the scheme from X-Forwarded-Proto', async () => {
    const proxied = await createTestServer({ config: { trustProxyHops: 1 } });
    try {
      const send = (origin: string) =>
        proxied.request(
          '/api/events',
          jsonInit(
            'POST',
            { events: [{ name: 'page_view', props: {}, at: 1 }] },
            { Origin: origin, 'X-Forwarded-Proto': 'https' },
          ),
        );
      expect((await send('https://localhost')).status).toBe(202);
      const res = await send('http://localhost');
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe('auth/bad-origin');
    } finally {
      await proxied.close();
    }
  });
});
