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
import type { Db } from '@/server';
import { explain, onBackend, type RawClient, rawClient, seedUsers, signedIn } from './support/in-process';
import { timingSummary } from './support/util.mjs';

const BACKENDS = (process.env.BENCH_BACKENDS ?? 'postgres,pglite').split(',');
const OUT = process.argv[2] ?? 'bench/results/earnings.json';
const COMPLETED = 10_000;
const OTHERS = 10_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

/** u0's 10,000 completed bookings over 36 months, beside 10,000 of other carriers (triggers off). */
async function generate(raw: RawClient) {
  await raw.query(`SET session_replication_role = replica`);
  await seedUsers(raw, 'earn', 'Earn');
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
  const raw = rawClient(db);
  await generate(raw);
  const { call: request } = await signedIn(db, 'u0');
  const call = async (path: string) => {
    const res = await request(path);
    if (res.status !== 200) throw new Error(`earnings answered ${res.status}`);
    return { time: res.time, body: JSON.parse(res.text) as { months: unknown[]; next: string | null } };
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
    auth.push((await request('/api/auth')).time);
  }
  const query = await explain(
    raw,
    `SELECT month, bookings, received, claimed, owed FROM earnings_months
     WHERE user_id = 'u0' AND side = 'carrier' AND bookings > 0 ORDER BY month DESC LIMIT 13`,
  );
  return {
    completed: COMPLETED,
    months: 36,
    firstPage: timingSummary(firstPage),
    nextPage: timingSummary(nextPage),
    auth: timingSummary(auth),
    queryMs: query.ms,
    usesIndex: query.plan.includes('earnings_months_user_id_side_month_pk'),
  };
}

const result: Record<string, unknown> = {};
for (const backend of BACKENDS) {
  try {
    result[backend] = await onBackend(backend, 'earnings', measure);
  } catch (err) {
    result[backend] = { error: err instanceof Error ? err.message : String(err) };
  }
  console.log(backend, JSON.stringify(result[backend]));
}
writeFileSync(OUT, JSON.stringify(result, null, 2));
