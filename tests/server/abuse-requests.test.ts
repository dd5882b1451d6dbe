// What one request may cost before it is refused, and what a personal answer lets caches keep
// (issue 27): small routes take a few KB, JSON is nested only so deep anywhere (checked before it
// is parsed), and every read of someone's own data says `Cache-Control: private, no-store`.
import { describe, expect, it } from 'vitest';
import { JSON_DEPTH_MAX, SMALL_JSON_BODY_MAX_BYTES } from '@/domain/constants';
import { serverPerFile } from '../support/server-app';
import { addListing, bookingBody } from '../support/server-fixtures';
import { jsonInit, userPerFile } from '../support/server-users';

const server = serverPerFile();
const carrier = userPerFile(server);
const traveller = userPerFile(server);

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('request bodies', () => {
  it('refuses a login body of more than a few KB with 413 {code, message}, declared or not', async () => {
    const big = JSON.stringify({ email: carrier.email, password: 'x'.repeat(SMALL_JSON_BODY_MAX_BYTES) });
    for (const path of ['/auth/login', '/auth/signup', '/auth/forgot-password', '/api/push/subscriptions']) {
      const res = await carrier.call('POST', path, big);
      expect(res.status, path).toBe(413);
      expect(await res.json()).toEqual({ code: 'request/too-large', message: 'The request is too large.' });
    }
    // Without a declared length, the read stops at the limit.
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const res = await server.request('/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it('still takes an ordinary login and a big push', async () => {
    const login = await server.request(
      '/auth/login',
      jsonInit('POST', { email: carrier.email, password: 'Secret@123' }),
    );
    expect(login.status).toBe(200);
    const mutations = Array.from({ length: 40 }, (_, i) => ({
      id: i + 1,
      kind: 'contact',
      args: {
        name: 'Asha Rao',
        email: carrier.email,
        phone: carrier.phone,
        message: `m${i} ${'x'.repeat(400)}`,
      },
    }));
    const push = await carrier.call('POST', '/api/sync/push', {
      clientId: crypto.randomUUID(),
      user: carrier.email,
      mutations,
    });
    expect(push.status).toBe(200);
  });

  it('refuses JSON nested too deeply with 400 request/too-deep, on every route, before parsing it', async () => {
    const deep = `{"email":${nested(JSON_DEPTH_MAX + 1)},"password":"x"}`;
    for (const path of ['/auth/login', '/api/sync/push', '/api/events', '/carrier/carrier/add-listing']) {
      const res = await carrier.call('POST', path, deep);
      expect(res.status, path).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'request/too-deep' });
    }
    // Brackets inside strings are text, and nesting up to the bound is JSON like any other.
    const text = await server.request(
      '/auth/login',
      jsonInit('POST', { email: carrier.email, password: '['.repeat(100) }),
    );
    expect(text.status).toBe(401);
    const within = await carrier.call('POST', '/auth/login', `{"email":${nested(JSON_DEPTH_MAX - 1)}}`);
    expect(await within.json()).toMatchObject({ code: 'request/invalid' });
  });
});

describe('personal answers', () => {
  it('say Cache-Control: private, no-store on every read of one person’s data', async () => {
    const listingId = await addListing(carrier);
    const booked = await traveller.call('POST', '/api/book', bookingBody(traveller, listingId));
    const bookingId = ((await booked.json()) as { booking: { id: string } }).booking.id;
    const paths = [
      '/api/auth',
      `/api/profile/${traveller.email}`,
      `/api/sync/pull?clientId=${crypto.randomUUID()}`,
      '/api/notifications/settings',
      `/api/bookings/${bookingId}/messages`,
    ];
    for (const path of paths) {
      const res = await traveller.call('GET', path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('private, no-store');
    }
    // Refusals too: a 401 says nothing a cache should keep.
    const anonymous = await server.request('/api/notifications/settings');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('cache-control')).toBe('private, no-store');
  });

  it('keeps the ETag lists revalidated each time (private, no-cache) and the public lists public', async () => {
    const orders = await traveller.call('GET', `/api/orders?email=${encodeURIComponent(traveller.email)}`);
    expect(orders.headers.get('cache-control')).toBe('private, no-cache');
    expect(orders.headers.get('etag')).toBeTruthy();
    const airports = await server.request('/api/get/airports');
    expect(airports.headers.get('cache-control')).toMatch(/^public/);
  });
});
