// Team console benchmark (issue 30): each page of the console's lists on PostgreSQL over a seeded
// data set of 100,000 users and 1,000,000 bookings (plus 20,000 listings, 10,000 contact queries,
// 10,000 reports, 50,000 unmatched searches, 20,000 courier requests, 20,000 audit rows), written straight into a throwaway
// database with generate_series and ANALYZEd. Every request goes through the app in-process
// (createApp's app.request: session look-up, the staff check, validation, the query, JSON), as a
// staff member's browser would call it. Each page is asked RUNS times; the figure is its p95.
//
//   node --import tsx bench/team-console.ts [out.json]
//   BENCH_PG_URL        the PostgreSQL server (default the local one as user postgres)
//   TEAM_BENCH_RUNS     requests per page (default 40)
//   TEAM_BENCH_KEEP_DB  1: keep the seeded database (its URL printed) to EXPLAIN a page's query
import { createHash, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createApp, createDb } from '../src/server/index';
import { throwawayDatabase, withClient } from './support/postgres';
import { percentile } from './support/util.mjs';

const OUT = process.argv[2] ?? 'bench/results/team-console.json';
const RUNS = Number(process.env.TEAM_BENCH_RUNS ?? 40);
const USERS = 100_000;
const BOOKINGS = 1_000_000;
const LISTINGS = 20_000;
const COURIER_REQUESTS = 20_000;
export const GOAL_P95_MS = 50;
const STAFF = 'staff@example.com';

async function seed(url: string, token: string): Promise<number> {
  const started = Date.now();
  await withClient(url, async (c) => {
    const q = (text: string, params: unknown[] = []) => c.query(text, params);
    // Bulk rows, not user actions: no change-log, space-holding or poke triggers (nobody is
    // listening), so the seed takes a minute, not an hour. The console reads none of what they keep.
    await q(`SET session_replication_role = replica`);
    await q(
      `INSERT INTO users (id, email, name, phone, age, gender, password_hash, created_at)
       SELECT 'u' || i, 'user' || i || '@example.com', (ARRAY['Asha','Ravi','Meera','Karan','Zoya'])[1 + i % 5] || ' ' || i,
         '9876543210', 30, 'other', 'x', now() - (i || ' minutes')::interval
       FROM generate_series(1, $1::int) i`,
      [USERS],
    );
    await q(
      `INSERT INTO users (id, email, name, phone, age, gender, password_hash, created_at)
             VALUES ('staff', $1, 'Team Member', '9876543210', 30, 'other', 'x', now())`,
      [STAFF],
    );
    await q(
      `INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, 'staff', now(), now() + interval '30 days')`,
      [createHash('sha256').update(token).digest('base64url')],
    );
    await q(
      `INSERT INTO listings (id, user_id, email, name, phone, from_code, to_code, departure, time, airline,
         flight_no, weight_grams, cost, created_at)
       SELECT 'l' || i, 'u' || (1 + i % $2::int), 'user' || (1 + i % $2::int) || '@example.com', 'Carrier', '9876543210',
         (ARRAY['DEL','BOM','BLR','MAA'])[1 + i % 4], (ARRAY['DXB','LHR','SIN','JFK'])[1 + (i / 4) % 4],
         to_char(current_date + (i % 60), 'YYYY-MM-DD'), '10:30', 'AI', 'AI' || (100 + i % 900), 1000000, 500, now()
       FROM generate_series(1, $1::int) i`,
      [LISTINGS, USERS],
    );
    await q(
      `INSERT INTO bookings (id, listing_id, carrier_id, traveller_id, name, email, phone, weight_grams, cost,
         status, carrier_name, carrier_email, carrier_phone, created_at, updated_at)
       SELECT 'b' || i, 'l' || (1 + i % $2::int), 'u' || (1 + (i % $2::int) % $3::int),
         'u' || (1 + (i::bigint * 7919) % $3::int), 'Traveller', 'user' || (1 + (i::bigint * 7919) % $3::int) || '@example.com',
         '9876543210', 1000, 500, (ARRAY['completed','accepted','cancelled','rejected'])[1 + i % 4]::booking_status,
         'Carrier', 'user' || (1 + (i % $2::int) % $3::int) || '@example.com', '9876543210',
         now() - (i || ' seconds')::interval, now()
       FROM generate_series(1, $1::int) i`,
      [BOOKINGS, LISTINGS, USERS],
    );
    await q(
      `INSERT INTO contact_messages (id, user_id, name, email, phone, message, created_at, closed_at)
       SELECT 'q' || i, 'u' || i, 'Asha', 'user' || i || '@example.com', '9876543210', 'Where is my booking?',
         now() - (i || ' minutes')::interval, CASE WHEN i % 3 = 0 THEN now() END
       FROM generate_series(1, 10000) i`,
    );
    await q(
      `INSERT INTO reports (id, reporter_id, subject_id, kind, booking_id, reason, status, created_at)
       SELECT 'r' || i, 'u' || i, 'u' || (i + 1), 'booking', 'b' || i, 'spam',
         CASE WHEN i % 4 = 0 THEN 'open' ELSE 'dismissed' END, now() - (i || ' minutes')::interval
       FROM generate_series(1, 10000) i`,
    );
    await q(
      `INSERT INTO match_requests (id, user_id, from_code, to_code, departure, flight_no, airline, email, name, phone, created_at)
       SELECT 'm' || i, 'u' || i, (ARRAY['DEL','BOM','BLR','MAA','HYD'])[1 + i % 5], (ARRAY['DXB','LHR','SIN','JFK','CDG'])[1 + (i / 5) % 5],
         to_char(current_date + (i % 90), 'YYYY-MM-DD'), 'AI101', 'AI', 'user' || i || '@example.com', 'Asha', '9876543210', now()
       FROM generate_series(1, 50000) i`,
    );
    await q(
      `INSERT INTO courier_requests (id, user_id, status, details, item_image_url, payment_acknowledged, created_at,
         from_code, to_code, first_day, last_day, weight_grams, id_last4)
       SELECT 'c' || i, 'u' || (1 + (i::bigint * 31) % $2::int),
         (ARRAY['submitted','matched','booked','delivered','closed'])[1 + i % 5],
         jsonb_build_object('itemDescription', 'Books', 'governmentIdType', 'Aadhaar Card'),
         '/api/files/courier-images/x.png', true, now() - (i || ' minutes')::interval,
         (ARRAY['DEL','BOM','BLR','MAA'])[1 + i % 4], (ARRAY['DXB','LHR','SIN','JFK'])[1 + (i / 4) % 4],
         to_char(current_date + (i % 60), 'YYYY-MM-DD'), to_char(current_date + (i % 60) + 10, 'YYYY-MM-DD'), 2000, '1234'
       FROM generate_series(1, $1::int) i`,
      [COURIER_REQUESTS, USERS],
    );
    await q(
      `INSERT INTO audit_log (at, actor_id, actor_email, action, subject_id, subject, reason)
       SELECT now() - (i || ' minutes')::interval, 'staff', $1, 'report.dismiss', 'u' || i, 'user' || i || '@example.com', 'checked'
       FROM generate_series(1, 20000) i`,
      [STAFF],
    );
    await q(`SET session_replication_role = DEFAULT`);
    await q('ANALYZE');
  });
  return Date.now() - started;
}

interface PageFigure {
  page: string;
  p50: number;
  p95: number;
  rows: number;
}

async function main() {
  const db = await throwawayDatabase('team');
  const token = randomBytes(32).toString('base64url');
  const database = await createDb({ url: db.url });
  try {
    const seedMs = await seed(db.url, token);
    const app = createApp({ db: database.db, config: { staffEmails: [STAFF], log: () => {} } });
    const get = async (path: string) => {
      const res = await app.request(`http://localhost${path}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as { items: unknown[]; next: string | null };
    };
    // A cursor deep in the users and bookings (the 100th page), found once.
    let usersDeep = '';
    let bookingsDeep = '';
    for (let i = 0; i < 100; i += 1) {
      usersDeep = (await get(`/api/team/users?cursor=${usersDeep}`)).next ?? '';
      bookingsDeep = (await get(`/api/team/bookings?cursor=${bookingsDeep}`)).next ?? '';
    }
    const pages: [string, string][] = [
      ['users, first page', '/api/team/users'],
      ['users, 101st page (cursor)', `/api/team/users?cursor=${usersDeep}`],
      ['users, e-mail starts "user123"', '/api/team/users?q=user123'],
      ['users, name starts "meera 9"', '/api/team/users?q=meera%209'],
      ['bookings, first page', '/api/team/bookings'],
      ['bookings, 101st page (cursor)', `/api/team/bookings?cursor=${bookingsDeep}`],
      ["bookings, a user's by e-mail", '/api/team/bookings?q=user4242%40example.com'],
      ['contact queries, open', '/api/team/queries'],
      ['reports, open', '/api/team/reports'],
      ['unmatched searches', '/api/team/searches'],
      ['courier requests', '/api/team/courier-requests'],
      ['courier requests, submitted', '/api/team/courier-requests?status=submitted'],
      ['audit log', '/api/team/audit'],
    ];
    const figures: PageFigure[] = [];
    for (const [page, path] of pages) {
      const times: number[] = [];
      let rows = 0;
      await get(path);
      for (let i = 0; i < RUNS; i += 1) {
        const t = performance.now();
        rows = (await get(path)).items.length;
        times.push(performance.now() - t);
      }
      figures.push({ page, p50: percentile(times, 50), p95: percentile(times, 95), rows });
      console.log(`${page}: p95 ${percentile(times, 95).toFixed(1)} ms (${rows} rows)`);
    }
    const worst = Math.max(...figures.map((f) => f.p95));
    writeFileSync(
      OUT,
      JSON.stringify(
        {
          users: USERS,
          bookings: BOOKINGS,
          runs: RUNS,
          seedMs,
          figures,
          worstP95: worst,
          met: worst <= GOAL_P95_MS,
          load: loadavg()[0],
        },
        null,
        2,
      ),
    );
  } finally {
    await database.close();
    if (process.env.TEAM_BENCH_KEEP_DB === '1') console.log(`kept the database: ${db.url}`);
    else await db.drop();
  }
}

await main();
