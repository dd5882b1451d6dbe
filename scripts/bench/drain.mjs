// The drain of 1,000 queued add-listing mutations (browser.mjs's sync section: the app's command
// queues them in Chromium's IndexedDB, replayOutbox pushes them in batches to the real server on
// loopback and pulls), three times on fresh servers, with the median run by drain time, and the
// server's push alone in-process (push.ts, median of 3). Since the open-listings quota (20), 980
// of the 1,000 are refused by the server (listing/quota-reached): the drain measures a queue of
// mostly refusals, each answered by its own savepoint. Writes bench-results/drain.json;
// `node scripts/bench.mjs --only drain` renders its section. Builds bench-results/dist if missing.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { BENCH_DIST, buildForBench } from './build.mjs';

const OUT = process.argv[2] ?? 'bench-results/drain.json';
const RUNS = 3;

if (!existsSync(`${BENCH_DIST}/__bench/index.html`)) await buildForBench();
const out = { date: new Date().toISOString(), loadBefore: loadavg()[0], runs: [], push: null };
for (let i = 0; i < RUNS; i++) {
  const file = `${OUT}.run${i}.json`;
  const r = spawnSync(process.execPath, ['scripts/bench/browser.mjs', file, BENCH_DIST], {
    env: { ...process.env, BENCH_BROWSER_SECTIONS: 'sync' },
    stdio: 'inherit',
  });
  if (r.status !== 0) continue;
  const sync = JSON.parse(readFileSync(file, 'utf8')).sync;
  if (sync && !sync.error) out.runs.push({ ...sync, load: loadavg()[0] });
}
const push = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench/push.ts'], { encoding: 'utf8' });
const median = /median (\d+) ms/.exec(push.stdout ?? '');
out.push = median ? { medianMs: Number(median[1]), lines: push.stdout.trim().split('\n') } : null;
out.loadAfter = loadavg()[0];
const sorted = [...out.runs].sort((a, b) => a.drainMs - b.drainMs);
out.median = sorted[Math.floor(sorted.length / 2)] ?? null;
writeFileSync(OUT, JSON.stringify(out, null, 2));
