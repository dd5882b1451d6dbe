// A password-reset mail's delay while another user holds 1,000 push subscriptions (issue 27),
// in process (the server's public surface: its app, database and notifier; in-memory PGlite, or
// a throwaway PostgreSQL database with BENCH_BACKENDS=postgres) with the notifier's own loop
// running, mail to a local SMTP server and pushes to a local push service (scripts/) that answers
// each after PUSH_DELAY_MS, as one across the internet would:
//   1. the flooder asks for 1,000 subscriptions through the API, 50 from each of 20 sessions (the
//      session cap): how many the server keeps;
//   2. then 1,000 are planted in the database, one session each (what an account made before the
//      caps could hold), so the queue is measured at its worst;
//   3. BOOKINGS bookings on the flooder's listings, each by an ordinary traveller: the booking
//      request's time, and each event fanned out to the flooder's devices;
//   4. right after, a victim asks for a password reset (time to the mail in the SMTP sink), and
//      another carrier, with no device, gets a booking (time to its e-mail).
// The baseline is the same reset and e-mail on an idle queue, measured first, in the same run.
// Settings: BOOKINGS (100), PLANTED (1000), PUSH_DELAY_MS (100), GIVE_UP_MS (180000),
// BENCH_BACKENDS (pglite by default; postgres for a throwaway database on BENCH_PG_URL).
//   node --import tsx bench/abuse/reset-mail-delay.ts out.json
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { count, eq } from 'drizzle-orm';
import { createApp, createDb, createNotifier, schema, seedReferenceData } from '@/server';
import { startPushService } from '../../scripts/push-service';
import { startSmtpSink } from '../../scripts/smtp-sink';
import { throwawayDatabase } from '../support/postgres';

const { outboundMessages, pushSubscriptions, sessions, users } = schema;
const OUT = process.argv[2] ?? 'bench/results/reset-mail-delay.json';
const BOOKINGS = Number(process.env.BOOKINGS ?? 100);
const PLANTED = Number(process.env.PLANTED ?? 1000);
const PUSH_DELAY_MS = Number(process.env.PUSH_DELAY_MS ?? 100);
/** A mail that has not come by then is reported as "more than" this. */
const GIVE_UP_MS = Number(process.env.GIVE_UP_MS ?? 180_000);
const DAY = 86_400_000;
const PASSWORD = 'Secret@123';
const backend = process.env.BENCH_BACKENDS === 'postgres' ? 'postgres' : 'pglite';

const smtp = await startSmtpSink();
const push = await startPushService({ delayMs: PUSH_DELAY_MS });
const pg = backend === 'postgres' ? await throwawayDatabase('reset_mail') : null;
const database = await createDb(pg ? { url: pg.url } : {});
await seedReferenceData(database.db);
const db = database.db;
const notifier = createNotifier({
  db,
  clock: { now: () => Date.now() },
  config: {
    log: () => {},
    smtpUrl: smtp.url,
    allowHttpPushEndpoints: true,
    pushServiceHosts: [new URL(push.origin).host],
    pollMs: 1000,
  },
});
const app = createApp({
  db,
  notifier,
  config: {
    log: () => {},
    passwordHash: { memoryKiB: 64, passes: 1, lanes: 1 },
    openListingsMax: 10_000,
    signupLimitPerHour: 10_000,
    loginMaxSuccessesPerAccount: 10_000,
  },
});
notifier.start();
const server = { request: async (path: string, init?: RequestInit) => app.request(path, init) };

interface TestUser {
  email: string;
  name: string;
  phone: string;
  password: string;
  token: string;
  call(method: string, path: string, body?: unknown): Promise<Response>;
}

function jsonInit(method: string, body?: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
}

let people = 0;
function asUser(details: { email: string; name: string; phone: string }, token: string): TestUser {
  const cookie = `carry_session=${token}`;
  return {
    ...details,
    password: PASSWORD,
    token,
    call: (m, path, body) => server.request(path, jsonInit(m, body, { Cookie: cookie })),
  };
}

async function signupAndLogin(): Promise<TestUser> {
  people += 1;
  const details = {
    name: 'Asha Rao',
    phone: '9876543210',
    email: `p${people}-${Date.now().toString(36)}@example.com`,
  };
  const signup = await server.request(
    '/auth/signup',
    jsonInit('POST', {
      ...details,
      age: 31,
      gender: 'female',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    }),
  );
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${await signup.text()}`);
  const login = await server.request(
    '/auth/login',
    jsonInit('POST', { email: details.email, password: PASSWORD }),
  );
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  return asUser(details, ((await login.json()) as { token: string }).token);
}

const departure = new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10);
const flightDetails = { from: 'DEL', to: 'DXB', airline: 'AI', departure, time: '10:30' };
const listingBody = (carrier: TestUser, flightNo: string) => ({
  ...flightDetails,
  flightNo,
  weight: 5,
  cost: 500,
  email: carrier.email,
  name: carrier.name,
  phone: carrier.phone,
});
const bookingBody = (traveller: TestUser, listingId: string) => ({
  name: traveller.name,
  email: traveller.email,
  phone: traveller.phone,
  weight: 1,
  listingId,
});
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
  const victim = await signupAndLogin();
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
        listingBody(carrier, `AI${++flight}`),
      );
      listingId = ((await res.json()) as { listing: { id: string } }).listing.id;
    }
    if (i % 10 === 0) traveller = await signupAndLogin();
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
  const carrier = await signupAndLogin();
  const traveller = await signupAndLogin();
  const res = await carrier.call(
    'POST',
    '/carrier/carrier/add-listing',
    listingBody(carrier, `AI${++flight}`),
  );
  const listingId = ((await res.json()) as { listing: { id: string } }).listing.id;
  const start = performance.now();
  const waiting = mailDelay(carrier.email, start);
  await traveller.call('POST', '/api/book', bookingBody(traveller, listingId));
  return waiting;
}

const queued = async () => (await db.select({ n: count() }).from(outboundMessages))[0]?.n ?? 0;

// Baseline: an idle queue.
const idle = { reset: await resetDelay(), bookingMail: await bookingMailDelay() };
const ordinaryCarrier = await signupAndLogin();
const ordinaryBook = await book(ordinaryCarrier, 10);

// 1. Through the API: 20 sessions, 50 endpoints each.
const signedUp = await signupAndLogin();
let flooder = signedUp;
let attempts = 0;
for (let s = 0; s < 20; s += 1) {
  const res = await server.request(
    '/auth/login',
    jsonInit('POST', { email: flooder.email, password: flooder.password }),
  );
  const { token } = (await res.json()) as { token: string };
  // The newest session stays (the first ones end at the session cap).
  flooder = asUser(signedUp, token);
  for (let i = 0; i < 50; i += 1) {
    attempts += 1;
    await server.request(
      '/api/push/subscriptions',
      jsonInit('POST', push.subscription(`api-${s}-${i}`), { Cookie: `carry_session=${token}` }),
    );
  }
}
const [flooderRow] = await db.select({ id: users.id }).from(users).where(eq(users.email, flooder.email));
const kept = (
  await db
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
  await db.insert(sessions).values(
    batch.map((b) => ({
      tokenHash: b.hash,
      userId: flooderRow?.id ?? '',
      createdAt: new Date(now),
      expiresAt: new Date(now + 30 * DAY),
    })),
  );
  await db.insert(pushSubscriptions).values(
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
  await db
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

writeFileSync(
  OUT,
  JSON.stringify(
    {
      database: backend,
      pushDelayMs: PUSH_DELAY_MS,
      api: { attempted: attempts, kept },
      planted: { subscriptionsHeld: held },
      booking: {
        bookings: BOOKINGS,
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
await notifier.stop();
await database.close();
await pg?.drop();
await push.close();
await smtp.close();
process.exit(0);
