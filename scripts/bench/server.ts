// Server benchmark: for PGlite and PostgreSQL in turn, the generated data set (server-data.ts),
// then the real server (src/server/main.ts) on loopback under autocannon for search-listings,
// login and carrier-orders, each followed by the same load on a bare node:http server (the
// ceiling). Writes bench-results/server.json.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_PASSWORD, buildDataSet, type DataSet } from './server-data';
import { freePort, SERVER_ARGS, startProcess, waitForOk } from './util.mjs';

const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION_S = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const CONNECTIONS = 10;
const OUT = process.argv[2] ?? 'bench-results/server.json';

interface Load {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

async function load(url: string, init: { method: string; headers?: Record<string, string>; body?: string }) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, ...init });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  } satisfies Load;
}

async function withAdmin<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function runBackend(backend: 'pglite' | 'postgres') {
  let cleanup = async () => {};
  let env: Record<string, string>;
  let data: DataSet;
  if (backend === 'postgres') {
    const name = `carry_bench_${Date.now()}`;
    await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
    cleanup = () => withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {});
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString() };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'carry-bench-db-'));
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
    env = { DATA_DIR: join(dir, 'db'), DATABASE_URL: '' };
  }
  const procs: { stop(): Promise<void> }[] = [];
  try {
    console.log(`server bench: generating the ${backend} data set...`);
    data = await buildDataSet(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
    console.log(`server bench: ${backend} data set in ${(data.generateMs / 1000).toFixed(1)} s`);
    const [port, ceilingPort] = [await freePort(), await freePort()];
    const app = startProcess(SERVER_ARGS, {
      env: { ...env, PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: join(tmpdir(), 'carry-no-static') },
    });
    procs.push(app);
    const ceiling = startProcess(['scripts/bench/ceiling.mjs'], { env: { PORT: String(ceilingPort) } });
    procs.push(ceiling);
    await waitForOk(`http://127.0.0.1:${port}/api/health`, 180_000).catch((err) => {
      throw new Error(`${err.message}\n${app.stderr()}`);
    });
    await waitForOk(`http://127.0.0.1:${ceilingPort}/`);
    const base = `http://127.0.0.1:${port}`;
    const loginBody = JSON.stringify({ email: data.user.email, password: BENCH_PASSWORD });
    const res = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: loginBody,
    });
    if (!res.ok) throw new Error(`bench login failed: ${res.status} ${await res.text()}`);
    const { token } = (await res.json()) as { token: string };
    const authed = { 'Content-Type': 'application/json', Cookie: `carry_session=${token}` };
    const searchBody = JSON.stringify({
      ...data.search,
      email: data.user.email,
      name: 'Bench User 1',
      phone: '9999999991',
    });
    const calls = [
      {
        name: 'search-listings',
        path: '/api/search-listings',
        init: { method: 'POST', headers: authed, body: searchBody },
      },
      {
        name: 'login',
        path: '/auth/login',
        init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: loginBody },
      },
      {
        name: 'carrier-orders',
        path: `/api/carrier-orders?email=${encodeURIComponent(data.user.email)}`,
        init: { method: 'GET', headers: authed },
      },
    ];
    const results = [];
    for (const call of calls) {
      // A load of refusals would measure the wrong thing: each call must succeed once first.
      const probe = await fetch(`${base}${call.path}`, call.init);
      if (!probe.ok) throw new Error(`${call.name} answered ${probe.status}: ${await probe.text()}`);
      console.log(`server bench: ${backend} ${call.name} (${DURATION_S} s app, ${DURATION_S} s ceiling)`);
      const appLoad = await load(`${base}${call.path}`, call.init);
      const ceilingLoad = await load(`http://127.0.0.1:${ceilingPort}${call.path}`, call.init);
      results.push({
        name: call.name,
        app: appLoad,
        ceiling: ceilingLoad,
        ratio: appLoad.rps / ceilingLoad.rps,
      });
    }
    return { backend, data, results };
  } finally {
    for (const p of procs) await p.stop();
    await cleanup();
  }
}

const out: { connections: number; durationS: number; backends: unknown[]; errors: string[] } = {
  connections: CONNECTIONS,
  durationS: DURATION_S,
  backends: [],
  errors: [],
};
for (const backend of ['pglite', 'postgres'] as const) {
  try {
    out.backends.push(await runBackend(backend));
  } catch (err) {
    console.error(`server bench: ${backend} failed: ${(err as Error).stack}`);
    out.errors.push(`${backend}: ${(err as Error).message}`);
  }
}
writeFileSync(OUT, JSON.stringify(out, null, 2));
