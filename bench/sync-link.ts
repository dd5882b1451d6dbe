// The sync protocol on an airport link, in headless Chromium against the real server, through
// the slow-link proxy of bench/support (300 ms one way): 15 queued mutations drained (against the
// same 15 requests sent one by one), 30 s with the link gone and 2 changes waiting (requests
// tried), and a phone photo over 40 KB/s up with a change queued behind it.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../scripts/chromium.mjs';
import { signUp } from '../scripts/people';
import { type SlowLink, startSlowLink } from './support/slow-link';
import { runSection, startAppServer } from './support/util.mjs';

const OUT = process.argv[2] ?? 'bench/results/sync-link.json';
const DIST = resolve(process.argv[3] ?? 'bench/results/dist');
const LATENCY_MS = 300;
const UP_BYTES_PER_S = 40 * 1024;
const IDLE_MS = 30_000;

async function onLink<T>(
  browser: Browser,
  link: SlowLink,
  fn: (page: import('playwright-core').Page) => Promise<T>,
) {
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  page.setDefaultTimeout(300_000);
  try {
    await page.goto(`${link.url}/__bench/index.html`);
    await page.waitForFunction(() => document.title.includes('(ready)'), null, { timeout: 120_000 });
    return await fn(page);
  } finally {
    await context.close();
  }
}

const { port, base, stop } = await startAppServer(DIST, 'link');
const out: Record<string, unknown> = { latencyMs: LATENCY_MS, upBytesPerSec: UP_BYTES_PER_S };
const target = { host: '127.0.0.1', port };
try {
  const browser = await launchBrowser();
  try {
    const sections = (process.env.BENCH_LINK_SECTIONS ?? 'latency,idle,photo').split(',');
    if (sections.includes('latency'))
      await runSection('sync-link', 'latency', out, async () => {
        const link = await startSlowLink({ target, latencyMs: LATENCY_MS });
        try {
          await signUp(base, { name: 'Bench Link', email: 'bench.latency@example.com' });
          return await onLink(browser, link, (page) =>
            page.evaluate(() => window.carryBench.drain(15, 'bench.latency@example.com', 'Bench@12345')),
          );
        } finally {
          await link.close();
        }
      });
    if (sections.includes('idle'))
      await runSection('sync-link', 'idle', out, async () => {
        const link = await startSlowLink({ target, latencyMs: LATENCY_MS });
        try {
          await signUp(base, { name: 'Bench Link', email: 'bench.idle@example.com' });
          return await onLink(browser, link, async (page) => {
            await page.evaluate(() => window.carryBench.prepareIdle('bench.idle@example.com', 'Bench@12345'));
            link.setDown(true);
            const before = { ...link.stats };
            const page_ = await page.evaluate((ms) => window.carryBench.idle(ms), IDLE_MS);
            return {
              ...page_,
              connectionsTried:
                link.stats.connections + link.stats.refused - before.connections - before.refused,
            };
          });
        } finally {
          await link.close();
        }
      });
    if (sections.includes('photo'))
      await runSection('sync-link', 'photo', out, async () => {
        const link = await startSlowLink({ target, latencyMs: LATENCY_MS, upBytesPerSec: UP_BYTES_PER_S });
        try {
          await signUp(base, { name: 'Bench Link', email: 'bench.photo@example.com' });
          return await onLink(browser, link, (page) =>
            page.evaluate(() => window.carryBench.photo('bench.photo@example.com', 'Bench@12345', 180_000)),
          );
        } finally {
          await link.close();
        }
      });
  } finally {
    await browser.close();
  }
} finally {
  await stop();
  writeFileSync(OUT, JSON.stringify(out, null, 2));
}
