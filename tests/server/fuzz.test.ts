// Property-based fuzzing of every write endpoint with random and hostile bodies: wrong types,
// huge strings, unicode, SQL-looking text, prototype-pollution keys, raw non-JSON. Whatever
// arrives, the answer is never a 5xx, errors are JSON {message}, and the server keeps working.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../support/server-app';
import { addListing, bookingBody, listingBody, searchBody } from '../support/server-fixtures';
import { jsonInit, newUserDetails, signupAndLogin, type TestUser } from '../support/server-users';

let server: TestServer;
let user: TestUser;
let carrier: TestUser;
let listingId: string;

beforeAll(async () => {
  server = await createTestServer();
  [user, carrier] = await Promise.all([signupAndLogin(server), signupAndLogin(server)]);
  listingId = await addListing(carrier);
});
afterAll(() => server.close());

const NASTY = [
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '__proto__',
  'constructor',
  '<script>alert(1)</script>',
  '\u0000',
  '\ud800',
  '😀🇮🇳',
  'NaN',
  '-0',
  '1e309',
  '9999-99-99',
  '0000-01-01',
  '25:61',
  '',
  ' ',
];
const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY).map((x) => (x.length > 1 ? x : `a${x}b`)) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 300, maxLength: 3000 }) },
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);
const RAW_BODIES = [
  '',
  '{',
  'null',
  '[]',
  '"text"',
  '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"polluted": 1}}}',
  '{"email": {"$ne": null}}',
];

/** Bodies: a valid one with one or some fields replaced, extra hostile keys, anything at all, or raw text. */
function bodies(valid: () => Record<string, unknown>): fc.Arbitrary<string> {
  const keys = Object.keys(valid());
  const mutated = fc
    .record({
      replace: keys.length
        ? fc.dictionary(fc.constantFrom(...keys), hostileValue, { maxKeys: keys.length })
        : fc.constant({}),
      extra: fc.dictionary(
        fc.constantFrom('__proto__', 'constructor', 'prototype', 'status', 'id', 'userId'),
        hostileValue,
        { maxKeys: 2 },
      ),
    })
    .map(({ replace, extra }) => {
      const body = { ...valid(), ...replace };
      // Own "__proto__" keys, as JSON.parse produces them from hostile text.
      for (const [k, val] of Object.entries(extra))
        Object.defineProperty(body, k, { value: val, enumerable: true });
      return JSON.stringify(body);
    });
  // One field replaced: the rest stays valid, so the hostile value reaches the database.
  const single = keys.length
    ? fc
        .tuple(fc.constantFrom(...keys), hostileValue)
        .map(([k, val]) => JSON.stringify({ ...valid(), [k]: val }))
    : mutated;
  return fc.oneof(
    { weight: 4, arbitrary: single },
    { weight: 4, arbitrary: mutated },
    { weight: 2, arbitrary: fc.anything().map((x) => JSON.stringify(x) ?? 'null') },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  );
}

async function expectSane(res: Response) {
  expect(res.status).toBeLessThan(500);
  const text = await res.text();
  const body = JSON.parse(text);
  if (res.status >= 400) expect(typeof body.message).toBe('string');
}

const ENDPOINTS: [string, string, () => Record<string, unknown>, () => TestUser | null][] = [
  ['POST', '/auth/signup', () => newUserDetails(), () => null],
  ['POST', '/auth/login', () => ({ email: user.email, password: 'Wrong@1234' }), () => null],
  ['POST', '/auth/logout', () => ({}), () => null],
  ['POST', '/carrier/carrier/add-listing', () => listingBody(carrier), () => carrier],
  ['POST', '/api/search-listings', () => searchBody(user), () => user],
  ['POST', '/api/book', () => bookingBody(user, listingId), () => user],
  [
    'PUT',
    '/api/bookings/update-status',
    () => ({ listingId: 'x_carrier', status: 'accepted' }),
    () => carrier,
  ],
  [
    'POST',
    '/api/contact',
    () => ({ name: 'Asha', email: user.email, phone: '9876543210', message: 'hi' }),
    () => user,
  ],
  [
    'POST',
    '/api/courier/submit',
    () => ({
      fullName: 'A',
      emailAddress: 'a@b.co',
      mobileNumber: '1',
      paymentMode: 'UPI',
      itemImageUrl: '/x',
    }),
    () => user,
  ],
  [
    'POST',
    '/api/events',
    () => ({ events: [{ name: 'page_view', props: { path: '/' }, at: 1 }] }),
    () => null,
  ],
];

describe('write endpoints under fuzzing', () => {
  it.each(ENDPOINTS)(
    '%s %s never answers 5xx and errors are JSON {message}',
    async (method, path, valid, who) => {
      await fc.assert(
        fc.asyncProperty(bodies(valid), fc.option(fc.string({ maxLength: 80 })), async (body, key) => {
          const caller = who();
          const headers: Record<string, string> = caller ? { Cookie: caller.cookie } : {};
          // Logout must not end the session the other properties use.
          if (path === '/auth/logout') delete headers.Cookie;
          if (key !== null) headers['Idempotency-Key'] = key;
          let res: Response;
          try {
            res = await server.request(path, jsonInit(method, body, headers));
          } catch {
            // A header value the Fetch API itself refuses never reaches the server.
            return;
          }
          await expectSane(res);
        }),
        { numRuns: 50 },
      );
    },
  );

  it('POST /api/files/courier-images never answers 5xx for random bytes and names', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 2000 }),
        hostileString,
        fc.string({ maxLength: 40 }),
        async (bytes, name, type) => {
          const form = new FormData();
          form.append('file', new File([new Uint8Array(bytes)], name, { type }));
          const res = await server.request('/api/files/courier-images', {
            method: 'POST',
            body: form,
            headers: { Cookie: user.cookie },
          });
          await expectSane(res);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('still answers normal requests afterwards', async () => {
    expect((await server.request('/api/health')).status).toBe(200);
    expect((await user.call('GET', '/api/auth')).status).toBe(200);
    const login = await server.request(
      '/auth/login',
      jsonInit('POST', { email: carrier.email, password: carrier.password }),
    );
    expect(login.status).toBe(200);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
