// The server's side of a drain, in-process (no socket, no browser): one signed-in carrier's client
// pushes 1,000 queued add-listing mutations in batches of PUSH_BATCH_MAX (what the replayer sends),
// through the real app in-process (in-memory PGlite, or a throwaway PostgreSQL database with
// BENCH_BACKENDS=postgres),
// three times on fresh servers; prints each push's time and the median total. The server's
// open-listings quota (config openListingsMax, OPEN_LISTINGS_PER_CARRIER) is the number of
// mutations unless given: all apply. With the default quota (20) 980 of them are refused
// (listing/quota-reached), what a drain of an over-quota queue costs the server. Run with
// `node --cpu-prof` to see where it goes. Beside the wall clock and the process's CPU it prints the
// main thread's own CPU (Linux schedstat: no GC or compiler threads), the steadiest of the three on
// a shared machine:
//   node --import tsx bench/push.ts [mutations] [kind: add-listing | contact] [quota]
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg } from 'node:os';
import { PUSH_BATCH_MAX } from '@/domain/sync/protocol';
import { createApp, createDb, referenceIndex, seedReferenceData } from '@/server';
import { throwawayDatabase } from './support/postgres';

const N = Number(process.argv[2] ?? 1000);
const KIND = process.argv[3] ?? 'add-listing';
const QUOTA = Number(process.argv[4] ?? N);
const BATCH = PUSH_BATCH_MAX;

const DEPARTURE = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const json = (method: string, body: unknown, cookie = '') => ({
  method,
  headers: { 'Content-Type': 'application/json', Cookie: cookie },
  body: JSON.stringify(body),
});

/** The app on a fresh, migrated and seeded database, the quota at QUOTA; `close()` ends it. */
async function startServer() {
  const pg = process.env.BENCH_BACKENDS === 'postgres' ? await throwawayDatabase('push') : null;
  const database = await createDb(pg ? { url: pg.url } : {});
  await seedReferenceData(database.db);
  // Read before the first request, as the server's start does (src/server/main.ts).
  await referenceIndex(database.db);
  const app = createApp({ db: database.db, config: { openListingsMax: QUOTA, log: () => {} } });
  const close = async () => {
    await database.close();
    await pg?.drop();
  };
  return { app, db: database.db, close };
}

/** A carrier signed up and logged in through the app; `call` sends JSON with their cookie. */
async function signUpCarrier(app: Awaited<ReturnType<typeof startServer>>['app']) {
  const who = { name: 'Bench Push', phone: '9876543210', email: `push-${crypto.randomUUID()}@example.com` };
  const password = 'Bench@12345';
  const details = { ...who, age: 30, gender: 'female', password, confirmPassword: password };
  const signup = await app.request('/auth/signup', json('POST', details));
  if (signup.status !== 201) throw new Error(`signup answered ${signup.status}`);
  const login = await app.request('/auth/login', json('POST', { email: who.email, password }));
  const { token } = (await login.json()) as { token: string };
  const call = (method: string, path: string, body: unknown) =>
    app.request(path, json(method, body, `carry_session=${token}`));
  return { ...who, call };
}

/** The main thread's own CPU time (Linux schedstat), without V8's helper threads (GC, compilers). */
function mainThreadMs(): number {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return Number.NaN;
  }
}

async function once() {
  const server = await startServer();
  try {
    const carrier = await signUpCarrier(server.app);
    const clientId = `bench-${crypto.randomUUID()}`;
    const mutations = Array.from({ length: N }, (_, i) => ({
      id: i + 1,
      kind: KIND,
      args:
        KIND === 'contact'
          ? { name: carrier.name, email: carrier.email, phone: carrier.phone, message: `message ${i}` }
          : {
              ...{ from: 'DEL', to: 'DXB', departure: DEPARTURE, time: '10:30', airline: 'AI' },
              ...{ flightNo: `AI${1000 + i}`, weight: 5, cost: 500 },
              ...{ email: carrier.email, name: carrier.name, phone: carrier.phone },
            },
    }));
    // BENCH_PROFILE=<file>: a CPU profile of the pushes alone (not the server's start-up).
    const inspector = process.env.BENCH_PROFILE ? new Session() : null;
    if (inspector) {
      inspector.connect();
      await inspector.post('Profiler.enable');
      await inspector.post('Profiler.start');
    }
    // BENCH_STATEMENTS=1: counts the statements the pushes send, and the rows they return, by SQL.
    const statements = new Map<string, { calls: number; rows: number; ms: number; cpu: number }>();
    const client = (
      server.db as unknown as { $client: Record<string, (...a: unknown[]) => Promise<unknown>> }
    ).$client;
    if (process.env.BENCH_STATEMENTS) {
      const wrap = (target: Record<string, (...a: unknown[]) => Promise<unknown>>) => {
        for (const method of ['query', 'exec'] as const) {
          const original = target[method]?.bind(target);
          if (!original) continue;
          target[method] = async (...args: unknown[]) => {
            const t = performance.now();
            const c0 = process.cpuUsage();
            const result = (await original(...args)) as { rows?: unknown[] } | { rows?: unknown[] }[];
            const key = String(args[0]).slice(0, 100);
            const entry = statements.get(key) ?? { calls: 0, rows: 0, ms: 0, cpu: 0 };
            const c1 = process.cpuUsage(c0);
            entry.cpu += (c1.user + c1.system) / 1000;
            entry.calls += 1;
            entry.ms += performance.now() - t;
            entry.rows += Array.isArray(result) ? 0 : (result.rows?.length ?? 0);
            statements.set(key, entry);
            return result;
          };
        }
      };
      wrap(client);
      // node-postgres: transactions run on a pooled client; PGlite: on the transaction object.
      const transaction = client.transaction?.bind(client);
      if (transaction)
        client.transaction = (callback: unknown) =>
          transaction((tx: Record<string, (...a: unknown[]) => Promise<unknown>>) => {
            wrap(tx);
            return (callback as (t: unknown) => Promise<unknown>)(tx);
          });
    }
    const times: number[] = [];
    const main0 = mainThreadMs();
    const cpu = process.cpuUsage();
    let ok = 0;
    let refused = 0;
    for (let i = 0; i < N; i += BATCH) {
      const t = performance.now();
      const res = await carrier.call('POST', '/api/sync/push', {
        clientId,
        user: carrier.email,
        mutations: mutations.slice(i, i + BATCH),
      });
      const body = (await res.json()) as { results: { ok: boolean }[] };
      times.push(performance.now() - t);
      for (const r of body.results)
        if (r.ok) ok += 1;
        else refused += 1;
    }
    for (const [sql, e] of [...statements].sort((a, b) => b[1].ms - a[1].ms).slice(0, 15))
      console.log(
        `${e.calls} calls, ${e.rows} rows, ${e.ms.toFixed(0)} ms, CPU ${e.cpu.toFixed(0)} ms: ${sql}`,
      );
    if (inspector) {
      const { profile } = await inspector.post('Profiler.stop');
      writeFileSync(process.env.BENCH_PROFILE as string, JSON.stringify(profile));
      inspector.disconnect();
    }
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000;
    const mainMs = mainThreadMs() - main0;
    return { mainMs, totalMs: times.reduce((s, x) => s + x, 0), cpuMs, times, ok, refused };
  } finally {
    await server.close();
  }
}

const runs = [];
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
for (let i = 0; i < RUNS; i++) runs.push(await once());
const sorted = [...runs].sort((a, b) => a.totalMs - b.totalMs);
for (const r of runs)
  console.log(
    `push ${N} ${KIND} (quota ${QUOTA}): ${r.totalMs.toFixed(0)} ms, CPU ${r.cpuMs.toFixed(0)} ms, main thread ${r.mainMs.toFixed(0)} ms (${r.times.map((t) => t.toFixed(0)).join(' + ')}), ${r.ok} applied, ${r.refused} refused`,
  );
const cpus = runs.map((r) => r.cpuMs).sort((a, b) => a - b);
const mains = runs.map((r) => r.mainMs).sort((a, b) => a - b);
console.log(
  `median ${sorted[Math.floor(sorted.length / 2)]?.totalMs.toFixed(0)} ms, CPU ${cpus[Math.floor(cpus.length / 2)]?.toFixed(0)} ms, main thread ${mains[Math.floor(mains.length / 2)]?.toFixed(0)} ms; load average ${(loadavg()[0] ?? 0).toFixed(1)}`,
);
