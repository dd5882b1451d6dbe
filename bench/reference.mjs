// The first sync's cost of the airport list: the answer of GET /api/get/airports (rows, bytes as
// sent, raw, gzip and brotli) beside the earlier India-plus-hubs selection, and, in headless
// Chromium with an empty IndexedDB, the time from opening /travellerhome until the From picker
// is usable (fetch, parse, mirror into IndexedDB, render), median of 3 fresh profiles.
import { writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { resolve } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { HUB_AIRPORTS } from '@/server';
import { launchBrowser, PHONE } from '../scripts/chromium.mjs';
import { createApiUser, loginThroughScreen } from '../scripts/people.ts';
import { median, startAppServer } from './support/util.mjs';

const OUT = process.argv[2] ?? 'bench/results/reference.json';
const DIST = resolve(process.argv[3] ?? 'bench/results/dist');
const RUNS = 3;

function sizes(body) {
  const buf = Buffer.from(body);
  return { raw: buf.length, gzip: gzipSync(buf).length, brotli: brotliCompressSync(buf).length };
}

/** The selection before every scheduled airport was seeded: India plus the hub list. */
function earlierSelection(rows) {
  const hubs = new Set(HUB_AIRPORTS);
  return rows.filter((a) => a.country === 'India' || hubs.has(a.code));
}

/** Bytes on the wire for a browser's Accept-Encoding (fetch would decompress them). */
function wireBytes(url) {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
      let n = 0;
      res.on('data', (d) => {
        n += d.length;
      });
      res.on('end', () => resolve({ bytes: n, encoding: res.headers['content-encoding'] ?? 'identity' }));
    }).on('error', reject);
  });
}

async function firstSync(browser, base, user) {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await loginThroughScreen(page, base, user);
  // A fresh profile has no airports yet; the role choice does not load them.
  const started = Date.now();
  await page.getByRole('button', { name: /^Traveller/ }).click();
  await page.getByRole('combobox', { name: 'From', exact: true }).waitFor({ timeout: 60_000 });
  const ms = Date.now() - started;
  await context.close();
  return { ms };
}

const { base, stop } = await startAppServer(DIST, 'ref');
try {
  const user = await createApiUser(base, 'Bench Ref', '9876543210');
  const res = await fetch(`${base}/api/get/airports`, {
    headers: { cookie: user.cookie, 'accept-encoding': 'identity' },
  });
  const body = await res.text();
  const rows = JSON.parse(body);
  const earlier = earlierSelection(rows);
  const browser = await launchBrowser();
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await firstSync(browser, base, user));
  await browser.close();
  const wire = await wireBytes(`${base}/api/get/airports`);
  const result = {
    wire,
    airports: { rows: rows.length, ...sizes(body) },
    earlier: { rows: earlier.length, ...sizes(JSON.stringify(earlier)) },
    firstSyncMs: median(runs.map((r) => r.ms)),
    runs,
  };
  writeFileSync(OUT, JSON.stringify(result, null, 2));
  console.log(JSON.stringify(result));
} finally {
  await stop();
}
