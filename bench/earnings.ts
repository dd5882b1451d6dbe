// Earnings (issue 31): GET /api/earnings for a carrier with 10,000 completed bookings spread over
// 36 months (a third paid by UPI, a third in cash, a sixth claimed, the rest owed), on PostgreSQL
// and PGlite. The rows go in with triggers off, then the sums the bookings_earnings triggers would
// have kept are written into earnings_months at once (migration 0034's backfill). Times the call
// through the app in process (server time: middleware, session, the read of a page of months by
// key and the JSON; no network), the first page and the next one, and the query alone as the
// database runs it (EXPLAIN ANALYZE). Goal: p95 within 20 ms on PostgreSQL. Writes
// bench/results/earnings.json.
//   node --import tsx bench/earnings.ts [out.json]     BENCH_BACKENDS=postgres|pglite, BENCH_RUNS
import { writeFileSync } from 'node:fs';
import { createApp, createDb, createSession, type Db, DEFAULT_CONFIG } from '@/server';
import { throwawayDatabase } from './support/postgres';

const BACKENDS = (process.env.BENCH_BACKENDS ?? 'postgres,pglite').split(',');
const OUT = process.argv[2] ?? 'bench/results/earnings.json';
const COMPLETED = 10_000;
const OTHERS = 10_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

interface RawClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

const round = (x: number) => Math.round(x * 100) / 100;
function summarize(times: number[]) {
  const s = [...times].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
  return { runs: s.length, median: round(at(0.5)), p95: round(at(0.95)), max: round(at(1)) };
}

/** u0's 10,000 completed bookings over 36 months, beside 10,000 of other carriers (triggers off). */
async function generate(raw: RawClient) {
  await raw.query(`SET session_replication_role = replica`);
  await raw.query(
    `INSERT INTO users (id, email, name, phone, age, gender, password_hash, created_at)
     SELECT 'u' || i, 'earn' || i || '@example.com', 'Earn User ' || i, lpad(i::text, 10, '9'), 30,
            'female', 'x', now() FROM generate_series(0, 20) AS i`,
  );
  await raw.query(
    `INSERT INTO listings (id, user_id, email, name, phone, from_code, to_code, departure, time,
                           airline, flight_no, weight_grams, cost, created_at)
     SELECT 'l' || i, 'u' || (i % 21), 'earn@example.com', 'Earn User', '9999999990', 'DEL', 'DXB',
            '2026-01-01', '10:30', 'AI', 'AI' || (1000 + i), 50000, 400, now()
     FROM generate_series(0, 99) AS i`,
  );
  const total = COMPLETED + OTHERS;
  await raw.query(
    `INSERT INTO bookings (id, listing_id, carrier_id, traveller_id, name, email, phone, weight_grams,
                           cost, price_per_kg, status, carrier_name, carrier_email, carrier_phone,
                           created_at, updated_at, ended_at, payment_state, payment_method)
     SELECT 'b' || j, 'l' || (j % 100),
            CASE WHEN j < ${COMPLETED} THEN 'u0' ELSE 'u' || (1 + j % 20) END,
            'u' || (1 + (j + 7) % 20),
            'Traveller', 't@example.com', '9000000000', 2000, 800, 400, 'completed',
            'Carrier', 'c@example.com', '9000000001',
            now() - ((j % 1080) || ' days')::interval, now(), now() - ((j % 1080) || ' days')::interval,
            (ARRAY['received', 'received', 'claimed', NULL, 'received', 'disputed'])[1 + j % 6],
            (ARRAY['upi', 'cash', NULL, NULL, 'upi', NULL])[1 + j % 6]
     FROM generate_series(0, ${total - 1}) AS j`,
  );
  await raw.query(`SET session_replication_role = DEFAULT`);
  await raw.query(
    `INSERT INTO earnings_months (user_id, side, month, bookings, received, claimed, owed)
     SELECT u, s, m, count(*)::int,
            coalesce(sum(cost) FILTER (WHERE payment_state = 'received'), 0),
            coalesce(sum(cost) FILTER (WHERE payment_state = 'claimed'), 0),
            coalesce(sum(cost) FILTER (WHERE payment_state IS NULL OR payment_state = 'disputed'), 0)
     FROM (
       SELECT carrier_id AS u, 'carrier' AS s, to_char(ended_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM') AS m,
              cost, payment_state FROM bookings WHERE status = 'completed'
       UNION ALL
       SELECT traveller_id, 'traveller', to_char(ended_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM'),
              cost, payment_state FROM bookings WHERE status = 'completed'
     ) AS b GROUP BY u, s, m`,
  );
  await raw.query(`ANALYZE bookings`);
  await raw.query(`ANALYZE earnings_months`);
}

async function measure(db: Db) {
  const raw = (db as unknown as { $client: RawClient }).$client;
  await generate(raw);
  const token = await createSession(db, 'u0', Date.now(), {
    ttlMs: DEFAULT_CONFIG.sessionTtlMs,
    maxPerUser: DEFAULT_CONFIG.maxSessionsPerUser,
  });
  const app = createApp({ db, config: { log: () => {} } });
  const call = async (path: string) => {
    const t0 = process.hrtime.bigint();
    const res = await app.request(path, { headers: { Cookie: `carry_session=${token}` } });
    const body = (await res.json()) as { months: { bookings: number }[]; next: string | null };
    const time = Number(process.hrtime.bigint() - t0) / 1e6;
    if (res.status !== 200) throw new Error(`earnings answered ${res.status}`);
    return { time, body };
  };
  // Warm up (plans, caches), and check the data: 12 months a page, 36 in all.
  const first = await call('/api/earnings?side=carrier');
  if (first.body.months.length !== 12 || !first.body.next) throw new Error('expected a full first page');
  const firstPage: number[] = [];
  const nextPage: number[] = [];
  // The floor under any signed-in call on the machine at that moment: GET /api/auth, interleaved.
  const auth: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    firstPage.push((await call('/api/earnings?side=carrier')).time);
    nextPage.push((await call(`/api/earnings?side=carrier&before=${first.body.next}`)).time);
    const t0 = process.hrtime.bigint();
    const res = await app.request('/api/auth', { headers: { Cookie: `carry_session=${token}` } });
    await res.text();
    auth.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  const r = await raw.query(
    `EXPLAIN (ANALYZE, FORMAT JSON) SELECT month, bookings, received, claimed, owed FROM earnings_months
     WHERE user_id = 'u0' AND side = 'carrier' AND bookings > 0 ORDER BY month DESC LIMIT 13`,
  );
  const plan = (r.rows[0] as Record<string, unknown>)['QUERY PLAN'];
  const json = (typeof plan === 'string' ? JSON.parse(plan) : plan) as {
    'Execution Time': number;
    Plan: unknown;
  }[];
  const planText = JSON.stringify(json[0]?.Plan);
  return {
    completed: COMPLETED,
    months: 36,
    firstPage: summarize(firstPage),
    nextPage: summarize(nextPage),
    auth: summarize(auth),
    queryMs: json[0]?.['Execution Time'] ?? null,
    usesIndex: planText.includes('earnings_months_user_id_side_month_pk'),
  };
}

async function onPglite() {
  const database = await createDb();
  try {
    return await measure(database.db);
  } finally {
    await database.close();
  }
}

async function onPostgres() {
  const throwaway = await throwawayDatabase('earnings');
  try {
    const database = await createDb({ url: throwaway.url });
    try {
      return await measure(database.db);
    } finally {
      await database.close();
    }
  } finally {
    await throwaway.drop();
  }
}

const result: Record<string, unknown> = {};
for (const backend of BACKENDS) {
  try {
    result[backend] = backend === 'postgres' ? await onPostgres() : await onPglite();
  } catch (err) {
    result[backend] = { error: err instanceof Error ? err.message : String(err) };
  }
  console.log(backend, JSON.stringify(result[backend]));
}
writeFileSync(OUT, JSON.stringify(result, null, 2));
