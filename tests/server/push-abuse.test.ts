// Push subscriptions cannot bury anyone's mail (issue 27): one subscription per session and a
// few per user, endpoints compared in one spelling, another account's subscription never taken
// by posting its endpoint, the fan-out done by the notifier (a booking costs the booker one queued
// row), a password-reset mail never behind booking news, one user's backlog never in front of
// another user's mail, and an expired session's device neither pushed to nor hiding the e-mail.
// Over HTTP, a local push service (RFC 8291 decryption) and a real SMTP server.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { endExpiredSessions } from '@/server/auth/session-expiry';
import { outboundMessages, pushSubscriptions, users } from '@/server/db/schema';
import { type PushService, startPushService } from '../../scripts/push-service';
import { type SmtpSink, startSmtpSink } from '../../scripts/smtp-sink';
import { createTestServer, type TestServer } from '../support/server-app';
import { addListing, book, daysFromNow } from '../support/server-fixtures';
import { jsonInit, signupAndLogin, type TestUser } from '../support/server-users';
import { until } from '../support/until';

const PER_USER = 10;
let server: TestServer;
let push: PushService;
let smtp: SmtpSink;
let nowMs = Date.now();
let flight = 300;

beforeAll(async () => {
  push = await startPushService();
  smtp = await startSmtpSink();
  server = await createTestServer({
    clock: { now: () => nowMs },
    notify: {
      smtpUrl: smtp.url,
      allowHttpPushEndpoints: true,
      pushServiceHosts: [new URL(push.origin).host],
      random: () => 0.5,
    },
  });
});
afterEach(async () => {
  push.release();
  expect(push.problems).toEqual([]);
  await server.notifier.drain();
  await server.db.delete(outboundMessages);
});
afterAll(async () => {
  await server.close();
  await push.close();
  await smtp.close();
});

/** The same user on another device: a session of its own. */
async function anotherSession(user: TestUser): Promise<TestUser> {
  const res = await server.request(
    '/auth/login',
    jsonInit('POST', { email: user.email, password: user.password }),
  );
  expect(res.status).toBe(200);
  const { token } = (await res.json()) as { token: string };
  const cookie = `carry_session=${token}`;
  return {
    ...user,
    token,
    cookie,
    call: (method, path, body, headers = {}) =>
      server.request(path, jsonInit(method, body, { Cookie: cookie, ...headers })),
  };
}

const subscribe = (user: TestUser, body: unknown) => user.call('POST', '/api/push/subscriptions', body);

async function userIdOf(user: TestUser): Promise<string> {
  const [row] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
  if (!row) throw new Error('no such user');
  return row.id;
}

const storedOf = async (user: TestUser) =>
  (
    await server.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, await userIdOf(user)))
  ).map((r) => r.endpoint);

/** A carrier with a device subscribed on each of `devices` sessions; returns the device names. */
async function carrierWithDevices(devices: number, prefix: string) {
  const carrier = await signupAndLogin(server);
  const names: string[] = [];
  for (let i = 0; i < devices; i += 1) {
    const session = i === 0 ? carrier : await anotherSession(carrier);
    const name = `${prefix}-${i}`;
    // Each newer than the last (the clock stands still otherwise).
    nowMs += 1;
    expect((await subscribe(session, push.subscription(name))).status).toBe(201);
    names.push(name);
  }
  return { carrier, names };
}

/** `count` bookings on the carrier's listings, by as many travellers as the per-traveller limit needs. */
async function bookingsOn(carrier: TestUser, count: number) {
  let listingId = '';
  let traveller: TestUser | null = null;
  for (let i = 0; i < count; i += 1) {
    if (i % 5 === 0) listingId = await addListing(carrier, { flightNo: `AI${++flight}`, weight: 5 });
    if (i % 10 === 0) traveller = await signupAndLogin(server);
    await book(traveller as TestUser, listingId, 1);
  }
}

describe('subscriptions', () => {
  it('keeps one per session: a new endpoint in the same session replaces the older one', async () => {
    const user = await signupAndLogin(server);
    expect((await subscribe(user, push.subscription('session-old'))).status).toBe(201);
    expect((await subscribe(user, push.subscription('session-new'))).status).toBe(201);
    expect(await storedOf(user)).toEqual([push.subscription('session-new').endpoint]);
  });

  it(`keeps at most ${PER_USER} per user: the newest replaces the oldest`, async () => {
    const { carrier, names } = await carrierWithDevices(PER_USER + 2, 'many');
    const stored = await storedOf(carrier);
    expect(stored).toHaveLength(PER_USER);
    expect(stored).not.toContain(push.subscription(names[0] as string).endpoint);
    expect(stored).toContain(push.subscription(names.at(-1) as string).endpoint);
  });

  it('stores the endpoint in one spelling, and removes it under another', async () => {
    const user = await signupAndLogin(server);
    const sub = push.subscription('spelling');
    const shouted = sub.endpoint.replace('http://', 'HTTP://').replace('/push/', '/push/./');
    expect((await subscribe(user, { ...sub, endpoint: `${shouted}#again` })).status).toBe(201);
    expect(await storedOf(user)).toEqual([sub.endpoint]);
    expect((await user.call('DELETE', '/api/push/subscriptions', { endpoint: shouted })).status).toBe(200);
    expect(await storedOf(user)).toEqual([]);
  });

  it("refuses another account's endpoint (in any spelling) unless the keys are the browser's own", async () => {
    const victim = await signupAndLogin(server);
    const phone = push.subscription('victim-phone');
    expect((await subscribe(victim, phone)).status).toBe(201);
    const attacker = await signupAndLogin(server);
    const otherKeys = push.subscription('attacker-keys').keys;
    for (const endpoint of [
      phone.endpoint,
      phone.endpoint.toUpperCase().replace('/PUSH/VICTIM-PHONE', '/push/victim-phone'),
    ]) {
      const res = await subscribe(attacker, { endpoint, keys: otherKeys });
      expect(res.status).toBe(409);
      expect((await res.json()).code).toBe('push/endpoint-taken');
    }
    expect(await storedOf(victim)).toEqual([phone.endpoint]);
    // The same browser, now signed in to another account, sends the keys it holds: it moves.
    expect((await subscribe(attacker, phone)).status).toBe(201);
    expect(await storedOf(attacker)).toEqual([phone.endpoint]);
    expect(await storedOf(victim)).toEqual([]);
  });
});

describe('the fan-out', () => {
  it("is the notifier's: a booking on a carrier with many devices queues one row in the booker's request", async () => {
    const { carrier, names } = await carrierWithDevices(PER_USER, 'fan');
    await bookingsOn(carrier, 1);
    expect(await server.db.select().from(outboundMessages)).toHaveLength(1);
    await server.notifier.drain();
    for (const name of names) expect(push.hits(name)).toBe(1);
  });

  it('sends a password-reset mail while booking pushes are stuck at the push service', async () => {
    const { carrier } = await carrierWithDevices(PER_USER, 'stuck');
    await bookingsOn(carrier, 5);
    const victim = await signupAndLogin(server);
    push.hold();
    const flooding = server.notifier.drain();
    await until(() => push.waiting() > 0, { what: 'pushes held at the push service' });
    expect(
      (await server.request('/auth/forgot-password', jsonInit('POST', { email: victim.email }))).status,
    ).toBe(200);
    // Another look at the queue (what the request's end does on a started notifier).
    void server.notifier.drain();
    const mail = await smtp.waitFor(victim.email, 0, 5000);
    expect(mail.subject).toBe('Reset your Carry password');
    expect(push.received.filter((p) => p.name.startsWith('stuck-'))).toEqual([]);
    push.release();
    await flooding;
  });

  it("sends another user's booking mail while a flooder's backlog waits at the push service", async () => {
    // Thirty events queued before the other user's one, to devices whose pushes are stuck.
    const { carrier: flooder } = await carrierWithDevices(4, 'backlog');
    await bookingsOn(flooder, 30);
    const other = await signupAndLogin(server);
    await bookingsOn(other, 1);
    push.hold();
    const draining = server.notifier.drain();
    const mail = await smtp.waitFor(other.email, 0, 5000);
    expect(mail.subject).toBe('New booking');
    expect(push.received.filter((p) => p.name.startsWith('backlog-'))).toEqual([]);
    push.release();
    expect(await draining).toMatchObject({ sent: 30 * 4 + 1, fannedOut: 31 });
    expect(push.received.filter((p) => p.name.startsWith('backlog-'))).toHaveLength(30 * 4);
  });
});

describe('an expired session', () => {
  it('is not pushed to and does not hide the e-mail; the sweep removes its subscription', async () => {
    const carrier = await signupAndLogin(server);
    expect((await subscribe(carrier, push.subscription('expired-phone'))).status).toBe(201);
    // Its flight leaves after the month that passes below.
    const listingId = await addListing(carrier, { flightNo: `AI${++flight}`, departure: daysFromNow(60) });
    nowMs += 31 * 24 * 60 * 60 * 1000;
    const traveller = await signupAndLogin(server);
    await book(traveller, listingId, 1);
    await server.notifier.drain();
    const mail = await smtp.waitFor(carrier.email);
    expect(mail.subject).toBe('New booking');
    expect(push.hits('expired-phone')).toBe(0);
    await endExpiredSessions(server.db, nowMs);
    expect(await storedOf(carrier)).toEqual([]);
  });
});
