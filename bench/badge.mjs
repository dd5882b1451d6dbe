// A carrier never misses a request (`node --import tsx bench/badge.mjs out.json`, or
// `npm run bench -- badge`): the time from a traveller's booking to the carrier's badge and push.
// The carrier's Order History is open in headless Chromium (its poke stream answering) and the
// carrier has a push device at a local push service (scripts/push-service.ts, which checks and
// decrypts each push as a browser's service would); the traveller books 1 KG over HTTP from here,
// BENCH_BADGE_SAMPLES times (30), one after another. Each booking is timed from its request to:
//   - the badge: the nav's "requests to answer" count on the carrier's page showing the new number
//     (a MutationObserver's Date.now() in the page);
//   - the push: its arrival at the push service (this process's clock).
// On one PGlite process, and on two PostgreSQL processes behind a round-robin TCP proxy (the
// booking, the page's stream and the push may each be on another process). BENCH_BACKENDS limits
// the backends (pglite, postgres), as for the server benches.
import { writeFileSync } from 'node:fs';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { DESKTOP, launchBrowser } from '../scripts/chromium.mjs';
import { bookingBody, createApiUser, listingBody, loginInBrowser } from '../scripts/people.ts';
import { startPushService } from '../scripts/push-service.ts';
import { throwawayDatabase } from './support/postgres.ts';
import { roundRobinProxy } from './support/round-robin.mjs';
import {
  freePort,
  median,
  percentile,
  runSection,
  SERVER_ARGS,
  startAppServer,
  startProcess,
  waitForOk,
} from './support/util.mjs';

const out = {};
const file = process.argv[2] ?? 'bench/results/badge.json';
const SAMPLES = Number(process.env.BENCH_BADGE_SAMPLES ?? 30);
const BOOKINGS_PER_LISTING = 9;
const PHONE = '9876543210';
const DEPARTURE = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const BACKENDS = process.env.BENCH_BACKENDS?.split(',') ?? ['pglite', 'postgres'];

/** Records, in the page, when the nav's count of requests to answer first shows each number. */
function watchBadge(page) {
  return page.evaluate(() => {
    const seen = {};
    window.__badge = seen;
    const look = () => {
      const link = [...document.querySelectorAll('nav[aria-label="Main"] a')].find((a) =>
        a.textContent?.startsWith('Order History'),
      );
      const m = /(\d+) requests? to answer/.exec(link?.textContent ?? '');
      const n = m ? Number(m[1]) : 0;
      if (seen[n] === undefined) seen[n] = Date.now();
    };
    new MutationObserver(look).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    look();
  });
}

async function badgeAt(page, count) {
  const handle = await page.waitForFunction((n) => window.__badge[n] ?? null, count, {
    timeout: 30_000,
    polling: 50,
  });
  return handle.jsonValue();
}

async function pushAt(push, count) {
  const deadline = Date.now() + 30_000;
  while (push.received.length < count) {
    if (Date.now() > deadline) throw new Error(`push ${count} not received in 30 s`);
    await new Promise((r) => setTimeout(r, 5));
  }
  return push.received[count - 1].at;
}

const summary = (xs) => ({
  samples: xs.length,
  p50: median(xs),
  p95: percentile(xs, 95),
  max: Math.max(...xs),
});

async function bookingToBadge(base, push) {
  const browser = await launchBrowser();
  try {
    const carrier = await createApiUser(base, 'Asha Rao', PHONE);
    const traveller = await createApiUser(base, 'Meera Shah', PHONE);
    const subscribed = await carrier.call(
      'POST',
      '/api/push/subscriptions',
      push.subscription('carrier-phone'),
    );
    if (subscribed.status !== 201) throw new Error(`subscription: ${subscribed.status}`);
    const listings = [];
    for (let i = 0; i < Math.ceil(SAMPLES / BOOKINGS_PER_LISTING); i++) {
      const body = listingBody(carrier, DEPARTURE, {
        to: 'BOM',
        flightNo: `AI${100 + i}`,
        weight: 10,
        cost: 800,
      });
      listings.push((await carrier.json('POST', '/carrier/carrier/add-listing', body)).listing);
    }
    const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await loginInBrowser(page, base, carrier, 'carrier');
    const streamOpen = page.waitForResponse((r) => r.url().endsWith('/api/sync/poke'), { timeout: 30_000 });
    await page.goto(`${base}/carrier/orders`);
    await page.getByText('No orders found.').waitFor();
    await streamOpen;
    await watchBadge(page);
    const badge = [];
    const pushed = [];
    for (let i = 0; i < SAMPLES; i++) {
      const listing = listings[Math.floor(i / BOOKINGS_PER_LISTING)];
      const sentWall = Date.now();
      const sentMono = performance.now();
      await traveller.json('POST', '/api/book', bookingBody(traveller, listing.id, 1));
      const [seen, arrived] = await Promise.all([badgeAt(page, i + 1), pushAt(push, i + 1)]);
      badge.push(seen - sentWall);
      pushed.push(Math.round(arrived - sentMono));
    }
    return { badge: summary(badge), push: summary(pushed) };
  } finally {
    await browser.close();
  }
}

const pushEnv = (push) => ({ PUSH_ALLOW_HTTP: 'true', PUSH_SERVICE_HOSTS: new URL(push.origin).host });

async function onPglite(dist, push) {
  const server = await startAppServer(dist, 'badge', { SIGNUP_LIMIT_PER_HOUR: '1000', ...pushEnv(push) });
  try {
    return await bookingToBadge(server.base, push);
  } finally {
    await server.stop();
  }
}

async function onPostgres(dist, push) {
  const database = await throwawayDatabase('badge');
  const servers = [];
  let proxy;
  try {
    const ports = [await freePort(), await freePort()];
    for (const port of ports) {
      const env = { PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: database.url, STATIC_DIR: dist };
      servers.push(
        startProcess(SERVER_ARGS, { env: { ...env, SIGNUP_LIMIT_PER_HOUR: '1000', ...pushEnv(push) } }),
      );
      // One at a time: the first migrates and seeds.
      await waitForOk(`http://127.0.0.1:${port}/api/health`, 180_000);
    }
    proxy = await roundRobinProxy(ports);
    return await bookingToBadge(`http://127.0.0.1:${proxy.port}`, push);
  } finally {
    await proxy?.close();
    await Promise.all(servers.map((s) => s.stop()));
    await database.drop();
  }
}

let dist = process.env.BENCH_DIST;
if (!dist) {
  buildIfStale();
  dist = './dist';
}
for (const [name, run] of [
  ['pglite', onPglite],
  ['postgres', onPostgres],
]) {
  if (!BACKENDS.includes(name)) continue;
  const push = await startPushService();
  await runSection('badge', name, out, () => run(dist, push));
  if (push.problems.length) out[name] = { error: `push service: ${push.problems[0]}` };
  await push.close();
}
writeFileSync(file, JSON.stringify({ ...out, date: new Date().toISOString() }, null, 2));
console.log(JSON.stringify(out, null, 2));
