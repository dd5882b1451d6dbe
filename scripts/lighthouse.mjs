// `npm run lighthouse`: starts the app (built if stale) on a temporary database, runs Lighthouse
// on its mobile profile (and desktop with --desktop) in the machine's Chromium, writes the
// report to lighthouse-report.html / .json and prints the category scores.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { waitForOk } from './bench/util.mjs';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 8099);
const desktop = process.argv.includes('--desktop');
const path = process.argv.find((a) => a.startsWith('/')) ?? '/';

const dataDir = mkdtempSync(join(tmpdir(), 'carry-lh-'));
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let chrome;
try {
  await waitForOk(`http://127.0.0.1:${PORT}/api/health`, 180_000);
  chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
    ],
  });
  const result = await lighthouse(
    `http://localhost:${PORT}${path}`,
    {
      port: chrome.port,
      output: ['html', 'json'],
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    },
    desktop ? desktopConfig : undefined,
  );
  const [html, json] = result.report;
  writeFileSync('lighthouse-report.html', html);
  writeFileSync('lighthouse-report.json', json);
  const lhr = result.lhr;
  console.log(
    `Lighthouse ${lhr.lighthouseVersion}, ${desktop ? 'desktop' : 'mobile'} profile, ${lhr.finalDisplayedUrl}`,
  );
  for (const [id, cat] of Object.entries(lhr.categories))
    console.log(`  ${id}: ${Math.round((cat.score ?? 0) * 100)}`);
  for (const id of [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
  ]) {
    console.log(`  ${id}: ${lhr.audits[id]?.displayValue ?? 'n/a'}`);
  }
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
