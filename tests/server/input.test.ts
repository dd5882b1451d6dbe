// Strict input over HTTP: numbers as JSON numbers or plain decimals only, no control characters,
// bidi overrides or invisible-only names, and 415 for a JSON route sent anything but JSON.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings, users } from '@/server/db/schema';
import { serverPerFile } from '../support/server-app';
import { contactBody, listingBody } from '../support/server-fixtures';
import { jsonInit, newUserDetails, signupAndLogin } from '../support/server-users';

const server = serverPerFile();

describe('numbers', () => {
  it.each(['0x10', '1e1', ' 7 ', '7kg', '+5'])(
    'refuses weight %j with 400 and stores nothing',
    async (weight) => {
      const carrier = await signupAndLogin(server);
      const res = await carrier.call(
        'POST',
        '/carrier/carrier/add-listing',
        listingBody(carrier, { weight, flightNo: 'AI555' }),
      );
      expect(res.status).toBe(400);
      expect((await res.json()).issues).toEqual([
        { path: 'weight', message: 'Enter a plain number, like 12 or 12.5' },
      ]);
      expect(await server.db.select().from(listings).where(eq(listings.email, carrier.email))).toHaveLength(
        0,
      );
    },
  );

  it('accepts a JSON number and a plain decimal string', async () => {
    const carrier = await signupAndLogin(server);
    const asNumber = await carrier.call(
      'POST',
      '/carrier/carrier/add-listing',
      listingBody(carrier, { weight: 7 }),
    );
    const asString = await carrier.call(
      'POST',
      '/carrier/carrier/add-listing',
      listingBody(carrier, { weight: '7.5', flightNo: 'AI556' }),
    );
    expect([asNumber.status, asString.status]).toEqual([201, 201]);
    expect((await asString.json()).listing.weight).toBe(7.5);
  });

  it('refuses an age of "1e1" at signup', async () => {
    const res = await server.request('/auth/signup', jsonInit('POST', { ...newUserDetails(), age: '1e1' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'request/invalid', message: 'Invalid age' });
  });
});

describe('text', () => {
  it.each([
    ['a line break', 'Asha\r\nRao'],
    ['a control character', 'Asha\u0007Rao'],
    ['a right-to-left override', 'Asha\u202eoaR'],
  ])('refuses a name with %s', async (_, name) => {
    const details = newUserDetails({ name });
    const res = await server.request('/auth/signup', jsonInit('POST', details));
    expect(res.status).toBe(400);
    expect((await res.json()).issues[0]).toEqual({
      path: 'name',
      message: 'This field contains control or text-direction characters that are not allowed',
    });
    expect(await server.db.select().from(users).where(eq(users.email, details.email))).toHaveLength(0);
  });

  it('treats a name of only zero-width spaces as missing', async () => {
    const res = await server.request(
      '/auth/signup',
      jsonInit('POST', newUserDetails({ name: '\u200b\u200b' })),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'request/invalid', message: 'Name is required' });
  });

  it('keeps line breaks in a contact query', async () => {
    const user = await signupAndLogin(server);
    const res = await user.call(
      'POST',
      '/api/contact',
      contactBody(user, { message: 'First line\nSecond line' }),
    );
    expect(res.status).toBe(201);
  });
});

describe('Content-Type', () => {
  it.each([
    ['text/plain', 'text/plain;charset=UTF-8'],
    ['form data', 'application/x-www-form-urlencoded'],
    ['none', undefined],
  ])('answers 415 with a code for a JSON route sent %s', async (_, type) => {
    const headers: Record<string, string> = type ? { 'Content-Type': type } : {};
    const res = await server.request('/auth/signup', {
      method: 'POST',
      headers,
      body: new TextEncoder().encode(JSON.stringify(newUserDetails())),
    });
    expect(res.status).toBe(415);
    expect((await res.json()).code).toBe('request/not-json');
  });

  it('accepts application/json with a charset', async () => {
    const res = await server.request('/auth/signup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: JSON.stringify(newUserDetails()),
    });
    expect(res.status).toBe(201);
  });
});
