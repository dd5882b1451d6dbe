// `npm run bench`: builds the client into bench/results/dist, then measures in one run the
// bundle, the store filter (Node), the browser (start-up, Lighthouse, IndexedDB mirror and My
// Bookings render, outbox drain), the sync protocol on a slow link, the server under load on PGlite and PostgreSQL, and
// another client's small requests while others upload and download photos, live pokes, search on
// a watched route offline, and writes
// BENCHMARKS.md. Each part is a child process with a deadline; a failed part is reported as such.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { checkBudgets, measureBundle, measureFirstScreenJs } from '../scripts/bundle-size.mjs';
import {
  diffPull as renderDiffPull,
  live as renderLive,
  renderReport,
  watched as renderWatched,
} from './report.mjs';
import { drain as renderDrain, orders as renderOrders } from './report-orders.mjs';
import { buildForBench, buildStackFloor } from './support/build.mjs';

const RESULTS = 'bench/results';
const PARTS = [
  { name: 'filter', args: ['--import', 'tsx', 'bench/filter.ts'], timeoutMs: 2 * 60_000 },
  { name: 'browser', args: ['--import', 'tsx', 'bench/browser.mjs'], timeoutMs: 9 * 60_000 },
  { name: 'syncLink', args: ['--import', 'tsx', 'bench/sync-link.ts'], timeoutMs: 6 * 60_000 },
  { name: 'server', args: ['--import', 'tsx', 'bench/server.ts'], timeoutMs: 9 * 60_000 },
  { name: 'reference', args: ['--import', 'tsx', 'bench/reference.mjs'], timeoutMs: 4 * 60_000 },
  { name: 'filesLoad', args: ['--import', 'tsx', 'bench/files-load.ts'], timeoutMs: 3 * 60_000 },
  { name: 'live', args: ['--import', 'tsx', 'bench/live.mjs'], timeoutMs: 15 * 60_000 },
  { name: 'diffPull', args: ['--import', 'tsx', 'bench/diff-pull.ts'], timeoutMs: 6 * 60_000 },
  { name: 'orders', args: ['--import', 'tsx', 'bench/orders.ts'], timeoutMs: 15 * 60_000 },
  { name: 'drain', args: ['bench/drain.mjs'], timeoutMs: 15 * 60_000 },
  { name: 'watched', args: ['--import', 'tsx', 'bench/watched.mjs'], timeoutMs: 5 * 60_000 },
  { name: 'messages', args: ['--import', 'tsx', 'bench/messages.ts'], timeoutMs: 3 * 60_000 },
];

function runPart(part) {
  const file = `${RESULTS}/${part.name}.json`;
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [...part.args, file], { stdio: 'inherit' });
    const timer = setTimeout(() => child.kill('SIGTERM'), part.timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      const seconds = (Date.now() - started) / 1000;
      try {
        resolve({ ...JSON.parse(readFileSync(file, 'utf8')), seconds, exit: code ?? signal });
      } catch {
        resolve({ error: `exited with ${code ?? signal} and wrote no results`, seconds });
      }
    });
  });
}

function command(cmd, args) {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : 'unknown';
}

function machine() {
  const pgVersion = command('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-tAc', 'SHOW server_version']);
  return {
    date: new Date().toISOString(),
    commit: `${command('git', ['rev-parse', '--short', 'HEAD'])}${command('git', ['status', '--porcelain', 'src', 'sw', 'index.html', 'vite.config.ts']) ? ' (working tree had uncommitted changes)' : ''}`,
    nproc: availableParallelism(),
    memoryGiB: (totalmem() / 1024 ** 3).toFixed(1),
    cpu: cpus()[0]?.model ?? 'unknown',
    node: process.version,
    chromium: command(process.env.CHROME_PATH ?? '/usr/bin/chromium', ['--version']),
    postgres: pgVersion,
  };
}

// --only live | diffPull | orders | drain | watched: runs that one part and replaces its section of BENCHMARKS.md, leaving the rest
// (with --report-only: renders the part's last results, bench/results/<part>.json, again).
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
if (only) {
  const renderers = {
    live: renderLive,
    diffPull: renderDiffPull,
    orders: renderOrders,
    drain: renderDrain,
    watched: renderWatched,
  };
  const part = PARTS.find((p) => p.name === only);
  const render = renderers[only];
  if (!part || !render) throw new Error(`--only: one of ${Object.keys(renderers).join(', ')}`);
  mkdirSync(RESULTS, { recursive: true });
  const results = process.argv.includes('--report-only')
    ? JSON.parse(readFileSync(`${RESULTS}/${only}.json`, 'utf8'))
    : await runPart(part);
  const section = render(results);
  const md = readFileSync('BENCHMARKS.md', 'utf8');
  const heading = section.split('\n')[0];
  const at = md.indexOf(`${heading}\n`);
  const end = at < 0 ? -1 : md.indexOf('\n## ', at + heading.length);
  const next =
    at < 0
      ? `${md.trimEnd()}\n\n${section}\n`
      : `${md.slice(0, at)}${section}\n${end < 0 ? '' : md.slice(end)}`;
  writeFileSync('BENCHMARKS.md', next);
  console.log(`bench: ${only} done; its section of BENCHMARKS.md replaced`);
  process.exit(0);
}

// --report-only: render BENCHMARKS.md again from the last run's results, measuring nothing.
if (process.argv.includes('--report-only')) {
  writeFileSync('BENCHMARKS.md', renderReport(JSON.parse(readFileSync(`${RESULTS}/all.json`, 'utf8'))));
  process.exit(0);
}

mkdirSync(RESULTS, { recursive: true });
const started = Date.now();
console.log('bench: building the client (bench/results/dist)...');
const dist = await buildForBench();
const sizes = measureBundle(dist);
// The floor under the first-screen budget, built and measured in the same run.
const floorJs = measureFirstScreenJs(await buildStackFloor());
const results = {
  machine: machine(),
  bundle: { sizes, budgets: checkBudgets(sizes), stackFloorJs: floorJs },
};
for (const part of PARTS) {
  console.log(`bench: ${part.name}...`);
  results[part.name] = await runPart(part);
}
results.totalSeconds = (Date.now() - started) / 1000;
writeFileSync(`${RESULTS}/all.json`, JSON.stringify(results, null, 2));
writeFileSync('BENCHMARKS.md', renderReport(results));
console.log(`bench: done in ${results.totalSeconds.toFixed(0)} s; BENCHMARKS.md written`);
