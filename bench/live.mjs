// Live pokes (`node --import tsx bench/live.mjs out.json`, or `npm run bench -- live`):
//   1. a write's commit to the other party's screen, two browsers (headless Chromium contexts):
//      the traveller books (the carrier's open Order History gains the row) and the carrier
//      accepts (the traveller's open My Bookings shows Accepted), each write sent over HTTP from
//      here and timed from its request to the DOM change (a MutationObserver's Date.now()); on one
//      PGlite process, and on two PostgreSQL processes behind a round-robin TCP proxy (below),
//      so writes and streams land on different processes;
//   2. 1,000 idle poke streams held by one process: resident memory added, and CPU used in a
//      window between two heartbeats;
//   3. a message typed offline, to the other device after the link is back (offlineMessage): the
//      traveller's page writes in the thread with its context offline, the link comes back, and
//      the time runs from setOffline(false) to the text in the carrier's open thread, on the same
//      two server set-ups as 1.
import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { DESKTOP, launchBrowser } from '../scripts/chromium.mjs';
import { bookingBody, createApiUser, listingBody, loginInBrowser } from '../scripts/people.ts';
import { throwawayDatabase } from './support/postgres.ts';
import { roundRobinProxy } from './support/round-robin.mjs';
import {
  freePort,
  median,
  percentile,
  round,
  runSection,
  SERVER_ARGS,
  startAppServer,
  startProcess,
  waitForOk,
} from './support/util.mjs';

const out = {};
const file = process.argv[2] ?? 'bench/results/live.json';
const SAMPLES = Number(process.env.BENCH_LIVE_SAMPLES ?? 50);
const STREAMS = Number(process.env.BENCH_LIVE_STREAMS ?? 1000);
const BOOKINGS_PER_LISTING = 9;
// Under the limit of 30 messages a minute per user (one traveller writes them all).
const OFFLINE_RUNS = Number(process.env.BENCH_LIVE_OFFLINE_RUNS ?? 24);
const SECTIONS = (process.env.BENCH_LIVE_SECTIONS ?? 'pglite,postgres,idle,offline').split(',');
const PHONE = '9876543210';
const DEPARTURE = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

// --- commit to screen ------------------------------------------------------------------------

/** Records, in the page, when the number of order rows and of 'Accepted' badges first reach each count. */
function watchRows(page) {
  return page.evaluate(() => {
    const seen = { rows: {}, accepted: {} };
    window.__live = seen;
    const look = () => {
      const now = Date.now();
      const articles = [...document.querySelectorAll('article')];
      const rows = articles.length;
      // The status badge is its own element (the row's text runs words together).
      const accepted = articles.filter((a) =>
        [...a.querySelectorAll('span')].some((el) => el.textContent === 'Accepted'),
      ).length;
      if (seen.rows[rows] === undefined) seen.rows[rows] = now;
      if (seen.accepted[accepted] === undefined) seen.accepted[accepted] = now;
    };
    new MutationObserver(look).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    look();
  });
}

async function seenAt(page, kind, count) {
  const handle = await page.waitForFunction(([k, n]) => window.__live[k][n] ?? null, [kind, count], {
    timeout: 30_000,
    polling: 50,
  });
  return handle.jsonValue();
}

/** `SAMPLES` writes alternating between the two sides; each timed to the other side's screen. */
async function commitToScreen(base) {
  const browser = await launchBrowser();
  try {
    const carrier = await createApiUser(base, 'Asha Rao', PHONE);
    const traveller = await createApiUser(base, 'Meera Shah', PHONE);
    // A carrier may have 20 listings on flights to come: 9 bookings of 1 kg on each 10 kg one.
    const listings = [];
    for (let i = 0; i < Math.ceil(SAMPLES / 2 / BOOKINGS_PER_LISTING); i++) {
      const body = listingBody(carrier, DEPARTURE, {
        to: 'BOM',
        flightNo: `AI${100 + i}`,
        weight: 10,
        cost: 800,
      });
      const { listing } = await carrier.json('POST', '/carrier/carrier/add-listing', body);
      listings.push(listing);
    }
    const pages = {};
    for (const [who, user, role, path] of [
      ['carrier', carrier, 'carrier', '/carrier/orders'],
      ['traveller', traveller, 'traveller', '/mybookings'],
    ]) {
      const context = await browser.newContext({ viewport: DESKTOP });
      const page = await context.newPage();
      await loginInBrowser(page, base, user, role);
      // Measure from an open stream: wait for the page's poke stream to answer.
      const streamOpen = page.waitForResponse((r) => r.url().endsWith('/api/sync/poke'), { timeout: 30_000 });
      await page.goto(`${base}${path}`);
      await page.getByText(/No (orders|bookings) found\./).waitFor();
      await streamOpen;
      await watchRows(page);
      pages[who] = page;
    }
    const samples = { book: [], accept: [] };
    for (let i = 0; i < SAMPLES / 2; i++) {
      const listing = listings[Math.floor(i / BOOKINGS_PER_LISTING)];
      let sent = Date.now();
      const { booking } = await traveller.json('POST', '/api/book', bookingBody(traveller, listing.id, 1));
      samples.book.push((await seenAt(pages.carrier, 'rows', i + 1)) - sent);
      // The traveller's own list gains the row too (its pull); wait for it before the next write.
      await seenAt(pages.traveller, 'rows', i + 1);
      sent = Date.now();
      await carrier.json('PUT', '/api/bookings/update-status', { listingId: booking.id, status: 'accepted' });
      samples.accept.push((await seenAt(pages.traveller, 'accepted', i + 1)) - sent);
    }
    const all = [...samples.book, ...samples.accept];
    return {
      samples: all.length,
      p50: median(all),
      p95: percentile(all, 95),
      max: Math.max(...all),
      bookP95: percentile(samples.book, 95),
      acceptP95: percentile(samples.accept, 95),
    };
  } finally {
    await browser.close();
  }
}

// --- two PostgreSQL processes behind a round-robin proxy ------------------------------------

/** `run(base)` against two PostgreSQL processes behind the round-robin proxy (default: commitToScreen). */
async function onPostgres(dist, run = commitToScreen) {
  const database = await throwawayDatabase('live');
  const servers = [];
  let proxy;
  try {
    const ports = [await freePort(), await freePort()];
    for (const port of ports) {
      servers.push(
        startProcess(SERVER_ARGS, {
          env: {
            PORT: String(port),
            HOST: '127.0.0.1',
            DATABASE_URL: database.url,
            STATIC_DIR: dist,
            SIGNUP_LIMIT_PER_HOUR: '1000',
          },
        }),
      );
      // One at a time: the first migrates and seeds.
      await waitForOk(`http://127.0.0.1:${port}/api/health`, 180_000);
    }
    proxy = await roundRobinProxy(ports);
    return await run(`http://127.0.0.1:${proxy.port}`);
  } finally {
    await proxy?.close();
    await Promise.all(servers.map((s) => s.stop()));
    await database.drop();
  }
}

// --- idle streams ----------------------------------------------------------------------------

const ticksPerSecond = 100;
const IDLE_WINDOW_MS = 15_000;
const rssBytes = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
function cpuMs(pid) {
  // utime and stime, fields 14 and 15 of /proc/<pid>/stat (after the command in parentheses).
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

/** Opens a poke stream; resolves with the request and its response once the first bytes came. */
function openStream(port, cookie) {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/api/sync/poke', headers: { cookie }, agent: false },
      (res) => {
        if (res.statusCode !== 200) reject(new Error(`stream answered ${res.statusCode}`));
        res.once('data', () => resolve({ req, res }));
        res.on('error', () => undefined);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Resolves at the next bytes on the stream after now: in an idle stream, a heartbeat. */
const nextBeat = (stream) => new Promise((resolve) => stream.res.once('data', () => resolve(Date.now())));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function idleStreams(dist) {
  // Every stream comes from 127.0.0.1: the per-address cap (200 by default) is raised to them all.
  const { port, base, stop, pid } = await startAppServer(dist, 'live', {
    SIGNUP_LIMIT_PER_HOUR: '1000',
    STREAMS_PER_ADDRESS: String(STREAMS),
  });
  try {
    // 25 streams per user: the hub keeps at most 32 per user (tabs and devices).
    const users = [];
    for (let i = 0; i < Math.ceil(STREAMS / 25); i++)
      users.push(await createApiUser(base, 'Idle User', PHONE));
    await sleep(2000);
    const before = rssBytes(pid);
    const streams = [];
    for (let i = 0; i < STREAMS; i++) streams.push(await openStream(port, users[i % users.length].cookie));
    await sleep(3000);
    const after = rssBytes(pid);
    // The windows are set by the heartbeats themselves (one timer sends every stream its comment).
    // The first beat after opening is let pass: the garbage of 1,000 requests and sign-ups is
    // collected around then. Then, twice: the CPU of a 15 s window from 3 s after a beat, and of
    // the stretch from there to 3 s after the next beat, which holds that beat's writes alone.
    await nextBeat(streams[0]);
    const windows = [];
    const beats = [];
    let beatAt = await nextBeat(streams[0]);
    for (let i = 0; i < 2; i++) {
      await sleep(3000);
      const cpu0 = cpuMs(pid);
      await sleep(IDLE_WINDOW_MS);
      const cpu1 = cpuMs(pid);
      windows.push(cpu1 - cpu0);
      const nextAt = await nextBeat(streams[0]);
      await sleep(3000);
      beats.push({ cpuMs: cpuMs(pid) - cpu1, afterS: (nextAt - beatAt) / 1000 });
      beatAt = nextAt;
    }
    for (const s of streams) s.req.destroy();
    return {
      streams: STREAMS,
      rssBeforeMiB: round(before / 2 ** 20),
      rssAfterMiB: round(after / 2 ** 20),
      addedMiB: round((after - before) / 2 ** 20),
      perStreamKiB: round((after - before) / STREAMS / 1024),
      heartbeatS: round(beats[0].afterS, 1),
      idleWindowS: IDLE_WINDOW_MS / 1000,
      idleCpuMs: Math.max(...windows),
      idleWindowsCpuMs: windows,
      heartbeatCpuMs: Math.max(...beats.map((b) => b.cpuMs)),
    };
  } finally {
    await stop();
  }
}

// --- a message typed offline ------------------------------------------------------------------

/** A booking between `carrier` and `traveller`, accepted: its thread is open to both. */
async function acceptedBooking(carrier, traveller) {
  const body = listingBody(carrier, DEPARTURE, { to: 'BOM', flightNo: 'AI999', weight: 10, cost: 800 });
  const { listing } = await carrier.json('POST', '/carrier/carrier/add-listing', body);
  const { booking } = await traveller.json('POST', '/api/book', bookingBody(traveller, listing.id, 1));
  await carrier.json('PUT', '/api/bookings/update-status', { listingId: booking.id, status: 'accepted' });
  return booking.id;
}

/** Records, in the page, when the thread's log first holds `text` (window.__arrived, Date.now()). */
function watchForText(page, text) {
  return page.evaluate((t) => {
    window.__arrived = null;
    const look = () => {
      const log = document.querySelector('[role="log"][aria-label="Messages"]');
      if (window.__arrived === null && log?.textContent.includes(t)) {
        window.__arrived = Date.now();
        observer.disconnect();
      }
    };
    const observer = new MutationObserver(look);
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    look();
  }, text);
}

/**
 * OFFLINE_RUNS messages, each typed in the traveller's open thread with the traveller's browser
 * offline (shown as Sending), then the link comes back: timed from setOffline(false) to the text
 * in the carrier's open thread (the replay's push, the NOTIFY, the poke, the carrier's pull and
 * render). The next run starts once the message shows as sent on the traveller's side.
 */
async function offlineMessage(base) {
  const browser = await launchBrowser();
  try {
    const carrier = await createApiUser(base, 'Asha Rao', PHONE);
    const traveller = await createApiUser(base, 'Meera Shah', PHONE);
    const id = await acceptedBooking(carrier, traveller);
    const open = async (user, role) => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await loginInBrowser(page, base, user, role);
      const streamOpen = page.waitForResponse((r) => r.url().endsWith('/api/sync/poke'), { timeout: 30_000 });
      await page.goto(`${base}/bookings/${id}/messages`);
      await page.getByLabel('Message', { exact: true }).waitFor();
      await streamOpen;
      return { context, page };
    };
    const carrierSide = await open(carrier, 'carrier');
    const travellerSide = await open(traveller, 'traveller');
    const samples = [];
    const misses = [];
    for (let i = 0; i < OFFLINE_RUNS; i++) {
      const text = `at gate ${i + 1} (${Date.now().toString(36)})`;
      await travellerSide.context.setOffline(true);
      await travellerSide.page.getByLabel('Message', { exact: true }).fill(text);
      await travellerSide.page.getByRole('button', { name: 'Send' }).click();
      const bubble = travellerSide.page.getByRole('log', { name: 'Messages' }).getByText(text).locator('..');
      await bubble.getByText('Sending').waitFor();
      await watchForText(carrierSide.page, text);
      const back = Date.now();
      await travellerSide.context.setOffline(false);
      const arrivedAt = () =>
        carrierSide.page
          .waitForFunction(() => window.__arrived, null, { timeout: 30_000, polling: 20 })
          .then((h) => h.jsonValue())
          .catch(() => null);
      let arrived = await arrivedAt();
      if (arrived === null) {
        // Not there in 30 s: say how the writer's side stood, and wait another 30 s for it.
        const writer = (await bubble.textContent()) ?? '';
        arrived = await arrivedAt();
        misses.push({
          run: i + 1,
          writer: writer.includes('Sending') ? 'sending' : writer.slice(-60),
          laterMs: arrived === null ? null : arrived - back,
        });
        if (arrived === null) continue;
      }
      samples.push(arrived - back);
      await bubble.getByText('Sent').waitFor({ state: 'attached', timeout: 30_000 });
    }
    return {
      misses,
      samples: samples.length,
      p50: median(samples),
      p95: percentile(samples, 95),
      max: Math.max(...samples),
      all: samples,
    };
  } finally {
    await browser.close();
  }
}

/** `run(base)` against one PGlite process. */
async function onPglite(dist, run) {
  const server = await startAppServer(dist, 'live-screen');
  try {
    return await run(server.base);
  } finally {
    await server.stop();
  }
}

// --- run -------------------------------------------------------------------------------------

let dist = process.env.BENCH_DIST;
if (!dist) {
  buildIfStale();
  dist = './dist';
}
if (SECTIONS.includes('pglite'))
  await runSection('live', 'pglite', out, () => onPglite(dist, commitToScreen));
if (SECTIONS.includes('postgres')) await runSection('live', 'postgres', out, () => onPostgres(dist));
if (SECTIONS.includes('idle')) await runSection('live', 'idle', out, () => idleStreams(dist));
if (SECTIONS.includes('offline')) {
  const loadBefore = loadavg();
  await runSection('live', 'offlinePglite', out, () => onPglite(dist, offlineMessage));
  await runSection('live', 'offlinePostgres', out, () => onPostgres(dist, offlineMessage));
  out.offlineLoad = {
    at: new Date().toISOString(),
    before: loadBefore.map((x) => round(x, 2)),
    after: loadavg().map((x) => round(x, 2)),
  };
}
writeFileSync(file, JSON.stringify({ ...out, date: new Date().toISOString() }, null, 2));
console.log(JSON.stringify(out, null, 2));
