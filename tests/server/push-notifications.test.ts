// Booking events as Web Push and e-mail, through HTTP and a local push service that checks the
// VAPID JWT, TTL and aes128gcm and decrypts the payload with keys it made (RFC 8291): who gets
// what, the queue's retries and back-off (429 with Retry-After, 5xx), giving up, the 410
// clean-up, logout removing the device, and two notifiers sharing one queue.
import { eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { DEFAULT_PUSH_SERVICE_HOSTS } from '@/domain/notify/push-endpoint';
import { outboundMessages, pushSubscriptions, vapidKeys } from '@/server/db/schema';
import { readEnv } from '@/server/env';
import { notifyConfigFrom } from '@/server/notify/env-config';
import { createNotifier } from '@/server/notify/notifier';
import { claimDue, pruneNotifications } from '@/server/notify/queue';
import { type PushService, startPushService } from '../../scripts/push-service';
import { type SmtpSink, startSmtpSink } from '../../scripts/smtp-sink';
import { completeWithCode } from '../support/handoff';
import { createTestServer, type TestServer } from '../support/server-app';
import { addListing, book } from '../support/server-fixtures';
import { jsonInit, signupAndLogin, type TestUser } from '../support/server-users';

let server: TestServer;
let push: PushService;
let smtp: SmtpSink;
let nowMs = Date.now();
const clock = { now: () => nowMs };
let seq = 0;
let flight = 100;
const MINUTE = 60_000;

beforeAll(async () => {
  push = await startPushService();
  smtp = await startSmtpSink();
  server = await createTestServer({
    clock,
    notify: {
      smtpUrl: smtp.url,
      allowHttpPushEndpoints: true,
      // The local push service, on its port; the browsers' services are the default.
      pushServiceHosts: [new URL(push.origin).host],
      vapidSubject: 'mailto:ops@carry.example',
      baseBackoffMs: MINUTE,
      maxAttempts: 4,
      random: () => 0.5,
    },
  });
});
afterEach(async () => {
  expect(push.problems).toEqual([]);
  // Nothing left due for the next test.
  await server.db.delete(outboundMessages);
});
afterAll(async () => {
  await server.close();
  await push.close();
  await smtp.close();
});

async function subscribed(user: TestUser) {
  seq += 1;
  const name = `device-${seq}`;
  const res = await user.call('POST', '/api/push/subscriptions', push.subscription(name));
  expect(res.status).toBe(201);
  return name;
}

/** The user on another device: a session of its own (a session holds one subscription). */
async function onAnotherDevice(user: TestUser): Promise<TestUser> {
  const login = await server.request(
    '/auth/login',
    jsonInit('POST', { email: user.email, password: user.password }),
  );
  const { token } = (await login.json()) as { token: string };
  const cookie = `carry_session=${token}`;
  return {
    ...user,
    token,
    cookie,
    call: (m, path, body) => server.request(path, jsonInit(m, body, { Cookie: cookie })),
  };
}

/** Mails to `user` received so far. */
const mailsTo = (user: TestUser) => smtp.messages.filter((m) => m.to.includes(user.email));

/** A carrier with a listing and a traveller who books it; returns the booking id. */
async function bookingOn(carrier: TestUser) {
  const traveller = await signupAndLogin(server);
  const listingId = await addListing(carrier, { flightNo: `AI${++flight}` });
  const bookingId = await book(traveller, listingId, 2);
  return { traveller, bookingId };
}

/** A booking as `bookingOn`, its traveller with a device subscribed; returns the device's name too. */
async function bookingByDevice(carrier: TestUser) {
  const booked = await bookingOn(carrier);
  return { ...booked, device: await subscribed(booked.traveller) };
}

/** The carrier answers a booking on their listing. */
const setStatus = (carrier: TestUser, bookingId: string, status: string) =>
  carrier.call('PUT', '/api/bookings/update-status', { listingId: bookingId, status });

/** What the push service received for `device`, decrypted, in order. */
const pushedTo = (device: string) =>
  push.received.filter((r) => r.name === device).map((r) => r.payload as { title: string; url: string });

const queued = () => server.db.select().from(outboundMessages);

/** The stored subscription of `device` (none once dropped). */
const storedDevice = (device: string) =>
  server.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, push.subscription(device).endpoint));

describe('subscriptions', () => {
  it('needs a session', async () => {
    const res = await server.request('/api/push/subscriptions', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(push.subscription('anonymous')),
    });
    expect(res.status).toBe(401);
  });

  it('refuses a plain-http endpoint unless the server allows one', async () => {
    const user = await signupAndLogin(server);
    const config = server.notifier.config;
    config.allowHttpPushEndpoints = false;
    try {
      const res = await user.call('POST', '/api/push/subscriptions', push.subscription('strict'));
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe('push/endpoint-not-allowed');
    } finally {
      config.allowHttpPushEndpoints = true;
    }
  });

  it("refuses endpoints that are not a browser's push service (no request to any other host)", async () => {
    const user = await signupAndLogin(server);
    const config = server.notifier.config;
    const before = config.pushServiceHosts;
    config.pushServiceHosts = DEFAULT_PUSH_SERVICE_HOSTS;
    const keys = push.subscription('any').keys;
    const post = (endpoint: string) => user.call('POST', '/api/push/subscriptions', { endpoint, keys });
    try {
      for (const endpoint of [
        'https://169.254.169.254/latest/meta-data/',
        'https://localhost/push/x',
        'https://internal.carry.example/push/x',
        'https://fcm.googleapis.com.attacker.example/fcm/send/x',
        'https://evilfcm.googleapis.com/fcm/send/x',
        'https://user:secret@fcm.googleapis.com/fcm/send/x',
        'https://fcm.googleapis.com:8443/fcm/send/x',
        push.subscription('local').endpoint,
      ]) {
        const res = await post(endpoint);
        expect({ endpoint, status: res.status }).toEqual({ endpoint, status: 400 });
        expect((await res.json()).code).toBe('push/endpoint-not-allowed');
      }
      for (const endpoint of [
        'https://fcm.googleapis.com/fcm/send/abc:def',
        'https://fcm.googleapis.com:443/fcm/send/port',
        'https://android.googleapis.com/gcm/send/abc',
        'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
        'https://web.push.apple.com/QGuQ-abc',
        'https://wns2-by3p.notify.windows.com/w/?token=BQYAAAD',
      ]) {
        const res = await post(endpoint);
        expect({ endpoint, status: res.status }).toEqual({ endpoint, status: 201 });
      }
    } finally {
      config.pushServiceHosts = before;
      await server.db.delete(pushSubscriptions).where(like(pushSubscriptions.endpoint, 'https:%'));
    }
  });

  it('serves one VAPID public key, made once and kept', async () => {
    const a = (await (await server.request('/api/push/vapid-public-key')).json()) as { publicKey: string };
    const b = (await (await server.request('/api/push/vapid-public-key')).json()) as { publicKey: string };
    expect(a.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(b.publicKey).toBe(a.publicKey);
    // Another process on the same database signs with the same key.
    const other = createNotifier({ db: server.db, clock });
    expect((await other.vapid()).publicKey).toBe(a.publicKey);
  });
});

describe('VAPID keys', () => {
  it('are made once when processes start together on a database with none', async () => {
    await server.db.delete(vapidKeys);
    const starts = [1, 2, 3].map(() => createNotifier({ db: server.db, clock }).vapid());
    const keys = await Promise.all(starts);
    expect(new Set(keys.map((k) => k.publicKey)).size).toBe(1);
    expect(await server.db.select().from(vapidKeys)).toHaveLength(1);
  });

  it('come from the environment when given, and then nothing is stored', async () => {
    const given = webpush.generateVAPIDKeys();
    const config = notifyConfigFrom(
      readEnv({ VAPID_PUBLIC_KEY: given.publicKey, VAPID_PRIVATE_KEY: given.privateKey, DATA_DIR: '/tmp/x' }),
    );
    expect(await createNotifier({ db: server.db, clock, config }).vapid()).toEqual(given);
    expect(() => notifyConfigFrom(readEnv({ VAPID_PUBLIC_KEY: given.publicKey }))).toThrow(/go together/);
  });
});

describe('PUSH_SERVICE_HOSTS', () => {
  it("replaces the browsers' push services when given, and must be host names", () => {
    expect(notifyConfigFrom(readEnv({})).pushServiceHosts).toEqual(DEFAULT_PUSH_SERVICE_HOSTS);
    const env = readEnv({ PUSH_SERVICE_HOSTS: ' Push.Example.com, 127.0.0.1:8080 ' });
    expect(notifyConfigFrom(env).pushServiceHosts).toEqual(['push.example.com', '127.0.0.1:8080']);
    expect(() => readEnv({ PUSH_SERVICE_HOSTS: 'https://push.example.com/' })).toThrow(/PUSH_SERVICE_HOSTS/);
  });
});

describe('booking events', () => {
  it('pushes "New booking" to each of the carrier\'s devices, encrypted, after the commit', async () => {
    const carrier = await signupAndLogin(server);
    const phone = await subscribed(carrier);
    const laptop = await subscribed(await onAnotherDevice(carrier));
    const { bookingId } = await bookingOn(carrier);
    expect(push.hits(phone)).toBe(0);
    expect(await server.notifier.drain()).toMatchObject({ sent: 2 });
    const got = push.received.filter((r) => r.name === phone || r.name === laptop);
    expect(got.map((r) => r.name).sort()).toEqual([laptop, phone].sort());
    for (const r of got) {
      expect(r.payload).toEqual({
        title: 'New booking',
        body: 'A traveller booked 2 KG on your listing. Open Carry to accept or decline.',
        // Opens this booking on Order History; an id only, nothing personal.
        url: `/carrier/orders?booking=${bookingId}`,
        tag: `booking-${bookingId}`,
      });
      expect(r.jwt.aud).toBe(push.origin);
      expect(r.jwt.sub).toBe('mailto:ops@carry.example');
      expect(r.ttl).toBe(86_400);
    }
  });

  it("pushes accepted and cancelled to the traveller's device, and mails a decline to one with none", async () => {
    const carrier = await signupAndLogin(server);
    const { traveller, bookingId } = await bookingOn(carrier);
    const { traveller: other, bookingId: second } = await bookingOn(carrier);
    const device = await subscribed(traveller);
    await server.notifier.drain();
    expect((await setStatus(carrier, bookingId, 'accepted')).status).toBe(200);
    expect((await setStatus(carrier, bookingId, 'cancelled')).status).toBe(200);
    await server.notifier.drain();
    expect(pushedTo(device).map((p) => p.title)).toEqual(['Booking accepted', 'Booking cancelled']);
    const urls = pushedTo(device).map((p) => p.url);
    expect(urls).toEqual([`/mybookings?booking=${bookingId}`, `/mybookings?booking=${bookingId}`]);
    // The second booking's traveller has no device: the decline goes by e-mail.
    expect((await setStatus(carrier, second, 'rejected')).status).toBe(200);
    await server.notifier.drain();
    expect((await smtp.waitFor(other.email)).subject).toBe('Booking declined');
  });

  it('pushes "Delivery completed" to the traveller once the hand-off code is accepted', async () => {
    const carrier = await signupAndLogin(server);
    const { traveller, bookingId, device } = await bookingByDevice(carrier);
    await setStatus(carrier, bookingId, 'accepted');
    await completeWithCode(carrier, traveller, bookingId);
    await server.notifier.drain();
    expect(pushedTo(device).map((p) => p.title)).toEqual(['Booking accepted', 'Delivery completed']);
  });

  it('mails the price fixed at booking, and the payment once recorded, but never pushes them', async () => {
    const carrier = await signupAndLogin(server);
    const { bookingId, device } = await bookingByDevice(carrier);
    await server.notifier.drain();
    const booked = await smtp.waitFor(carrier.email);
    expect(booked.subject).toBe('New booking');
    expect(booked.text).toContain('Price: ₹500 per KG × 2 KG = ₹1,000');
    // The traveller's device gets the push, without the price or the payment.
    await setStatus(carrier, bookingId, 'accepted');
    const paid = await carrier.call('POST', `/api/bookings/${bookingId}/payment-received`, {
      method: 'cash',
    });
    expect(paid.status).toBe(200);
    await server.notifier.drain();
    expect(pushedTo(device).map((p) => p.title)).toEqual(['Booking accepted', 'Payment recorded']);
    expect(JSON.stringify(pushedTo(device))).not.toMatch(/₹|Payment:/);
    // The carrier has no device: "I paid" reaches them by mail with its reference.
    const second = await bookingOn(carrier);
    await setStatus(carrier, second.bookingId, 'accepted');
    await second.traveller.call('POST', `/api/bookings/${second.bookingId}/payment-claim`, {
      reference: '412345678901',
    });
    await server.notifier.drain();
    const claimed = await smtp.waitFor(carrier.email, 2);
    expect(claimed.subject).toBe('Traveller says they paid');
    expect(claimed.text).toContain('Price: ₹500 per KG × 2 KG = ₹1,000');
    expect(claimed.text).toContain('Payment: the traveller says they paid by UPI, reference 412345678901');
  });

  it('mails a user with no device, unless they turned booking e-mails off', async () => {
    const carrier = await signupAndLogin(server);
    await bookingOn(carrier);
    await server.notifier.drain();
    const mail = await smtp.waitFor(carrier.email);
    expect(mail.subject).toBe('New booking');
    expect(mail.text).toContain('A traveller booked 2 KG on your listing.');

    expect((await carrier.call('GET', '/api/notifications/settings')).status).toBe(200);
    const off = await carrier.call('PUT', '/api/notifications/settings', { bookingEmails: false });
    expect(await off.json()).toEqual({ bookingEmails: false });
    expect(await (await carrier.call('GET', '/api/notifications/settings')).json()).toEqual({
      bookingEmails: false,
    });
    const mailed = mailsTo(carrier).length;
    await bookingOn(carrier);
    expect(await server.notifier.drain()).toMatchObject({ fannedOut: 1, sent: 0 });
    expect(await queued()).toEqual([]);
    expect(mailsTo(carrier)).toHaveLength(mailed);
  });

  it('sends no e-mail to a user with a device', async () => {
    const carrier = await signupAndLogin(server);
    const device = await subscribed(carrier);
    await bookingOn(carrier);
    expect(await server.notifier.drain()).toMatchObject({ fannedOut: 1, sent: 1 });
    expect(push.hits(device)).toBe(1);
    expect(mailsTo(carrier)).toEqual([]);
  });
});

describe('the queue', () => {
  it('backs off after 429 (at least Retry-After) and 5xx, then sends', async () => {
    const carrier = await signupAndLogin(server);
    const device = await subscribed(carrier);
    await bookingOn(carrier);
    push.respondWith({ status: 429, retryAfter: '300' });
    expect(await server.notifier.drain()).toMatchObject({ retried: 1, sent: 0 });
    let [row] = await queued();
    // One minute of back-off, but the service asked for five.
    expect(row?.nextAttemptAt.getTime()).toBe(nowMs + 5 * MINUTE);
    expect(row?.lastError).toBe('push service answered 429');
    expect(await server.notifier.drain()).toMatchObject({ retried: 0, sent: 0 });
    expect(push.hits(device)).toBe(1);

    nowMs += 5 * MINUTE;
    push.respondWith(503);
    expect(await server.notifier.drain()).toMatchObject({ retried: 1 });
    [row] = await queued();
    // Second try: base doubled (jitter pinned to the middle).
    expect(row?.nextAttemptAt.getTime()).toBe(nowMs + 2 * MINUTE);

    nowMs += 2 * MINUTE;
    expect(await server.notifier.drain()).toMatchObject({ sent: 1 });
    expect(await queued()).toEqual([]);
    expect(pushedTo(device)).toHaveLength(1);
  });

  it('leaves a claimed row to its sender until the lease ends, then another sender takes it', async () => {
    const carrier = await signupAndLogin(server);
    const device = await subscribed(carrier);
    await bookingOn(carrier);
    // A sender claims the row and dies before settling it.
    expect(await claimDue(server.db, nowMs, 60_000, 10)).toHaveLength(1);
    expect(await server.notifier.drain()).toMatchObject({ sent: 0 });
    nowMs += 60_000;
    expect(await server.notifier.drain()).toMatchObject({ sent: 1 });
    expect(push.hits(device)).toBe(1);
    expect(await queued()).toEqual([]);
  });

  it("keeps a device's pushes in order when the first one has to be tried again", async () => {
    const carrier = await signupAndLogin(server);
    const { bookingId, device } = await bookingByDevice(carrier);
    await server.notifier.drain();
    await setStatus(carrier, bookingId, 'accepted');
    await setStatus(carrier, bookingId, 'cancelled');
    push.respondWith(503);
    expect(await server.notifier.drain()).toMatchObject({ retried: 1, sent: 0 });
    expect(push.hits(device)).toBe(1);
    const rows = await queued();
    expect(rows.map((r) => r.attempts).sort()).toEqual([0, 1]);
    nowMs += MINUTE;
    expect(await server.notifier.drain()).toMatchObject({ sent: 2 });
    expect(pushedTo(device).map((p) => p.title)).toEqual(['Booking accepted', 'Booking cancelled']);
  });

  it('gives up after maxAttempts and keeps the row marked failed', async () => {
    const carrier = await signupAndLogin(server);
    await subscribed(carrier);
    await bookingOn(carrier);
    push.respondWith(500, 500, 500, 500);
    for (let i = 0; i < 4; i += 1) {
      await server.notifier.drain();
      nowMs += 60 * MINUTE;
    }
    const [row] = await queued();
    expect(row?.attempts).toBe(4);
    expect(row?.failedAt).not.toBeNull();
    expect(await server.notifier.drain()).toMatchObject({ sent: 0, retried: 0 });
    // Failed rows are kept 30 days for a look, then pruned.
    await pruneNotifications(server.db, nowMs + 29 * 24 * 60 * MINUTE);
    expect(await queued()).toHaveLength(1);
    await pruneNotifications(server.db, nowMs + 31 * 24 * 60 * MINUTE);
    expect(await queued()).toEqual([]);
  });

  it('deletes a subscription the push service answers 410 for', async () => {
    const carrier = await signupAndLogin(server);
    const device = await subscribed(carrier);
    await bookingOn(carrier);
    push.respondWith(410);
    expect(await server.notifier.drain()).toMatchObject({ gone: 1 });
    expect(await queued()).toEqual([]);
    expect(await storedDevice(device)).toEqual([]);
    // With no device left, the next event goes by e-mail.
    await bookingOn(carrier);
    await server.notifier.drain();
    expect((await smtp.waitFor(carrier.email)).subject).toBe('New booking');
  });

  it('drops a stored device whose endpoint the rule no longer allows, sending it nothing', async () => {
    const carrier = await signupAndLogin(server);
    const device = await subscribed(carrier);
    await bookingOn(carrier);
    const config = server.notifier.config;
    const before = config.pushServiceHosts;
    // Stored before the rule (or before the operator narrowed it): checked again at send time.
    config.pushServiceHosts = DEFAULT_PUSH_SERVICE_HOSTS;
    try {
      expect(await server.notifier.drain()).toMatchObject({ gone: 1, sent: 0 });
    } finally {
      config.pushServiceHosts = before;
    }
    expect(push.hits(device)).toBe(0);
    expect(await queued()).toEqual([]);
    expect(await storedDevice(device)).toEqual([]);
  });

  it('drops the device at logout: news queued before it goes by e-mail, not to that device', async () => {
    const carrier = await signupAndLogin(server);
    const device = await subscribed(carrier);
    await bookingOn(carrier);
    expect((await carrier.call('POST', '/auth/logout')).status).toBe(200);
    expect(await server.notifier.drain()).toMatchObject({ fannedOut: 1, sent: 1 });
    expect(push.hits(device)).toBe(0);
    expect((await smtp.waitFor(carrier.email)).subject).toBe('New booking');
  });

  it('does not send a push queued before its device was logged out', async () => {
    const carrier = await signupAndLogin(server);
    const device = await subscribed(carrier);
    await bookingOn(carrier);
    push.respondWith(503);
    expect(await server.notifier.drain()).toMatchObject({ fannedOut: 1, retried: 1 });
    expect((await carrier.call('POST', '/auth/logout')).status).toBe(200);
    nowMs += 60 * MINUTE;
    expect(await server.notifier.drain()).toMatchObject({ gone: 1, sent: 0 });
    expect(push.hits(device)).toBe(1);
  });

  it('sends each row once when two notifiers drain the same queue at the same time', async () => {
    const carrier = await signupAndLogin(server);
    const device = await subscribed(carrier);
    for (let i = 0; i < 6; i += 1) await bookingOn(carrier);
    const other = createNotifier({
      db: server.db,
      clock,
      config: {
        allowHttpPushEndpoints: true,
        pushServiceHosts: [new URL(push.origin).host],
        log: () => {},
        vapidSubject: 'mailto:ops@carry.example',
      },
    });
    const [a, b] = await Promise.all([server.notifier.drain(), other.drain()]);
    expect((a?.sent ?? 0) + (b?.sent ?? 0)).toBe(6);
    expect(push.hits(device)).toBe(6);
  });
});
