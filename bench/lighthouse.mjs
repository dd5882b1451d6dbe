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
// With --locale hi, the phone is a Hindi one: Chrome's languages are Hindi (a first visit, logged
// out, picks Hindi from them) and the device's stored choice is Hindi before every logged-in audit;
// each route is checked to open with <html lang="hi-IN"> before it is audited.
//   npm run lighthouse -- [--desktop] [--new-phone] [--locale hi] [--runs 3] [/only/this/path ...]
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
const localeArg = process.argv.indexOf('--locale');
/** The phone's language: 'en' (the default) or 'hi'. */
const LOCALE = localeArg > 0 ? process.argv[localeArg + 1] : 'en';
if (!['en', 'hi'].includes(LOCALE)) throw new Error(`--locale ${LOCALE}: en or hi`);
/** What the app writes in <html lang> in that language (src/client/i18n/locales.ts). */
const HTML_LANG = { en: 'en-IN', hi: 'hi-IN' }[LOCALE];
/** Chrome's languages on such a phone: navigator.languages and Accept-Language. */
const CHROME_LANGUAGES = { en: 'en-IN,en', hi: 'hi-IN,hi,en' }[LOCALE];
/** The login screen's words in either language (an account may have been switched already). */
const WORDS = {
  login: /^(Login|लॉग इन)$/,
  who: /^(Who are you\?|आप कौन हैं\?)$/,
  email: /^(Email Address|ईमेल पता)$/,
  password: /^(Password|पासवर्ड)$/,
  role: { traveller: /^(traveller|यात्री)/i, carrier: /^(carrier|कैरियर)/i, sender: /^(sender|भेजने वाले)/i },
};

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
  const login = page.getByRole('button', { name: WORDS.login });
  const who = page.getByRole('heading', { name: WORDS.who });
  await Promise.race([login.waitFor(), who.waitFor()]);
  if (await login.isVisible()) {
    await page.getByLabel(WORDS.email).fill(USER.email);
    await page.getByLabel(WORDS.password).fill(USER.password);
    await login.click();
  }
  await who.waitFor();
  await page.getByRole('button', { name: WORDS.role[role] }).click();
  await page.waitForURL((u) => u.pathname !== '/choose_user_type');
  // The device's choice: kept in localStorage, which a logged-in audit does not reset.
  await page.evaluate(([key, locale]) => localStorage.setItem(key, locale), ['carry.locale', LOCALE]);
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

/** Opens `path` as the audit will (a logged-out one from cleared storage) and fails unless the app
 * speaks the measured language there: a Hindi run that measured English screens measures nothing. */
async function expectLanguage(port, path, loggedIn) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0];
  const page = await context.newPage();
  if (!loggedIn) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', { origin: BASE, storageTypes: 'all' });
  }
  await page.goto(`${BASE}${path}`);
  await page.locator('h1, h2').first().waitFor();
  const lang = await page.evaluate(() => document.documentElement.lang);
  await page.close();
  await browser.close();
  if (lang !== HTML_LANG) throw new Error(`${path} opened in ${lang}, not ${HTML_LANG}`);
}

async function audit(port, path, loggedIn) {
  await expectLanguage(port, path, loggedIn);
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

/** The scored audits of accessibility, best practices and SEO that failed in any of `runs`. */
function failedAudits(runs) {
  const failed = new Set();
  for (const lhr of runs)
    for (const id of ['accessibility', 'best-practices', 'seo'])
      for (const ref of lhr.categories[id]?.auditRefs ?? []) {
        const score = lhr.audits[ref.id]?.score;
        if (ref.weight > 0 && score !== null && score !== undefined && score < 1) failed.add(ref.id);
      }
  return [...failed];
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
  chrome = await lighthouseChrome([
    `--accept-lang=${CHROME_LANGUAGES}`,
    `--lang=${CHROME_LANGUAGES.split(',')[0]}`,
  ]);
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
        // What cost accessibility, best practices or SEO points (an audit failed in any run): the
        // finding to fix, and what to compare between the two languages.
        failed: failedAudits(runs),
      };
      rows.push(row);
      console.log(
        `| ${who} | ${path}${row.landedOn !== path ? ` (landed on ${row.landedOn})` : ''} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${(row.fcpMs / 1000).toFixed(1)} s | ${(row.lcpMs / 1000).toFixed(1)} s | ${row.tbtMs} ms | ${row.cls} |${row.failed.length ? ` failed: ${row.failed.join(', ')}` : ''}`,
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
      {
        profile: desktop ? 'desktop' : 'mobile',
        newPhone,
        locale: LOCALE,
        runs: RUNS,
        date: new Date().toISOString(),
        rows,
      },
      null,
      2,
    ),
  );
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
