// Carrier orders with 200 orders (the server bench's data set, server-data.ts: 1,000 users,
// 100,000 listings, 200,000 bookings, 80,000 ratings), on PGlite and PostgreSQL: where one call's
// time goes in-process (orders-phases.ts, with the query's plan), then GET /api/carrier-orders on
// the real server under autocannon, one connection (a call's own latency) and ten (the server
// table's load), each load three times with the median run by p99 reported; then ten connections
// revalidating (If-None-Match with the answer's ETag: 304, no body, src/server/http/answer-cache.ts). Writes
// bench/results/orders.json; `npm run bench -- orders` runs it and renders its figures.
// BENCH_ORDERS_PG_URL / BENCH_ORDERS_PGLITE_DIR reuse a database that already holds the data set
// (generating it takes minutes on a loaded machine); otherwise a throwaway one is made.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { measureOrdersPhases } from './orders-phases';
import { BENCH_PASSWORD, buildDataSet } from './server-data';
import { throwawayDatabase } from './support/postgres';
import { eachBackend, freePort, SERVER_ARGS, startProcess, waitForOk } from './support/util.mjs';

const DURATION_S = Number(process.env.BENCH_LOAD_SECONDS ?? 5);
const RUNS = 3;
const OUT = process.argv[2] ?? 'bench/results/orders.json';
const USER = { id: 'u1', email: 'bench1@example.com' };

interface Load {
  connections: number;
  /** Sent If-None-Match with the current ETag: the answers are 304s. */
  revalidate?: boolean;
  /** Answers 304 in the median run. */
  notModified?: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  p99Runs: number[];
}

async function loadOnce(url: string, token: string, connections: number, etag?: string) {
  const r = await autocannon({
    url,
    connections,
    duration: DURATION_S,
    headers: { Cookie: `carry_session=${token}`, ...(etag ? { 'If-None-Match': etag } : {}) },
  });
  // autocannon counts a 304 as not 2xx.
  const notModified: number = r['3xx'];
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx - notModified,
    notModified,
  };
}

async function load(url: string, token: string, connections: number, etag?: string): Promise<Load> {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await loadOnce(url, token, connections, etag));
  const sorted = [...runs].sort((a, b) => a.p99 - b.p99);
  const median = sorted[Math.floor(sorted.length / 2)] as (typeof runs)[number];
  return { connections, ...(etag ? { revalidate: true } : {}), ...median, p99Runs: runs.map((r) => r.p99) };
}

async function runBackend(backend: 'pglite' | 'postgres') {
  let cleanup = async () => {};
  let env: Record<string, string>;
  const reuse =
    backend === 'postgres' ? process.env.BENCH_ORDERS_PG_URL : process.env.BENCH_ORDERS_PGLITE_DIR;
  if (reuse) env = backend === 'postgres' ? { DATABASE_URL: reuse } : { DATA_DIR: reuse, DATABASE_URL: '' };
  else if (backend === 'postgres') {
    const db = await throwawayDatabase('orders');
    cleanup = db.drop;
    env = { DATABASE_URL: db.url };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'carry-bench-orders-'));
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
    env = { DATA_DIR: dir, DATABASE_URL: '' };
  }
  const target = env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR as string };
  try {
    if (!reuse) {
      console.log(`orders bench: generating the ${backend} data set...`);
      await buildDataSet(target);
    }
    console.log(`orders bench: ${backend} phases`);
    const phases = await measureOrdersPhases(target, USER.id);
    const port = await freePort();
    const server = startProcess(SERVER_ARGS, {
      env: {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        STATIC_DIR: join(tmpdir(), 'carry-no-static'),
      },
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitForOk(`${base}/api/health`, 180_000).catch((err) => {
        throw new Error(`${err.message}\n${server.stderr()}`);
      });
      const login = await fetch(`${base}/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: USER.email, password: BENCH_PASSWORD }),
      });
      if (!login.ok) throw new Error(`login answered ${login.status}`);
      const { token } = (await login.json()) as { token: string };
      const url = `${base}/api/carrier-orders?email=${encodeURIComponent(USER.email)}`;
      const probe = await fetch(url, { headers: { Cookie: `carry_session=${token}` } });
      const orders = ((await probe.json()) as { bookings?: unknown[] }).bookings?.length ?? 0;
      if (!probe.ok || orders !== 200)
        throw new Error(`carrier-orders answered ${probe.status} with ${orders}`);
      const etag = probe.headers.get('etag');
      console.log(`orders bench: ${backend} under load`);
      const loads = [await load(url, token, 1), await load(url, token, 10)];
      // A server without validators (before issue 19) has no ETag to revalidate with.
      if (etag) loads.push(await load(url, token, 10, etag));
      return { backend, ...phases, loads };
    } finally {
      await server.stop();
    }
  } finally {
    await cleanup();
  }
}

const out = {
  date: new Date().toISOString(),
  durationS: DURATION_S,
  runs: RUNS,
  loadBefore: loadavg()[0] ?? 0,
  loadAfter: 0,
  backends: [] as unknown[],
  errors: [] as string[],
};
await eachBackend('orders', out, runBackend);
out.loadAfter = loadavg()[0] ?? 0;
writeFileSync(OUT, JSON.stringify(out, null, 2));
