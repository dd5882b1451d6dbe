// Diff pull after one change (issue 19): a user whose pull holds 10,000 rows (4,000 listings of
// theirs, 4,000 orders on them, 2,000 bookings of their own), on PGlite and on PostgreSQL. Times
// GET /api/sync/pull through the app in process (server time: the handler, its queries and the
// JSON, no network): the whole snapshot, a diff after one row changed (the row's write is not
// timed), and a pull with nothing changed. Writes bench/results/diff-pull.json.
//   node --import tsx bench/diff-pull.ts [out.json]
import { writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import type { Db } from '@/server';
import {
  explain as explainQuery,
  onBackend,
  type RawClient,
  rawClient,
  seedUsers,
  signedIn,
} from './support/in-process';
import { round2 as round, timingSummary } from './support/util.mjs';

const BACKENDS = (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',');
const OUT = process.argv[2] ?? 'bench/results/diff-pull.json';
const SHAPE = { listings: 4000, orders: 4000, bookings: 2000 };
const DIFF_RUNS = Number(process.env.BENCH_DIFF_RUNS ?? 50);
const SNAPSHOT_RUNS = Number(process.env.BENCH_SNAPSHOT_RUNS ?? 5);

interface Timing {
  runs: number;
  median: number;
  p95: number;
  bytes: number;
  /** Mean CPU time of this process per call (user + system; on PGlite the database's too). */
  cpuMs?: number;
}

function summarize(times: number[], bytes: number, cpu?: number[]): Timing {
  const { runs, median, p95 } = timingSummary(times);
  const cpuMs = cpu?.length ? { cpuMs: round(cpu.reduce((a, b) => a + b, 0) / cpu.length) } : {};
  return { runs, median, p95, bytes, ...cpuMs };
}

/**
 * Bulk-inserts the rows with triggers off (session_replication_role = replica), then writes the
 * change log they would have written: one entry per row each user's pull holds, plus the profile.
 */
async function generate(raw: RawClient) {
  const { listings: L, orders: O, bookings: B } = SHAPE;
  await raw.query(`SET session_replication_role = replica`);
  await seedUsers(raw, 'diff', 'Diff');
  // u0 lists L flights; others list the flights u0 books.
  await raw.query(
    `INSERT INTO listings (id, user_id, email, name, phone, from_code, to_code, departure, time,
                           airline, flight_no, weight_grams, cost, created_at)
     SELECT 'l' || i, CASE WHEN i < ${L} THEN 'u0' ELSE 'u' || (1 + i % 20) END,
            'diff0@example.com', 'Diff User 0', '9999999990', 'DEL', 'DXB',
            to_char(current_date + 1 + i % 300, 'YYYY-MM-DD'), '10:30', 'AI', 'AI' || (1000 + i),
            50000, 400, now()
     FROM generate_series(0, ${L + B - 1}) AS i`,
  );
  // O orders on u0's listings by others; B bookings by u0 on the others' listings.
  await raw.query(
    `INSERT INTO bookings (id, listing_id, carrier_id, traveller_id, name, email, phone, weight_grams,
                           cost, status, carrier_name, carrier_email, carrier_phone, created_at, updated_at)
     SELECT 'b' || j, 'l' || j,
            CASE WHEN j < ${O} THEN 'u0' ELSE 'u' || (1 + j % 20) END,
            CASE WHEN j < ${O} THEN 'u' || (1 + j % 20) ELSE 'u0' END,
            'Traveller', 't@example.com', '9000000000', 1000, 400, 'pending',
            'Carrier', 'c@example.com', '9000000001', now() - (j || ' seconds')::interval, now()
     FROM generate_series(0, ${O + B - 1}) AS j`,
  );
  await raw.query(
    `UPDATE listings l SET held_grams = h.g
     FROM (SELECT listing_id, sum(weight_grams)::int AS g FROM bookings GROUP BY listing_id) h
     WHERE l.id = h.listing_id`,
  );
  await raw.query(`SET session_replication_role = DEFAULT`);
  await raw.query(
    `INSERT INTO sync_changes (user_id, collection, row_id, deleted)
     SELECT user_id, 'listings', id, false FROM listings
     UNION ALL SELECT traveller_id, 'bookings', id, false FROM bookings
     UNION ALL SELECT carrier_id, 'orders', id, false FROM bookings
     UNION ALL SELECT id, 'profile', id, false FROM users`,
  );
}

async function measure(db: Db) {
  const raw = rawClient(db);
  const started = Date.now();
  await generate(raw);
  const generateMs = Date.now() - started;
  const { call } = await signedIn(db, 'u0');
  const clientId = `bench-${Date.now()}`;
  const pull = async (cookie?: string) => {
    const q = new URLSearchParams({ clientId, diff: '1', acked: '0', ...(cookie ? { cookie } : {}) });
    const { status, text, time, cpu } = await call(`/api/sync/pull?${q}`);
    if (status !== 200) throw new Error(`pull answered ${status}: ${text.slice(0, 200)}`);
    return { time, cpu, bytes: text.length, body: JSON.parse(text) };
  };

  const snapshots: number[] = [];
  let first = await pull();
  const rows = ['listings', 'bookings', 'orders'].reduce((n, k) => n + first.body.snapshot[k].length, 0);
  for (let i = 0; i < SNAPSHOT_RUNS; i += 1) {
    first = await pull();
    snapshots.push(first.time);
  }

  let cookie: string = first.body.cookie;
  const diffs: number[] = [];
  const diffCpu: number[] = [];
  let diffBytes = 0;
  for (let i = 0; i < DIFF_RUNS; i += 1) {
    // One change: a listing of the user's gets a new price (by SQL: the write is not timed).
    await raw.query(`UPDATE listings SET cost = cost + 1 WHERE id = $1`, [`l${(i * 37) % SHAPE.listings}`]);
    const d = await pull(cookie);
    const put = d.body.patch?.listings.put.length ?? -1;
    if (d.body.snapshot || put !== 1) throw new Error(`expected a patch of one listing, got ${put}`);
    diffs.push(d.time);
    diffCpu.push(d.cpu);
    diffBytes = d.bytes;
    cookie = d.body.cookie;
  }
  const unchanged: number[] = [];
  const unchangedCpu: number[] = [];
  for (let i = 0; i < DIFF_RUNS; i += 1) {
    const u = await pull(cookie);
    unchanged.push(u.time);
    unchangedCpu.push(u.cpu);
  }
  // The floor under any pull on this machine now: GET /api/auth (the session lookup alone).
  const auth: number[] = [];
  const authCpu: number[] = [];
  for (let i = 0; i < DIFF_RUNS; i += 1) {
    const a = await call('/api/auth');
    auth.push(a.time);
    authCpu.push(a.cpu);
  }
  // The change-log reads alone, as the database runs them (EXPLAIN ANALYZE execution time).
  const [, version] = /^r1\.(\d+)/.exec(cookie) ?? [];
  const explain = async (query: string) => (await explainQuery(raw, query)).ms;
  const queries = {
    changesSince: await explain(
      `SELECT collection, row_id FROM sync_changes WHERE user_id = 'u0' AND version > ${Number(version) - 1}`,
    ),
    topVersion: await explain(`SELECT coalesce(max(version), 0) FROM sync_changes WHERE user_id = 'u0'`),
  };

  const logRows = await raw.query(`SELECT count(*)::int AS n FROM sync_changes WHERE user_id = 'u0'`);
  return {
    rows,
    generateMs,
    logEntries: Number(logRows.rows[0]?.n ?? 0),
    snapshot: summarize(snapshots, first.bytes),
    diff: summarize(diffs, diffBytes, diffCpu),
    unchanged: summarize(unchanged, 0, unchangedCpu),
    auth: summarize(auth, 0, authCpu),
    queriesMs: queries,
  };
}

const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  cores: availableParallelism(),
  loadavgBefore: loadavg(),
};
for (const backend of BACKENDS) {
  try {
    results[backend] = await onBackend(backend, 'diff_pull', measure);
  } catch (err) {
    results[backend] = { error: err instanceof Error ? err.message : String(err) };
  }
  console.log(`diff-pull ${backend}:`, JSON.stringify(results[backend]));
}
results.loadavgAfter = loadavg();
writeFileSync(OUT, JSON.stringify(results, null, 2));
process.exit(0);
