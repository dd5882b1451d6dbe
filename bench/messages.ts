// Messages benchmark: the real server (src/server/main.ts) on PostgreSQL, loaded with POST
// /api/bookings/:id/messages by autocannon, each request from another of PAIRS travellers in their
// own accepted booking (the limit of 30 messages a minute is per user: a run of 10 s at 1,000 req/s
// sends each of 1,000 travellers 10). Users, sessions, listings and bookings are written straight
// into the database (no password hashing in the way); every request goes through the session
// lookup, the `message` mutator's locks, rate count and insert, and the poke trigger.
//
//   node --import tsx bench/messages.ts [out.json]
//   MESSAGES_BENCH_DB_URL  the PostgreSQL database to use (migrated by the server; rows named bench-*
//                          are added to it). Default: a fresh database carry_bench_messages beside
//                          BENCH_PG_URL's (dropped afterwards).
//   BENCH_LOAD_SECONDS     load duration (default 10)
//   MESSAGES_BENCH_PROFILE a folder: the server runs with --cpu-prof and writes its profile there
// Every request carries its own Idempotency-Key (as an API user's retry-safe call does). Beside
// wall time: CPU time per request of the server process and of the database's backends serving
// it (their /proc utime + stime over the load, so a loaded machine does not hide a cheaper request).
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { BENCH_PG_URL, databaseUrl, withClient } from './support/postgres';
import { freePort, loadSummary, SERVER_ARGS, startProcess, waitForOk } from './support/util.mjs';

const OWN_DB = process.env.MESSAGES_BENCH_DB_URL;
const DURATION_S = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const PAIRS = 1000;
const CONNECTIONS = 10;
const OUT = process.argv[2] ?? 'bench/results/messages.json';
export const GOAL = { rps: 1000, p99Ms: 15 };

/** PAIRS travellers, each with an accepted booking on their own carrier's listing, and sessions. */
async function seed(url: string): Promise<void> {
  await withClient(url, async (c) => {
    const departure = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await c.query(
      `INSERT INTO users (id, email, name, phone, age, gender, password_hash, created_at)
       SELECT 'bench-u' || i, 'bench' || i || '@example.com', 'Bench User', '9876543210', 30, 'other', 'x', now()
       FROM generate_series(1, $1::int * 2) i ON CONFLICT DO NOTHING`,
      [PAIRS],
    );
    await c.query(
      `INSERT INTO sessions (token_hash, user_id, created_at, expires_at)
       SELECT translate(rtrim(encode(sha256(('bench-session-token-' || i)::bytea), 'base64'), '='), '+/', '-_'),
         'bench-u' || i, now(), now() + interval '400 days'
       FROM generate_series(1, $1::int) i
       ON CONFLICT (token_hash) DO UPDATE SET expires_at = excluded.expires_at`,
      [PAIRS],
    );
    await c.query(
      `INSERT INTO listings (id, user_id, email, name, phone, from_code, to_code, departure, time, airline,
         flight_no, weight_grams, cost, created_at)
       SELECT 'bench-l' || i, 'bench-u' || ($1::int + i), 'bench' || ($1::int + i) || '@example.com', 'Bench User',
         '9876543210', 'DEL', 'BOM', $2, '10:30', 'AI', 'AI101', 10000, 500, now()
       FROM generate_series(1, $1::int) i ON CONFLICT DO NOTHING`,
      [PAIRS, departure],
    );
    await c.query(
      `INSERT INTO bookings (id, listing_id, carrier_id, traveller_id, name, email, phone, weight_grams, cost,
         status, carrier_name, carrier_email, carrier_phone, created_at, updated_at, accepted_at)
       SELECT 'bench-b' || i, 'bench-l' || i, 'bench-u' || ($1::int + i), 'bench-u' || i, 'Bench User',
         'bench' || i || '@example.com', '9876543210', 1000, 500, 'accepted', 'Bench User',
         'bench' || ($1::int + i) || '@example.com', '9876543210', now(), now(), now()
       FROM generate_series(1, $1::int) i ON CONFLICT DO NOTHING`,
      [PAIRS],
    );
  });
}

/** CPU seconds a process has used in user and in system (kernel) mode, from /proc (Linux). */
function cpuSeconds(pid: number): { user: number; system: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat(5): 12 and 13 after the name.
    return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
  } catch {
    return null;
  }
}

/** The database's backends now (this server's pool). */
async function backendPids(url: string): Promise<number[]> {
  return withClient(url, async (c) => {
    const r = await c.query(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
         AND backend_type = 'client backend'`,
    );
    return r.rows.map((row) => Number(row.pid));
  });
}

/** CPU seconds of the server (and its kernel share) and of the database's backends, summed. */
function cpuOf(serverPid: number, pids: number[]) {
  const total = (c: { user: number; system: number } | null) => (c ? c.user + c.system : 0);
  const backends = pids.reduce((sum, pid) => sum + total(cpuSeconds(pid)), 0);
  const server = cpuSeconds(serverPid);
  return { server: total(server), serverSystem: server?.system ?? 0, backends };
}

/** The baseline on the same machine at the same moment: GET /api/auth (one session lookup). */
async function authLoad(base: string, seconds: number) {
  return loadSummary(
    await autocannon({
      url: `${base}/api/auth`,
      connections: CONNECTIONS,
      duration: seconds,
      headers: { authorization: 'Bearer bench-session-token-1' },
    }),
  );
}

const run = Date.now().toString(36);
let keys = 0;

async function load(base: string, seconds: number) {
  let i = 0;
  const r = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text: 'At gate 32, by the pharmacy' }),
    requests: [
      {
        setupRequest: (req: Record<string, unknown>) => {
          i = (i % PAIRS) + 1;
          keys += 1;
          return {
            ...req,
            path: `/api/bookings/bench-b${i}/messages`,
            headers: {
              ...(req.headers as object),
              authorization: `Bearer bench-session-token-${i}`,
              'idempotency-key': `bench-${run}-${keys}`,
            },
          };
        },
      },
    ],
  } as Parameters<typeof autocannon>[0]);
  return loadSummary(r);
}

async function main() {
  const fresh = !OWN_DB;
  const dbName = 'carry_bench_messages';
  const url = OWN_DB ?? databaseUrl(dbName);
  if (fresh)
    await withClient(BENCH_PG_URL, async (c) => {
      await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await c.query(`CREATE DATABASE ${dbName}`);
    });
  const port = await freePort();
  const profile = process.env.MESSAGES_BENCH_PROFILE;
  const args = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`, ...SERVER_ARGS] : SERVER_ARGS;
  const server = startProcess(args, {
    env: { PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: url },
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForOk(`${base}/api/health`, 180_000);
    await seed(url);
    const before = loadavg()[0] ?? 0;
    await load(base, 2); // warm-up: connections, prepared plans, the JIT
    const pids = await backendPids(url);
    const serverPid = server.child.pid ?? 0;
    const cpu0 = cpuOf(serverPid, pids);
    const result = await load(base, DURATION_S);
    const cpu1 = cpuOf(serverPid, pids);
    const auth = await authLoad(base, DURATION_S);
    const cpu2 = cpuOf(serverPid, pids);
    /** CPU milliseconds per request: the server's and the database backends'. */
    const perRequest = (a: typeof cpu0, b: typeof cpu0, n: number) => {
      const ms = (seconds: number) => Number(((seconds * 1000) / Math.max(n, 1)).toFixed(3));
      return {
        serverMs: ms(b.server - a.server),
        serverSystemMs: ms(b.serverSystem - a.serverSystem),
        databaseMs: ms(b.backends - a.backends),
      };
    };
    const out = {
      authBaseline: { ...auth, cpu: perRequest(cpu1, cpu2, auth.requests) },
      postMessage: {
        ...result,
        cpu: perRequest(cpu0, cpu1, result.requests),
        idempotencyKeys: true,
        goal: GOAL,
        met: result.rps >= GOAL.rps && result.p99 <= GOAL.p99Ms,
        loadAverage: { before: Number(before.toFixed(2)), after: Number((loadavg()[0] ?? 0).toFixed(2)) },
        connections: CONNECTIONS,
        seconds: DURATION_S,
      },
    };
    writeFileSync(OUT, JSON.stringify(out, null, 2));
    console.log(JSON.stringify(out, null, 2));
  } catch (err) {
    writeFileSync(OUT, JSON.stringify({ error: String(err), stderr: server.stderr() }, null, 2));
    throw err;
  } finally {
    await server.stop();
    if (fresh)
      await withClient(BENCH_PG_URL, (c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  }
}

await main();
