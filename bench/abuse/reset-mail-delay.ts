// A password-reset mail's delay while another user holds 1,000 push subscriptions (issue 27),
// in process (createTestServer: in-memory PGlite, or PostgreSQL with TEST_DATABASE_URL) with the
// notifier's own loop running, mail to a local SMTP server and pushes to a local push service
// that answers each after PUSH_DELAY_MS, as one across the internet would:
//   1. the flooder asks for 1,000 subscriptions through the API, 50 from each of 20 sessions (the
//      session cap): how many the server keeps;
//   2. then 1,000 are planted in the database, one session each (what an account made before the
//      caps could hold), so the queue is measured at its worst;
//   3. BOOKINGS bookings on the flooder's listings, each by an ordinary traveller: the booking
//      request's time, and each event fanned out to the flooder's devices;
//   4. right after, a victim asks for a password reset (time to the mail in the SMTP sink), and
//      another carrier, with no device, gets a booking (time to its e-mail).
// The baseline is the same reset and e-mail on an idle queue, measured first, in the same run.
//   node --import tsx bench/abuse/reset-mail-delay.ts [bookings=100] [planted=1000]
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { count, eq } from 'drizzle-orm';
import { outboundMessages, pushSubscriptions, sessions, users } from '@/server/db/schema';
import { startPushService } from '../../tests/support/push-service';
import { createTestServer, type TestServer } from '../../tests/support/server-app';
import { bookingBody, listingBody } from '../../tests/support/server-fixtures';
import { jsonInit, signupAndLogin, type TestUser } from '../../tests/support/server-users';
import { startSmtpSink } from '../../tests/support/smtp-sink';

const BOOKINGS = Number(process.argv[2] ?? 100);
const PLANTED = Number(process.argv[3] ?? 1000);
const PUSH_DELAY_MS = Number(process.env.PUSH_DELAY_MS ?? 100);
/** A mail that has not come by then is reported as "more than" this. */
const GIVE_UP_MS = Number(process.env.GIVE_UP_MS ?? 180_000);
const DAY = 86_400_000;

const smtp = await startSmtpSink();
const push = await startPushService({ delayMs: PUSH_DELAY_MS });
const server: TestServer = await createTestServer({
  config: { openListingsMax: 10_000, signupLimitPerHour: 10_000, loginMaxSuccessesPerAddress: 10_000 },
  notify: {
    smtpUrl: smtp.url,
    allowHttpPushEndpoints: true,
    pushServiceHosts: [new URL(push.origin).host],
    pollMs: 1000,
  },
});
server.notifier.start();
let flight = 1000;

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? Number.NaN;
};

/** Milliseconds from `start` to the first mail to `to` after the `skip` already there (or null). */
async function mailDelay(to: string, start: number): Promise<number | null> {
  const skip = smtp.messages.filter((m) => m.to.includes(to)).length;
  try {
    const mail = await smtp.waitFor(to, skip, GIVE_UP_MS);
    return Math.round(mail.at - start);
  } catch {
    return null;
  }
}

async function resetDelay(): Promise<number | null> {
  const victim = await signupAndLogin(server);
  const start = performance.now();
  const waiting = mailDelay(victim.email, start);
  await server.request('/auth/forgot-password', jsonInit('POST', { email: victim.email }));
  return waiting;
}

/** `n` bookings on the carrier's listings; answers each booking request's time. */
async function book(carrier: TestUser, n: number): Promise<number[]> {
  const times: number[] = [];
  let listingId = '';
  let traveller: TestUser | null = null;
  for (let i = 0; i < n; i += 1) {
    if (i % 5 === 0) {
      const res = await carrier.call(
        'POST',
        '/carrier/carrier/add-listing',
        listingBody(carrier, { flightNo: `AI${++flight}` }),
      );
      listingId = ((await res.json()) as { listing: { id: string } }).listing.id;
    }
    if (i % 10 === 0) traveller = await signupAndLogin(server);
    const who = traveller as TestUser;
    const t = performance.now();
    const res = await who.call('POST', '/api/book', bookingBody(who, listingId));
    times.push(performance.now() - t);
    if (res.status !== 201) throw new Error(`book: ${res.status} ${await res.text()}`);
  }
  return times;
}

/** From a booking request on a carrier with no device to the carrier's e-mail. */
async function bookingMailDelay(): Promise<number | null> {
  const carrier = await signupAndLogin(server);
  const traveller = await signupAndLogin(server);
  const res = await carrier.call(
    'POST',
    '/carrier/carrier/add-listing',
    listingBody(carrier, { flightNo: `AI${++flight}` }),
  );
  const listingId = ((await res.json()) as { listing: { id: string } }).listing.id;
  const start = performance.now();
  const waiting = mailDelay(carrier.email, start);
  await traveller.call('POST', '/api/book', bookingBody(traveller, listingId));
  return waiting;
}

const queued = async () => (await server.db.select({ n: count() }).from(outboundMessages))[0]?.n ?? 0;

// Baseline: an idle queue.
const idle = { reset: await resetDelay(), bookingMail: await bookingMailDelay() };
const ordinaryCarrier = await signupAndLogin(server);
const ordinaryBook = await book(ordinaryCarrier, 10);

// 1. Through the API: 20 sessions, 50 endpoints each.
const signedUp = await signupAndLogin(server);
let flooder = signedUp;
let attempts = 0;
for (let s = 0; s < 20; s += 1) {
  const res = await server.request(
    '/auth/login',
    jsonInit('POST', { email: flooder.email, password: flooder.password }),
  );
  const { token } = (await res.json()) as { token: string };
  // The newest session stays (the first ones end at the session cap).
  const cookie = `carry_session=${token}`;
  flooder = {
    ...signedUp,
    token,
    cookie,
    call: (m, path, body) => server.request(path, jsonInit(m, body, { Cookie: cookie })),
  };
  for (let i = 0; i < 50; i += 1) {
    attempts += 1;
    await server.request(
      '/api/push/subscriptions',
      jsonInit('POST', push.subscription(`api-${s}-${i}`), { Cookie: `carry_session=${token}` }),
    );
  }
}
const [flooderRow] = await server.db
  .select({ id: users.id })
  .from(users)
  .where(eq(users.email, flooder.email));
const kept = (
  await server.db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, flooderRow?.id ?? ''))
)[0]?.n;

// 2. Planted: one session each, as before the caps.
const now = Date.now();
for (let i = 0; i < PLANTED; i += 100) {
  const batch = Array.from({ length: Math.min(100, PLANTED - i) }, (_, j) => ({
    hash: randomBytes(32).toString('base64url'),
    sub: push.subscription(`planted-${i + j}`),
  }));
  await server.db.insert(sessions).values(
    batch.map((b) => ({
      tokenHash: b.hash,
      userId: flooderRow?.id ?? '',
      createdAt: new Date(now),
      expiresAt: new Date(now + 30 * DAY),
    })),
  );
  await server.db.insert(pushSubscriptions).values(
    batch.map((b, j) => ({
      endpoint: b.sub.endpoint,
      userId: flooderRow?.id ?? '',
      sessionHash: b.hash,
      p256dh: b.sub.keys.p256dh,
      auth: b.sub.keys.auth,
      createdAt: new Date(now + i + j),
    })),
  );
}
const held = (
  await server.db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, flooderRow?.id ?? ''))
)[0]?.n;

// 3. Bookings on the flooder's listings.
const flooderBook = await book(flooder, BOOKINGS);
const backlog = await queued();

// 4. Under the backlog.
const loaded = { reset: await resetDelay(), bookingMail: await bookingMailDelay() };
const pushesBefore = push.received.length;

console.log(
  JSON.stringify(
    {
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
      pushDelayMs: PUSH_DELAY_MS,
      api: { attempted: attempts, kept },
      planted: { subscriptionsHeld: held },
      booking: {
        ordinaryListingP50Ms: Math.round(percentile(ordinaryBook, 50)),
        flooderListingP50Ms: Math.round(percentile(flooderBook, 50)),
        flooderListingMaxMs: Math.round(Math.max(...flooderBook)),
      },
      backlogRowsAtReset: backlog,
      pushesSentBeforeMeasured: pushesBefore,
      idle,
      loaded,
      giveUpMs: GIVE_UP_MS,
      load: loadavg().map((x) => Number(x.toFixed(2))),
    },
    null,
    2,
  ),
);
await server.notifier.stop();
await server.close();
await push.close();
await smtp.close();
process.exit(0);
