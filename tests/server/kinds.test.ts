// Every mutation kind's REST call answers where its registry entry (src/domain/sync/mutations.ts)
// declares it, in the one way routes/kinds mounts them: the session first (401 before the input is
// read), then the kind's schema (400 request/invalid with issues). And the path's parameters are
// arguments: laid over the body's, or all of them when the kind reads no body.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { MUTATION_KINDS, type RestCall, restCallOf } from '@/domain/sync/mutations';
import type { AppEnv } from '@/server/deps';
import { restArgs } from '@/server/routes/kinds/kinds.handlers';
import { serverPerFile } from '../support/server-app';
import { userPerFile } from '../support/server-users';

const server = serverPerFile();
const user = userPerFile(server);

const calls = MUTATION_KINDS.flatMap((kind) => {
  const rest = restCallOf(kind);
  return rest ? [{ kind, method: rest.method, path: rest.path, readsBody: rest.body !== false }] : [];
});
/** A concrete URL for a declared path: each `:name` filled in. */
const urlOf = (path: string) => path.replace(/:(\w+)/g, 'some-$1');

describe('kinds over REST', () => {
  it('declares the calls of the spec and the thread', () => {
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(
      expect.arrayContaining([
        'POST /carrier/carrier/add-listing',
        'POST /api/book',
        'PUT /api/bookings/update-status',
        'POST /api/contact',
        'POST /api/courier/submit',
        'POST /api/ratings',
        'POST /api/bookings/:bookingId/messages',
      ]),
    );
  });

  describe.each(calls)('$kind: $method $path', ({ method, path, readsBody }) => {
    it('answers 401 auth/required without a session, before it reads the input', async () => {
      const res = await server.request(urlOf(path), {
        method,
        headers: { 'Content-Type': 'text/plain' },
        body: 'not json',
      });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe('auth/required');
    });

    // A kind whose path holds every argument has no body to refuse (the registry test checks
    // that its path names them all).
    if (readsBody)
      it("refuses arguments the kind's schema rejects: 400 request/invalid with issues", async () => {
        const res = await user.call(method, urlOf(path), { unexpected: true });
        expect(res.status).toBe(400);
        const body = (await res.json()) as { code: string; issues: unknown[] };
        expect(body.code).toBe('request/invalid');
        expect(body.issues.length).toBeGreaterThan(0);
      });
  });
});

describe('a kind whose path names arguments', () => {
  const echo = (rest: RestCall) =>
    new Hono<AppEnv>().on(rest.method, rest.path, async (c) => c.json({ args: await restArgs(c, rest) }));
  const argsOf = async (app: Hono<AppEnv>, url: string, init: RequestInit) =>
    ((await (await app.request(url, init)).json()) as { args: unknown }).args;

  it("lays the path's parameters over the body's arguments", async () => {
    const app = echo({ method: 'PUT', path: '/api/bookings/:bookingId/note' });
    const init = {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ bookingId: 'forged', text: 'hi' }),
    };
    expect(await argsOf(app, '/api/bookings/b1/note', init)).toEqual({ bookingId: 'b1', text: 'hi' });
  });

  it('reads no body when the kind takes every argument from its path', async () => {
    const app = echo({ method: 'PUT', path: '/api/bookings/:bookingId/withdraw', body: false });
    expect(await argsOf(app, '/api/bookings/b1/withdraw', { method: 'PUT' })).toEqual({ bookingId: 'b1' });
  });

  it('leaves a body that is not an object for the schema to refuse', async () => {
    const app = echo({ method: 'PUT', path: '/api/bookings/:bookingId/note' });
    const init = { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '[1]' };
    expect(await argsOf(app, '/api/bookings/b1/note', init)).toEqual([1]);
  });
});
