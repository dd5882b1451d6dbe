// Shared pieces of the benchmark scripts: statistics, child processes with a deadline, waiting
// for a port to answer, and bounded loops (every loop stops at a count or a time, first of both).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const median = (xs) => percentile(xs, 50);

export function percentile(xs, p) {
  if (xs.length === 0) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

/** What a bench keeps of an autocannon run: throughput, latency and what went wrong. */
export const loadSummary = (r) => ({
  rps: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  requests: r.requests.total,
  non2xx: r.non2xx,
  errors: r.errors + r.timeouts,
});

/** Milliseconds to two decimals, as the in-process benches report them. */
export const round2 = (x) => Math.round(x * 100) / 100;

/**
 * Runs, median, p95 and max of call times (ms, two decimals), the quantile q being the sorted
 * value at floor(q x runs): how the in-process benches (diff-pull, earnings) summarise their calls.
 */
export function timingSummary(times) {
  const s = [...times].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
  return { runs: s.length, median: round2(at(0.5)), p95: round2(at(0.95)), max: round2(at(1)) };
}

export const round = (x, digits = 1) => (Number.isFinite(x) ? Number(x.toFixed(digits)) : null);

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls `url` until it answers 2xx, or throws after `timeoutMs`. */
export async function waitForOk(url, timeoutMs = 120_000) {
  const end = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < end) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = err.message;
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer in ${timeoutMs} ms (${last})`);
}

/** Starts a child process; `stop()` ends it (and waits), by its own pid only. */
export function startProcess(args, { env = {}, quiet = true } = {}) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr = (stderr + d).slice(-4000);
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  return {
    child,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}

/** Runs `fn` up to `count` times or until `maxMs` has passed; returns each run's result. */
export async function boundedRuns(count, maxMs, fn) {
  const out = [];
  const end = Date.now() + maxMs;
  for (let i = 0; i < count && (i === 0 || Date.now() < end); i++) out.push(await fn(i));
  return out;
}

/** The server command the repo's own start script runs. */
/**
 * The server's command line. BENCH_SERVER_NODE_ARGS puts Node flags before it, e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof` for a profile of the server under a bench's load.
 */
export const SERVER_ARGS = [
  ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
  '--import',
  'tsx',
  'src/server/main.ts',
];

/**
 * The server (`src/server/main.ts`) on `port` (a free one by default) over a fresh PGlite folder,
 * up and answering (`env`: more environment); `stop()` ends it and removes the folder.
 */
export async function startServer(prefix, env = {}, port = undefined) {
  const dataDir = mkdtempSync(join(tmpdir(), `carry-bench-${prefix}-`));
  port ??= await freePort();
  const server = startProcess(SERVER_ARGS, {
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(dataDir, 'db'), DATABASE_URL: '', ...env },
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForOk(`${base}/api/health`, 180_000);
  } catch (err) {
    await stop();
    throw new Error(`${err.message}\n${server.stderr()}`);
  }
  return { port, base, stop, pid: server.child.pid };
}

/** startServer serving the app's build `dist`, with logins from one address unlimited. */
export function startAppServer(dist, prefix, env = {}) {
  return startServer(prefix, {
    STATIC_DIR: dist,
    // The login benchmark logs in from one address far more often than a person would.
    LOGIN_LIMIT_PER_ACCOUNT: '999999999',
    ...env,
  });
}

/** Chrome started by chrome-launcher for Lighthouse (headless), as the bench and `npm run lighthouse` run it. */
export async function lighthouseChrome(extraFlags = []) {
  const { launch } = await import('chrome-launcher');
  return launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
      ...extraFlags,
    ],
  });
}

/**
 * Runs `run` for each database backend that BENCH_BACKENDS names (both by default), its result
 * into `out.backends`; a failure is recorded in `out.errors`, not thrown.
 */
export async function eachBackend(bench, out, run) {
  const only = process.env.BENCH_BACKENDS?.split(',') ?? ['pglite', 'postgres'];
  for (const backend of ['pglite', 'postgres']) {
    if (!only.includes(backend)) continue;
    try {
      out.backends.push(await run(backend));
    } catch (err) {
      console.error(`${bench} bench: ${backend} failed: ${err.stack}`);
      out.errors.push(`${backend}: ${err.message}`);
    }
  }
}

/** Runs one named part of a bench into `out[name]`: a failure is recorded there, not thrown. */
export async function runSection(bench, name, out, fn) {
  const started = Date.now();
  console.log(`${bench} bench: ${name}...`);
  try {
    out[name] = await fn();
  } catch (err) {
    console.error(`${bench} bench: ${name} failed: ${err.stack}`);
    out[name] = { error: err.message.split('\n')[0] };
  }
  console.log(`${bench} bench: ${name} done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
