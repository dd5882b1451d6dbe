// Reference data, contact, courier requests, analytics events and health, through HTTP.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, contactMessages, courierRequests } from '@/server/db/schema';
import { createTestServer, type TestServer } from '../support/server-app';
import { uploadCourierImage } from '../support/server-courier';
import { courierBody } from '../support/server-fixtures';
import { signupAndLogin, type TestUser } from '../support/server-users';

let server: TestServer;
let user: TestUser;
let other: TestUser;

beforeAll(async () => {
  server = await createTestServer();
  [user, other] = await Promise.all([signupAndLogin(server), signupAndLogin(server)]);
});
afterAll(() => server.close());

describe('GET /api/get/airports and /api/get/airlines', () => {
  it('lists Indian airports and the hubs, each with id, code, name and time zone', async () => {
    const res = await server.request('/api/get/airports');
    expect(res.status).toBe(200);
    const airports = await res.json();
    const byCode = new Map(airports.map((a: { code: string }) => [a.code, a]));
    expect(byCode.get('DEL')).toMatchObject({
      id: 'DEL',
      code: 'DEL',
      name: 'Indira Gandhi International Airport',
      country: 'India',
      timeZone: 'Asia/Kolkata',
    });
    for (const hub of ['DXB', 'DOH', 'SIN', 'LHR', 'JFK', 'CMB', 'KTM']) expect(byCode.has(hub)).toBe(true);
    expect(airports.length).toBeGreaterThan(100);
  });

  it('lists active airlines serving India by IATA code', async () => {
    const airlines = await (await server.request('/api/get/airlines')).json();
    const codes = airlines.map((a: { code: string }) => a.code);
    for (const code of ['AI', '6E', 'EK', 'QR', 'SQ', 'BA']) expect(codes).toContain(code);
    expect(airlines[0]).toEqual({
      id: expect.any(String),
      code: expect.any(String),
      name: expect.any(String),
    });
  });
});

describe('POST /api/contact', () => {
  const message = (email: string) => ({
    name: 'Asha Rao',
    email,
    phone: '9876543210',
    message: 'My booking is stuck',
  });

  it('stores the message and answers 201', async () => {
    const res = await user.call('POST', '/api/contact', message(user.email));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: 'Message sent successfully!' });
    const rows = await server.db.select().from(contactMessages).where(eq(contactMessages.email, user.email));
    expect(rows).toHaveLength(1);
  });

  it('answers 400 for a name with digits, 403 for a foreign email, 401 without a session', async () => {
    const bad = await user.call('POST', '/api/contact', { ...message(user.email), name: 'R2D2' });
    expect(await bad.json()).toMatchObject({
      code: 'request/invalid',
      message: 'Name must not contain numbers or special characters',
    });
    expect((await user.call('POST', '/api/contact', message(other.email))).status).toBe(403);
    expect(
      (await server.request('/api/contact', { method: 'POST', body: JSON.stringify(message(user.email)) }))
        .status,
    ).toBe(401);
  });
});

describe('POST /api/courier/submit', () => {
  const uploadImage = (owner: TestUser) => uploadCourierImage(server, owner);

  it('stores the request (hidden fields defaulted) and counts it on the sender profile', async () => {
    const sender = await signupAndLogin(server);
    const res = await sender.call(
      'POST',
      '/api/courier/submit',
      courierBody(sender, await uploadImage(sender)),
    );
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const [row] = await server.db.select().from(courierRequests).where(eq(courierRequests.id, id));
    expect(row?.details).toMatchObject({
      paymentMode: 'UPI',
      itemCategory: ['books'],
      declarations: { termsAgreed: true },
    });
    const profile = await (await sender.call('GET', `/api/profile/${sender.email}`)).json();
    expect(profile.bookings.sender).toEqual({ pending: 1, completed: 0, declined: 0 });
  });

  it('answers 400 with a message for a missing image and a bad payment mode, 401 without a session', async () => {
    const image = await uploadImage(user);
    const noImage = await user.call('POST', '/api/courier/submit', courierBody(user, ''));
    expect(noImage.status).toBe(400);
    expect(await noImage.json()).toMatchObject({
      code: 'request/invalid',
      message: 'Please upload an item image.',
    });
    expect(
      (await user.call('POST', '/api/courier/submit', courierBody(user, image, { paymentMode: 'Card' })))
        .status,
    ).toBe(400);
    expect(
      (
        await server.request('/api/courier/submit', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(courierBody(user, image)),
        })
      ).status,
    ).toBe(401);
  });

  it("answers 403 for another user's email address, and stores nothing", async () => {
    const before = (await server.db.select().from(courierRequests)).length;
    const res = await user.call('POST', '/api/courier/submit', {
      ...courierBody(user, await uploadImage(user)),
      emailAddress: other.email,
    });
    expect(res.status).toBe(403);
    expect(await server.db.select().from(courierRequests)).toHaveLength(before);
  });

  it.each([
    ['a script link', 'javascript:alert(1)'],
    ['an outside link', 'https://evil.example/cat.png'],
    [
      'a file that was never uploaded',
      '/api/files/courier-images/00000000-0000-0000-0000-000000000000-x.png',
    ],
    ['a path escaping the folder', '/api/files/courier-images/../../api/auth'],
  ])('answers 400 for %s as the image', async (_, url) => {
    const res = await user.call('POST', '/api/courier/submit', courierBody(user, url));
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('courier/image-not-uploaded');
  });

  it('answers 400 for an image another user uploaded', async () => {
    const res = await user.call('POST', '/api/courier/submit', courierBody(user, await uploadImage(other)));
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('courier/image-not-uploaded');
  });
});

describe('POST /api/events', () => {
  const batch = { events: [{ name: 'page_view', props: { path: '/profile' }, at: Date.now() }] };
  const anonymous = (body: unknown, ip = '203.0.113.80') =>
    limited.request('/api/events', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
      body: JSON.stringify(body),
    });
  let limited: TestServer;
  beforeAll(async () => {
    limited = await createTestServer({ config: { trustProxyHops: 1, anonymousEventBatchesPerHour: 3 } });
  });
  afterAll(() => limited.close());

  it('records events from a signed-in user and from nobody (sign_up comes before login)', async () => {
    const res = await user.call('POST', '/api/events', batch);
    expect(res.status).toBe(202);
    const anonymousRes = await server.request('/api/events', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ events: [{ name: 'sign_up', props: { method: 'email' }, at: Date.now() }] }),
    });
    expect(anonymousRes.status).toBe(202);
    const rows = await server.db.select().from(analyticsEvents);
    expect(rows.map((r) => r.name).sort()).toEqual(['page_view', 'sign_up']);
  });

  it('answers 400 for an unknown event name or an empty batch', async () => {
    expect(
      (await user.call('POST', '/api/events', { events: [{ name: 'hack', props: {}, at: 1 }] })).status,
    ).toBe(400);
    expect((await user.call('POST', '/api/events', { events: [] })).status).toBe(400);
  });

  it('answers 413 for an anonymous batch over 16 KB, which a signed-in user may send', async () => {
    const big = {
      events: Array.from({ length: 60 }, (_, i) => ({
        name: 'page_view',
        props: { path: `/${'x'.repeat(400)}${i}` },
        at: 1,
      })),
    };
    const res = await anonymous(big);
    expect(res.status).toBe(413);
    expect((await user.call('POST', '/api/events', big)).status).toBe(202);
  });

  it('answers 429 to anonymous batches past the hourly limit of one address, others unaffected', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await anonymous(batch, '203.0.113.81')).status);
    expect(statuses).toEqual([202, 202, 202, 429, 429]);
    expect((await anonymous(batch, '203.0.113.82')).status).toBe(202);
  });
});

describe('GET /api/health', () => {
  it('answers 200 when the database answers', async () => {
    const res = await server.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });
});

describe('airline selection', () => {
  it('leaves out carriers that no longer fly although the dataset marks them active', async () => {
    const codes = (await (await server.request('/api/get/airlines')).json()).map(
      (a: { code: string }) => a.code,
    );
    for (const gone of ['9W', 'IT', '12']) expect(codes).not.toContain(gone);
    expect(codes).toContain('QP');
  });
});
