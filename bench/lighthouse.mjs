// `npm run lighthouse`: starts the app (built if stale) on a temporary database with a carrier,
// a listing and a booking, runs Lighthouse on its mobile profile (desktop with --desktop) in the
// machine's Chromium on every route: logged out (/, /signup), then logged in as each role
// (traveller, carrier, sender) on each of that role's routes, as a returning user (session,
// service worker and local store kept between runs). Writes lighthouse-report.html/.json (the
// last route) and lighthouse-routes.json, and prints one table row per route.
// With --new-phone, each logged-in audit is a first visit on a new phone after login: before it the
// origin's IndexedDB, service worker, Cache Storage and file systems are cleared, while the
// session (its cookie, and the signed-in user and role in localStorage) is kept, so the route
// starts with an empty local store and no precache: the first pull and the reference data
// (3,000 airports) are fetched, stored and indexed during the audit.
//   npm run lighthouse -- [--desktop] [--new-phone] [--runs 3] [/only/this/path ...]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { lighthouseChrome, median, waitForOk } from './support/util.mjs';

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 8099);
const BASE = `http://localhost:${PORT}`;
const desktop = process.argv.includes('--desktop');
const newPhone = process.argv.includes('--new-phone');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 1;
const only = process.argv.slice(2).filter((a) => a.startsWith('/'));

/** Every route, by who sees it. */
const ROUTES = {
  'logged out': ['/', '/signup'],
  traveller: ['/choose_user_type', '/travellerhome', '/mybookings', '/booking', '/contact', '/set-profile'],
  carrier: ['/carrierhome', '/carrier/orders', '/carrier/add-listing'],
  sender: ['/senderhome', '/profile'],
};
const USER = {
  email: 'lighthouse@example.com',
  password: 'Carry@2024',
  name: 'Meera Shah',
  phone: '9123456780',
};
const CARRIER = {
  email: 'lh.carrier@example.com',
  password: 'Carry@2024',
  name: 'Asha Rao',
  phone: '9876543210',
};

async function api(method, path, body, cookie = '') {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: { 'content-type': 'application/json', origin: BASE, cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok && res.status !== 409) throw new Error(`${method} ${path}: ${res.status}`);
  return res;
}

async function signIn(user) {
  await api('POST', '/auth/signup', { ...user, age: 30, gender: 'female', confirmPassword: user.password });
  const res = await api('POST', '/auth/login', { email: user.email, password: user.password });
  return (res.headers.get('set-cookie') ?? '').split(';')[0];
}

/** A listing by another carrier, booked by the measured user, so the lists have rows. */
async function seed() {
  const carrier = await signIn(CARRIER);
  const user = await signIn(USER);
  const departure = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const listing = { from: 'DEL', to: 'BOM', departure, time: '09:30', airline: 'AI', flightNo: 'AI101' };
  await api(
    'POST',
    '/carrier/carrier/add-listing',
    { ...listing, weight: 20, cost: 800, ...CARRIER },
    carrier,
  );
  const [mine] = await (await api('GET', `/api/listings/${CARRIER.email}`, undefined, carrier)).json();
  const { name, email, phone } = USER;
  await api('POST', '/api/book', { name, email, phone, weight: 2, listingId: mine.id }, user);
  await api(
    'POST',
    '/carrier/carrier/add-listing',
    { ...listing, flightNo: 'AI102', weight: 5, cost: 900, ...USER },
    user,
  );
}

/** Logs in through the app (first call) and picks `role`, in the Chrome Lighthouse drives. */
async function becomeRole(port, role) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0];
  const page = await context.newPage();
  await page.goto(`${BASE}/choose_user_type`);
  const login = page.getByRole('button', { name: 'Login' });
  const who = page.getByRole('heading', { name: 'Who are you?' });
  await Promise.race([login.waitFor(), who.waitFor()]);
  if (await login.isVisible()) {
    await page.getByLabel('Email Address').fill(USER.email);
    await page.getByLabel('Password', { exact: true }).fill(USER.password);
    await login.click();
  }
  await who.waitFor();
  await page.getByRole('button', { name: new RegExp(`^${role}`, 'i') }).click();
  await page.waitForURL((u) => u.pathname !== '/choose_user_type');
  // One visit of each route first: the mirror is filled, as for a returning user. A new phone
  // has visited none: each audit starts from cleared storage (clearSiteStorage).
  for (const path of newPhone ? [] : ROUTES[role]) {
    await page.goto(`${BASE}${path}`);
    await page.waitForLoadState('networkidle');
  }
  await page.close();
  await browser.close();
}

/** A new phone after login: everything the origin stores but its cookies and localStorage
 * (where the session and the chosen role live) is gone, and no page of it is open. */
async function clearSiteStorage(port) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0];
  for (const p of context.pages()) if (p.url().startsWith(BASE)) await p.close();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', {
    origin: BASE,
    storageTypes: 'indexeddb,service_workers,cache_storage,file_systems,shader_cache,websql',
  });
  await page.close();
  await browser.close();
}

async function audit(port, path, loggedIn) {
  if (loggedIn && newPhone) await clearSiteStorage(port);
  const result = await lighthouse(
    `${BASE}${path}`,
    {
      port,
      output: ['html', 'json'],
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      disableStorageReset: loggedIn,
    },
    desktop ? desktopConfig : undefined,
  );
  return result;
}

const dataDir = mkdtempSync(join(tmpdir(), 'carry-lh-'));
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let chrome;
const rows = [];
try {
  await waitForOk(`http://127.0.0.1:${PORT}/api/health`, 180_000);
  await seed();
  chrome = await lighthouseChrome();
  let last;
  for (const [who, paths] of Object.entries(ROUTES)) {
    const wanted = paths.filter((p) => only.length === 0 || only.includes(p));
    if (wanted.length === 0) continue;
    const loggedIn = who !== 'logged out';
    if (loggedIn) await becomeRole(chrome.port, who);
    for (const path of wanted) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        last = await audit(chrome.port, path, loggedIn);
        runs.push(last.lhr);
      }
      const pick = (id) => median(runs.map((l) => l.audits[id]?.numericValue ?? Number.NaN));
      const score = (id) => median(runs.map((l) => Math.round((l.categories[id]?.score ?? 0) * 100)));
      const row = {
        who,
        path,
        landedOn: new URL(runs[0].finalDisplayedUrl).pathname,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        fcpMs: Math.round(pick('first-contentful-paint')),
        lcpMs: Math.round(pick('largest-contentful-paint')),
        tbtMs: Math.round(pick('total-blocking-time')),
        cls: Number(pick('cumulative-layout-shift').toFixed(3)),
      };
      rows.push(row);
      console.log(
        `| ${who} | ${path}${row.landedOn !== path ? ` (landed on ${row.landedOn})` : ''} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${(row.fcpMs / 1000).toFixed(1)} s | ${(row.lcpMs / 1000).toFixed(1)} s | ${row.tbtMs} ms | ${row.cls} |`,
      );
    }
  }
  if (last) {
    const [html, json] = last.report;
    writeFileSync('lighthouse-report.html', html);
    writeFileSync('lighthouse-report.json', json);
  }
  writeFileSync(
    'lighthouse-routes.json',
    JSON.stringify(
      { profile: desktop ? 'desktop' : 'mobile', newPhone, runs: RUNS, date: new Date().toISOString(), rows },
      null,
      2,
    ),
  );
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
