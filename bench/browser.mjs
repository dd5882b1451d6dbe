// Browser benchmarks against the real server serving bench/results/dist on a temporary PGlite
// database, in headless Chromium: cold and warm-offline start-up (FCP and login form usable,
// median of 10), Lighthouse on its mobile profile, the bulk mirror of 10,000 bookings and the
// first render of My Bookings with them, a thread of 5,000 messages (opened from My Bookings and by
// a deep link, then scrolled), and the drain of 1,000 queued mutations (all applied, and again
// with 980 of them over the open-listings quota). BENCH_BROWSER_SECTIONS picks the parts: the
// sections startup, store and thread of bench/sections.mjs run one each, drain.mjs runs sync.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROME_PATH, CHROMIUM_ARGS, launchBrowser } from '../scripts/chromium.mjs';
import { signUp } from '../scripts/people.ts';
import { boundedRuns, lighthouseChrome, median, runSection, startAppServer } from './support/util.mjs';

const RUNS = 10;
const BOOKINGS = 10_000;
const MUTATIONS = 1_000;
const OUT = process.argv[2] ?? 'bench/results/browser.json';
const DIST = resolve(process.argv[3] ?? 'bench/results/dist');
const USER = { email: 'bench.sync@example.com', password: 'Bench@12345' };

// Runs in every page before its own scripts: FCP from the paint timeline, and the moment the
// 'Email Address' input is visible and enabled (checked every frame until then).
const PROBE = `(() => {
  const m = (window.__bench = { fcp: null, loginReady: null, firstRow: null, empty: null });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') m.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  const usable = (el) => el && !el.disabled && el.getClientRects().length > 0;
  const loginInput = () => {
    const label = [...document.querySelectorAll('label')].find((l) => l.textContent.trim().startsWith('Email Address'));
    return label && (label.control || document.getElementById(label.htmlFor));
  };
  const rowLink = () => [...document.querySelectorAll('a, button')].find((e) => e.textContent.trim() === 'View Details');
  const tick = () => {
    if (m.loginReady === null && usable(loginInput())) m.loginReady = performance.now();
    if (location.pathname === '/mybookings') {
      if (m.firstRow === null && rowLink()) m.firstRow = performance.now();
      if (m.empty === null && document.body && document.body.innerText.includes('No bookings found.')) m.empty = performance.now();
    }
    if (m.loginReady === null || (location.pathname === '/mybookings' && m.firstRow === null && m.empty === null))
      requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

async function measureLoad(page, url) {
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Email Address').waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForFunction(() => window.__bench.loginReady !== null && window.__bench.fcp !== null, null, {
    timeout: 30_000,
  });
  return page.evaluate(() => ({ fcp: window.__bench.fcp, loginReady: window.__bench.loginReady }));
}

const contextOptions = { executablePath: CHROME_PATH, headless: true, args: CHROMIUM_ARGS, bypassCSP: true };

async function cold(base) {
  const runs = await boundedRuns(RUNS, 180_000, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'carry-bench-cold-'));
    const context = await chromium.launchPersistentContext(dir, contextOptions);
    try {
      await context.addInitScript(PROBE);
      const page = context.pages()[0] ?? (await context.newPage());
      return await measureLoad(page, `${base}/`);
    } finally {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
  return summarise(runs);
}

async function warmOffline(base) {
  const dir = mkdtempSync(join(tmpdir(), 'carry-bench-warm-'));
  const context = await chromium.launchPersistentContext(dir, contextOptions);
  try {
    await context.addInitScript(PROBE);
    const first = context.pages()[0] ?? (await context.newPage());
    await measureLoad(first, `${base}/`);
    // The precache is complete once the worker is active and controls the page.
    await first
      .waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', null, {
        timeout: 30_000,
      })
      .catch(() => {
        throw new Error('no active service worker controlled the page within 30 s');
      });
    await context.setOffline(true);
    const runs = await boundedRuns(RUNS, 120_000, async () => {
      const page = await context.newPage();
      try {
        const m = await measureLoad(page, `${base}/`);
        const fromSw = await page.evaluate(() => Boolean(navigator.serviceWorker.controller));
        return { ...m, fromSw };
      } finally {
        await page.close();
      }
    });
    await first.close();
    return { ...summarise(runs), allFromServiceWorker: runs.every((r) => r.fromSw) };
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function summarise(runs) {
  return {
    runs: runs.length,
    fcpMs: median(runs.map((r) => r.fcp)),
    loginReadyMs: median(runs.map((r) => r.loginReady)),
    fcpAll: runs.map((r) => Math.round(r.fcp)),
    loginReadyAll: runs.map((r) => Math.round(r.loginReady)),
  };
}

async function runLighthouse(port) {
  const chrome = await lighthouseChrome();
  try {
    const { lhr } = await lighthouse(`http://localhost:${port}/`, {
      port: chrome.port,
      output: 'json',
      onlyCategories: ['performance'],
      logLevel: 'error',
    });
    const audit = (id) => lhr.audits[id]?.numericValue ?? null;
    return {
      profile: 'mobile',
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcpMs: audit('first-contentful-paint'),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      speedIndexMs: audit('speed-index'),
    };
  } finally {
    await chrome.kill();
  }
}

async function benchPage(browser, base) {
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  await page.goto(`${base}/__bench/index.html`);
  await page.waitForFunction(() => document.title.includes('(ready)'), null, { timeout: 30_000 });
  return { context, page };
}

async function store(browser, base) {
  const { context, page } = await benchPage(browser, base);
  try {
    const mirror = await page.evaluate((n) => window.carryBench.mirror(n), BOOKINGS);
    await page.evaluate((n) => window.carryBench.seedApp(n), BOOKINGS);
    // Offline API: the screen renders what IndexedDB holds, and no refresh replaces it meanwhile.
    await context.route(/\/(api|auth)\//, (route) => route.abort('internetdisconnected'));
    await context.addInitScript(PROBE);
    const renders = await boundedRuns(3, 90_000, async () => {
      await page.goto(`${base}/mybookings`, { waitUntil: 'domcontentloaded' });
      await page.waitForFunction(
        () => window.__bench.firstRow !== null || window.__bench.empty !== null,
        null,
        {
          timeout: 30_000,
        },
      );
      return page.evaluate(() => ({
        firstRowMs: window.__bench.firstRow,
        emptyMs: window.__bench.empty,
        rendered: [...document.querySelectorAll('a, button')].filter(
          (e) => e.textContent.trim() === 'View Details',
        ).length,
        path: location.pathname,
      }));
    }).catch((err) => ({ error: err.message.split('\n')[0] }));
    const render = Array.isArray(renders)
      ? {
          runs: renders.length,
          firstRowMs: median(renders.map((r) => r.firstRowMs ?? Number.NaN)),
          rowsInDom: renders.at(-1)?.rendered ?? 0,
          sawEmpty: renders.some((r) => r.emptyMs !== null && r.firstRowMs === null),
          path: renders.at(-1)?.path,
        }
      : { error: `${renders.error} (is the My Bookings screen built?)` };
    return { bookings: BOOKINGS, mirror, render };
  } finally {
    await context.close();
  }
}

/**
 * Runs `fn` under a Chromium trace of top-level tasks and sums up the page's main thread: tasks,
 * their CPU (thread time) in all, how many took over 50 ms of CPU and of wall clock, the longest.
 * A task's wall time counts the moments the OS gave its core to another process; on a loaded
 * machine that is most of a "long task", its CPU time is what the page's own work cost.
 */
async function traced(browser, page, fn) {
  await browser.startTracing(page, { categories: ['toplevel'] });
  let result;
  let buffer;
  try {
    result = await fn();
  } finally {
    buffer = await browser.stopTracing();
  }
  const { traceEvents } = JSON.parse(buffer.toString());
  const mains = new Set(
    traceEvents
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map();
  for (const e of traceEvents) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || e.dur === undefined || !/RunTask/.test(e.name) || !mains.has(key)) continue;
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key).push(e);
  }
  const cpu = (e) => (e.tdur ?? e.dur) / 1000;
  // The page's renderer: the main thread that worked most. Top-level tasks only.
  const busiest = [...byThread.values()].sort(
    (a, b) => b.reduce((x, e) => x + cpu(e), 0) - a.reduce((x, e) => x + cpu(e), 0),
  )[0];
  const tasks = [];
  let end = Number.NEGATIVE_INFINITY;
  for (const e of (busiest ?? []).sort((a, b) => a.ts - b.ts)) {
    if (e.ts < end) continue;
    tasks.push({ wall: e.dur / 1000, cpu: cpu(e) });
    end = e.ts + e.dur;
  }
  const r1 = (x) => Math.round(x * 10) / 10;
  return {
    result,
    tasks: {
      count: tasks.length,
      cpuMs: r1(tasks.reduce((x, t) => x + t.cpu, 0)),
      cpuOver50: tasks.filter((t) => t.cpu > 50).length,
      wallOver50: tasks.filter((t) => t.wall > 50).length,
      maxCpuMs: r1(Math.max(0, ...tasks.map((t) => t.cpu))),
      maxWallMs: r1(Math.max(0, ...tasks.map((t) => t.wall))),
    },
  };
}

const THREAD_MESSAGES = 5_000;
const NEWEST = `message ${THREAD_MESSAGES}`;

// Runs in every page: the time of the click on "Message", the frame after the newest message is
// on screen (double requestAnimationFrame: that frame has been painted), and every long task.
const THREAD_PROBE = `(() => {
  const t = (window.__thread = { clicked: null, painted: null, longTasks: [] });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) t.longTasks.push({ start: e.startTime, ms: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  document.addEventListener('click', (e) => {
    const a = e.target instanceof Element ? e.target.closest('a') : null;
    if (a && a.textContent.trim().startsWith('Message')) t.clicked = performance.now();
  }, true);
  const tick = () => {
    const log = document.querySelector('[role="log"][aria-label="Messages"]');
    if (t.painted === null && log && log.textContent.includes(${JSON.stringify(NEWEST)}))
      requestAnimationFrame(() => requestAnimationFrame(() => { t.painted = performance.now(); }));
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

/**
 * A thread of 5,000 messages from the local store (API unreachable): the time from the click on
 * "Message" (My Bookings -> View Details) to the newest message painted, the same for a deep link
 * (from navigation start), and the long tasks while the thread is scrolled from the newest to
 * the oldest message with the mouse wheel.
 */
async function thread(browser, base) {
  const loadBefore = loadavg().map((x) => Number(x.toFixed(2)));
  const { context, page } = await benchPage(browser, base);
  try {
    await page.evaluate((n) => window.carryBench.seedThread(n), THREAD_MESSAGES);
    await context.route(/\/(api|auth)\//, (route) => route.abort('internetdisconnected'));
    await context.addInitScript(THREAD_PROBE);
    await page.setViewportSize({ width: 390, height: 844 });
    const opens = await boundedRuns(3, 120_000, async () => {
      await page.goto(`${base}/mybookings`, { waitUntil: 'domcontentloaded' });
      await page.getByRole('button', { name: 'View Details' }).click({ timeout: 30_000 });
      const { tasks } = await traced(browser, page, async () => {
        await page.getByRole('link', { name: /^Message/ }).click();
        await page.waitForFunction(() => window.__thread.painted !== null, null, { timeout: 30_000 });
      });
      const timed = await page.evaluate(() => ({
        ms: window.__thread.painted - window.__thread.clicked,
        longTasks: window.__thread.longTasks.filter((l) => l.start >= window.__thread.clicked).length,
      }));
      return { ...timed, tasks };
    });
    const deepLinks = await boundedRuns(3, 120_000, async () => {
      await page.goto(`${base}/bookings/thread/messages`, { waitUntil: 'domcontentloaded' });
      await page.waitForFunction(() => window.__thread.painted !== null, null, { timeout: 30_000 });
      return page.evaluate(() => window.__thread.painted);
    });
    // Scroll from the newest to the oldest: wheel steps of 400 px, one per frame or so, until the
    // oldest message is on screen (the screen reads older pages as it nears the top, so the top
    // of the page is not the top of the thread until the last page is in).
    const before = await page.evaluate(() => performance.now());
    const rowsInDom = await page.evaluate(
      () => document.querySelectorAll('[role="log"][aria-label="Messages"] time').length,
    );
    const atOldest = () =>
      page.evaluate(
        () =>
          window.scrollY === 0 &&
          Boolean(
            document.querySelector('[role="log"][aria-label="Messages"]')?.textContent.includes('message 1:'),
          ),
      );
    await page.mouse.move(195, 400);
    const started = Date.now();
    let steps = 0;
    const { tasks: scrollTasks } = await traced(browser, page, async () => {
      while (!(await atOldest()) && Date.now() - started < 60_000) {
        await page.mouse.wheel(0, -400);
        await page.waitForTimeout(16);
        steps += 1;
      }
    });
    const scroll = await page.evaluate((from) => {
      const tasks = window.__thread.longTasks.filter((l) => l.start >= from);
      const oldest = document
        .querySelector('[role="log"][aria-label="Messages"]')
        ?.textContent.includes('message 1:');
      return {
        longTasks: tasks.length,
        over50: tasks.filter((l) => l.ms > 50).length,
        maxMs: Math.max(0, ...tasks.map((l) => l.ms)),
        longestMs: tasks
          .map((l) => Math.round(l.ms))
          .sort((a, b) => b - a)
          .slice(0, 10),
        oldest,
      };
    }, before);
    return {
      messages: THREAD_MESSAGES,
      runs: opens.length,
      openMs: median(opens.map((o) => o.ms)),
      openAll: opens.map((o) => Math.round(o.ms)),
      // Main-thread CPU (thread time) from the click to the newest painted, which the load on a
      // shared machine stretches far less than the wall clock.
      openCpuMs: median(opens.map((o) => o.tasks.cpuMs)),
      openCpuAll: opens.map((o) => o.tasks.cpuMs),
      openMaxTaskCpuMs: Math.max(...opens.map((o) => o.tasks.maxCpuMs)),
      deepLinkMs: median(deepLinks),
      rowsInDom,
      scroll: { ...scroll, steps, seconds: (Date.now() - started) / 1000, cpu: scrollTasks },
      loadavg: { before: loadBefore, after: loadavg().map((x) => Number(x.toFixed(2))) },
    };
  } finally {
    await context.close();
  }
}

/** Signs the bench user up on `base`, opens the bench page there and drains MUTATIONS add-listings. */
async function drainOn(browser, base, direct) {
  await signUp(base, { name: 'Bench Sync', ...USER });
  const { context, page } = await benchPage(browser, base);
  try {
    page.setDefaultTimeout(600_000);
    return await page.evaluate(
      ({ n, email, password, direct }) =>
        window.carryBench.drain(n, email, password, direct).catch((e) => ({ error: String(e?.stack ?? e) })),
      { n: MUTATIONS, ...USER, direct },
    );
  } finally {
    await context.close();
  }
}

/**
 * The drain on this run's server, whose open-listings quota (OPEN_LISTINGS_PER_CARRIER, raised
 * below) lets all 1,000 apply, and the same queue on a server with the default quota, where 20
 * apply and 980 are refused: what an over-quota user's queue costs.
 */
async function sync(browser, base) {
  const applied = await drainOn(browser, base, true);
  const other = await startAppServer(DIST, 'refusals');
  try {
    return { ...applied, refusals: await drainOn(browser, other.base, false) };
  } finally {
    await other.stop();
  }
}

// The drain's 1,000 new listings and the 1,000 sent one by one after it all apply (sync above).
const { port, base, stop } = await startAppServer(DIST, 'app', {
  OPEN_LISTINGS_PER_CARRIER: String(2 * MUTATIONS),
});
const out = { port };
try {
  const sections = (
    process.env.BENCH_BROWSER_SECTIONS ?? 'cold,warmOffline,lighthouse,store,thread,sync'
  ).split(',');
  if (sections.includes('cold')) await runSection('browser', 'cold', out, () => cold(base));
  if (sections.includes('warmOffline'))
    await runSection('browser', 'warmOffline', out, () => warmOffline(base));
  if (sections.includes('lighthouse'))
    await runSection('browser', 'lighthouse', out, () => runLighthouse(port));
  const browser = await launchBrowser();
  try {
    if (sections.includes('store')) await runSection('browser', 'store', out, () => store(browser, base));
    if (sections.includes('thread')) await runSection('browser', 'thread', out, () => thread(browser, base));
    if (sections.includes('sync')) await runSection('browser', 'sync', out, () => sync(browser, base));
  } finally {
    await browser.close();
  }
} finally {
  await stop();
  writeFileSync(OUT, JSON.stringify(out, null, 2));
}
