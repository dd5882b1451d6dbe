// The drain of 1,000 queued add-listing mutations (browser.mjs's sync section: the app's command
// queues them in Chromium's IndexedDB, replayOutbox pushes them in batches to the real server on
// loopback and pulls), three times on fresh servers, with the median run by drain time, and the
// server's push alone in-process (push.ts, median of 3). Twice each: with the server's open-listings
// quota raised (OPEN_LISTINGS_PER_CARRIER) so all 1,000 apply, the drain itself; and with the
// default quota (20), where 980 are refused (listing/quota-reached), what an over-quota user's queue
// costs. Writes bench/results/drain.json; `npm run bench -- drain` runs it and renders its figures.
// Builds bench/results/dist if missing.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { BENCH_DIST, buildForBench } from './support/build.mjs';

const OUT = process.argv[2] ?? 'bench/results/drain.json';
const RUNS = 3;

if (!existsSync(`${BENCH_DIST}/__bench/index.html`)) await buildForBench();
const out = { date: new Date().toISOString(), loadBefore: loadavg()[0], runs: [], push: null };
for (let i = 0; i < RUNS; i++) {
  const file = `${OUT}.run${i}.json`;
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/browser.mjs', file, BENCH_DIST], {
    env: { ...process.env, BENCH_BROWSER_SECTIONS: 'sync' },
    stdio: 'inherit',
  });
  if (r.status !== 0) continue;
  const sync = JSON.parse(readFileSync(file, 'utf8')).sync;
  if (sync && !sync.error) out.runs.push({ ...sync, load: loadavg()[0] });
}
/** push.ts's median (wall and CPU) with the server's quota at `quota`. */
function pushAlone(quota) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/push.ts', '1000', 'add-listing', quota], {
    encoding: 'utf8',
  });
  const median = /median (\d+) ms, CPU (\d+) ms/.exec(r.stdout ?? '');
  return median
    ? { medianMs: Number(median[1]), cpuMs: Number(median[2]), lines: r.stdout.trim().split('\n') }
    : { error: (r.stderr ?? '').trim().split('\n').slice(-3).join(' ') };
}
out.push = pushAlone('1000');
out.pushRefusals = pushAlone('20');
out.loadAfter = loadavg()[0];
const sorted = [...out.runs].sort((a, b) => a.drainMs - b.drainMs);
out.median = sorted[Math.floor(sorted.length / 2)] ?? null;
const refusals = out.runs.map((r) => r.refusals).filter((r) => r && !r.error);
out.refusalsMedian = refusals.sort((a, b) => a.drainMs - b.drainMs)[Math.floor(refusals.length / 2)] ?? null;
writeFileSync(OUT, JSON.stringify(out, null, 2));
