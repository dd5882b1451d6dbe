// Search on a watched route with no network (`node --import tsx bench/watched.mjs
// out.json`, or `npm run bench -- watched`): one traveller in headless Chromium watches a route
// (20 listings over its 3 days), the mirror fills, then the browser goes offline and the search
// is timed, in the page, from the Search click to the first result card on screen (the form on an
// open screen, a new flight number each time so each is a new search), and from navigation start
// to the first card when the app is opened offline on a search URL (a reload at the gate). The
// goal: first result within 300 ms. The load average is recorded beside the numbers.
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { launchBrowser, PHONE } from '../scripts/chromium.mjs';
import { createApiUser, listingBody, loginInBrowser } from '../scripts/people.ts';
import { median, percentile, round, runSection, startAppServer } from './support/util.mjs';

const out = {};
const file = process.argv[2] ?? 'bench/results/watched.json';
const SAMPLES = Number(process.env.BENCH_WATCHED_SAMPLES ?? 20);
const DAY_MS = 86_400_000;
const day = (n) => new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10);
const DEPARTURE = day(30);

const stats = (xs) => ({
  samples: xs.length,
  p50: round(median(xs), 0),
  p95: round(percentile(xs, 95), 0),
  max: round(Math.max(...xs), 0),
});

/** In the page: the time of the first result card after `since` (performance.now()). */
function firstCardAfter(page) {
  return page.waitForFunction(
    () => {
      const w = window;
      return w.__firstCard ?? null;
    },
    undefined,
    { timeout: 30_000, polling: 'raf' },
  );
}

const OBSERVE = () => {
  const w = window;
  w.__firstCard = null;
  const look = () => {
    if (w.__firstCard !== null) return;
    const line = [...document.querySelectorAll('p[role="status"]')].find((p) =>
      p.textContent?.includes('from your watched route'),
    );
    if (line && document.querySelector('section[aria-label="Results"] li')) w.__firstCard = performance.now();
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
};

async function measure(base) {
  const carrier = await createApiUser(base, 'Asha Rao', '9876543210');
  const traveller = await createApiUser(base, 'Meera Shah', '9876543210');
  for (let i = 0; i < 20; i++) {
    const fields = { to: 'BOM', flightNo: `AI${300 + i}`, weight: 10, cost: 400 + i * 10 };
    await carrier.json(
      'POST',
      '/carrier/carrier/add-listing',
      listingBody(carrier, day(29 + (i % 3)), fields),
    );
  }
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await loginInBrowser(page, base, traveller, 'traveller');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
    const query = (flightNo) => `from=DEL&to=BOM&departure=${DEPARTURE}&flightNo=${flightNo}&airline=AI`;
    await page.goto(`${base}/travellerhome?${query('AI300')}`);
    await page.getByText(/Showing \d+ of \d+ results/).waitFor({ timeout: 30_000 });
    await page.getByLabel('Dates to watch').selectOption({ label: '± 1 day' });
    await page.getByRole('button', { name: 'Watch this route' }).click();
    // Mirrored: the server confirmed the watch, nothing waits to be sent, and its 20 listings are
    // in IndexedDB (the device seeds the mirror from earlier searches at once, before the server
    // has the watch). Polled from here: waitForFunction takes a returned promise for a truthy answer.
    const mirrored = () =>
      page.evaluate(
        () =>
          new Promise((resolve) => {
            const open = indexedDB.open('carry');
            open.onsuccess = () => {
              const tx = open.result.transaction(['watched', 'watches', 'outbox']);
              const count = tx.objectStore('watched').count();
              const watches = tx.objectStore('watches').getAll();
              const waiting = tx.objectStore('outbox').count();
              tx.oncomplete = () => {
                const synced =
                  watches.result.length > 0 && watches.result.every((w) => w.syncState === 'synced');
                resolve(count.result >= 20 && synced && waiting.result === 0);
                open.result.close();
              };
            };
            open.onerror = () => resolve(false);
          }),
      );
    const until = Date.now() + 60_000;
    while (!(await mirrored())) {
      if (Date.now() > until) throw new Error('the watched route was not mirrored within 60 s');
      await new Promise((r) => setTimeout(r, 250));
    }
    await context.setOffline(true);
    await context.addInitScript(OBSERVE);

    // Opened offline on a search URL: navigation start to the first card.
    const cold = [];
    for (let i = 0; i < SAMPLES; i++) {
      await page.goto(`${base}/travellerhome?${query(`AI${300 + (i % 20)}`)}`);
      cold.push(await (await firstCardAfter(page)).jsonValue());
    }
    // The form on an open screen: the Search click to the first card.
    const form = [];
    await page.goto(`${base}/travellerhome`);
    await page.getByLabel('Flight Number').waitFor();
    await page.getByRole('combobox', { name: 'From', exact: true }).fill('DEL');
    await page.getByRole('combobox', { name: 'From', exact: true }).press('Enter');
    await page.getByRole('combobox', { name: 'To', exact: true }).fill('BOM');
    await page.getByRole('combobox', { name: 'To', exact: true }).press('Enter');
    await page.getByLabel('Departure Date').fill(DEPARTURE);
    await page.getByRole('combobox', { name: 'Airline', exact: true }).fill('AI');
    await page.getByRole('combobox', { name: 'Airline', exact: true }).press('Enter');
    for (let i = 0; i < SAMPLES; i++) {
      await page.getByLabel('Flight Number').fill(`AI${400 + i}`);
      const clicked = await page.evaluate(() => {
        window.__firstCard = null;
        return performance.now();
      });
      await page.getByRole('button', { name: 'Search' }).click();
      form.push((await (await firstCardAfter(page)).jsonValue()) - clicked);
    }
    return { openOffline: stats(cold), formSearch: stats(form), load: loadavg().map((x) => round(x, 1)) };
  } finally {
    await browser.close();
  }
}

let dist = process.env.BENCH_DIST;
if (!dist) {
  buildIfStale();
  dist = './dist';
}
await runSection('watched', 'pglite', out, () =>
  startAppServer(dist, 'watched', { SIGNUP_LIMIT_PER_HOUR: '1000' }).then(async (s) => {
    try {
      return await measure(s.base);
    } finally {
      await s.stop();
    }
  }),
);
writeFileSync(file, JSON.stringify({ ...out, date: new Date().toISOString() }, null, 2));
console.log(JSON.stringify(out, null, 2));
