// Generates the server benchmark's data set in one database (PGlite folder or PostgreSQL URL):
// users, 100,000 listings and 200,000 bookings, bulk-inserted with generate_series, then
// EXPLAIN (ANALYZE, BUFFERS) of every query the benchmarked calls run, captured from the app's
// own query functions through a Drizzle logger so the plans are of the SQL the app sends.
import { eq } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import {
  createDb,
  createSession,
  DEFAULT_CONFIG,
  findSessionUser,
  hashPassword,
  ordersOf,
  reserve,
  schema,
  searchListings,
  seedReferenceData,
} from '@/server';

export const BENCH_PASSWORD = 'Bench@12345';
export const SIZES = { users: 1000, listings: 100_000, bookings: 200_000 };

type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
interface RawClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface DataSet {
  backend: 'pglite' | 'postgres';
  generateMs: number;
  counts: Record<string, number>;
  user: { email: string; id: string };
  search: { from: string; to: string; departure: string; flightNo: string; airline: string };
  searchHits: number;
  carrierOrders: number;
  plans: { name: string; sql: string; plan: string }[];
}

const ORIGINS = ['DEL', 'BOM', 'BLR', 'MAA', 'HYD', 'CCU', 'COK', 'AMD'];
const DESTINATIONS = ['DXB', 'LHR', 'SIN', 'DOH', 'JFK', 'FRA'];
const AIRLINES = ['AI', '6E', 'EK', 'QR', 'SQ', 'UK'];
const STATUSES = ['pending', 'accepted', 'completed', 'rejected', 'cancelled'];
const DAYS = 60;
const arr = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x}'`).join(',')}]`;

async function generate(raw: RawClient, passwordHash: string): Promise<void> {
  const { users: U, listings: L, bookings: B } = SIZES;
  await raw.query(
    `INSERT INTO users (id, email, name, phone, age, gender, password_hash, created_at)
     SELECT 'u' || i, 'bench' || i || '@example.com', 'Bench User ' || i, lpad(i::text, 10, '9'),
            20 + i % 50, 'female', $1, now() - interval '90 days'
     FROM generate_series(0, ${U - 1}) AS i`,
    [passwordHash],
  );
  // Listing i belongs to user i % U, flies route (i % 8, (i / 8) % 6), departs in 1..60 days;
  // its flight number's digits, 100 + i / U, make (user, flight) unique as the schema requires.
  await raw.query(
    `INSERT INTO listings (id, user_id, email, name, phone, from_code, to_code, departure, time,
                           airline, flight_no, weight_grams, cost, created_at)
     SELECT 'l' || i, 'u' || (i % ${U}), 'bench' || (i % ${U}) || '@example.com',
            'Bench User ' || (i % ${U}), lpad((i % ${U})::text, 10, '9'),
            (${arr(ORIGINS)})[1 + i % ${ORIGINS.length}],
            (${arr(DESTINATIONS)})[1 + (i / ${ORIGINS.length}) % ${DESTINATIONS.length}],
            to_char(current_date + (1 + (i / ${ORIGINS.length * DESTINATIONS.length}) % ${DAYS}), 'YYYY-MM-DD'),
            lpad((i % 24)::text, 2, '0') || ':30',
            (${arr(AIRLINES)})[1 + i % ${AIRLINES.length}],
            (${arr(AIRLINES)})[1 + i % ${AIRLINES.length}] || (100 + i / ${U})::text,
            (5 + i % 21) * 1000, 100 + (i * 37) % 6000, now() - (i || ' seconds')::interval
     FROM generate_series(0, ${L - 1}) AS i`,
  );
  // Booking j is on listing j % L (two per listing), by a traveller other than its carrier.
  await raw.query(
    `INSERT INTO bookings (id, listing_id, carrier_id, traveller_id, name, email, phone, weight_grams,
                           cost, status, carrier_name, carrier_email, carrier_phone, created_at, updated_at)
     SELECT 'b' || j, l.id, l.user_id, 'u' || ((substr(l.user_id, 2)::int + 1 + j % ${U - 1}) % ${U}),
            'Traveller ' || j, 'bench' || ((substr(l.user_id, 2)::int + 1 + j % ${U - 1}) % ${U}) || '@example.com',
            '9000000000', 1000, l.cost, (${arr(STATUSES)})[1 + (j + j / ${L}) % ${STATUSES.length}]::booking_status,
            l.name, l.email, l.phone, now() - (j || ' seconds')::interval, now() - (j || ' seconds')::interval
     FROM generate_series(0, ${B - 1}) AS j JOIN listings l ON l.id = 'l' || (j % ${L})`,
  );
  // Each completed booking is rated both ways (stars 1-5 by j), with totals kept as the app keeps them
  // (each rater's latest rating summed, the raters counted: src/server/mutators/rate.ts).
  await raw.query(
    `INSERT INTO ratings (booking_id, rater_id, ratee_id, stars, comment, created_at, updated_at)
     SELECT b.id, side.rater, side.ratee, 1 + (substr(b.id, 2)::int + side.n) % 5, '', b.updated_at, b.updated_at
     FROM bookings b
     CROSS JOIN LATERAL (VALUES (b.traveller_id, b.carrier_id, 0), (b.carrier_id, b.traveller_id, 1)) AS side(rater, ratee, n)
     WHERE b.status = 'completed'`,
  );
  await raw.query(
    `INSERT INTO rating_totals (user_id, total, count, people)
     SELECT ratee_id, sum(stars) FILTER (WHERE latest), count(*), count(*) FILTER (WHERE latest)
     FROM (SELECT ratee_id, stars, row_number() OVER (PARTITION BY ratee_id, rater_id
             ORDER BY created_at DESC, booking_id DESC) = 1 AS latest FROM ratings) r
     GROUP BY ratee_id`,
  );
  // VACUUM as autovacuum would have by now: the bookings insert updated each listing's held grams
  // (trigger bookings_hold_space) twice, leaving dead row versions a live database would not keep.
  for (const t of ['users', 'listings', 'bookings', 'ratings', 'rating_totals'])
    await raw.query(`VACUUM ANALYZE ${t}`);
}

async function count(raw: RawClient, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await raw.query(sql, params);
  return Number(Object.values(rows[0] ?? {})[0] ?? 0);
}

/** Runs `work` against a Drizzle instance that records each statement, then explains them. */
async function explainAll(
  raw: RawClient,
  loggedDb: (log: (sql: string, params: unknown[]) => void) => Db,
  jobs: { name: string; work: (db: Db) => Promise<unknown> }[],
) {
  const plans: DataSet['plans'] = [];
  for (const job of jobs) {
    const seen: { sql: string; params: unknown[] }[] = [];
    await job.work(loggedDb((sql, params) => seen.push({ sql, params })));
    for (const [i, q] of seen.entries()) {
      const name = seen.length > 1 ? `${job.name} (${i + 1}/${seen.length})` : job.name;
      const explain = `EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`;
      await raw.query(explain, q.params); // warm the caches; the second run is the one shown
      const { rows } = await raw.query(explain, q.params);
      const plan = rows.map((r) => String(Object.values(r)[0])).join('\n');
      const params = q.params.length ? `\n-- params: ${JSON.stringify(q.params)}` : '';
      plans.push({ name, sql: `${q.sql}${params}`, plan });
    }
  }
  return plans;
}

/** Creates, migrates, seeds and fills the database, explains the hot queries, closes it. */
export async function buildDataSet(target: { url?: string; dataDir?: string }): Promise<DataSet> {
  const started = performance.now();
  const database = await createDb(target);
  try {
    const db = database.db as Db & { $client: unknown };
    await seedReferenceData(database.db);
    const raw = db.$client as RawClient;
    await generate(raw, await hashPassword(BENCH_PASSWORD));
    const generateMs = performance.now() - started;
    const loggedDb = (log: (sql: string, params: unknown[]) => void): Db => {
      const logger = { logQuery: log };
      return (database.kind === 'postgres'
        ? drizzlePg({ client: raw as never, schema, logger })
        : drizzlePglite({ client: raw as never, schema, logger })) as unknown as Db;
    };
    const user = { id: 'u1', email: 'bench1@example.com' };
    // The searched route and date: listing 241's (BOM to DXB, six days out). Not a flight of the
    // next day: those leave at 01:30 in India, and once that has passed the search finds nothing
    // and measures the no-match path instead (it did, in runs after 20:00 UTC).
    const [first] = (
      await raw.query(
        `SELECT from_code, to_code, departure, airline, flight_no FROM listings WHERE id = 'l241'`,
      )
    ).rows;
    const search = {
      from: String(first?.from_code),
      to: String(first?.to_code),
      departure: String(first?.departure),
      flightNo: String(first?.flight_no),
      airline: String(first?.airline),
    };
    const now = Date.now();
    const token = await createSession(database.db, user.id, now, {
      ttlMs: DEFAULT_CONFIG.sessionTtlMs,
      maxPerUser: DEFAULT_CONFIG.maxSessionsPerUser,
    });
    const plans = await explainAll(raw, loggedDb, [
      { name: 'search-listings: searchListings', work: (d) => searchListings(d, search, Date.now()) },
      { name: 'carrier-orders: ordersOf(carrier)', work: (d) => ordersOf(d, user.id, 'carrier') },
      {
        name: 'every call: findSessionUser',
        work: (d) => findSessionUser(d, token, now, DEFAULT_CONFIG.sessionTtlMs),
      },
      {
        name: 'login: reserve (count the attempt per email)',
        work: (d) =>
          reserve(
            d,
            [
              {
                key: `login-email:${user.email}`,
                max: 5,
                windowMs: DEFAULT_CONFIG.loginWindowMs,
                maxParallel: 2,
              },
            ],
            now,
          ).then((slot) => slot?.done('clear')),
      },
      {
        name: 'login: user by email',
        work: (d) => d.select().from(schema.users).where(eq(schema.users.email, user.email)),
      },
    ]);
    return {
      backend: database.kind,
      generateMs,
      counts: {
        users: await count(raw, 'SELECT count(*) FROM users'),
        listings: await count(raw, 'SELECT count(*) FROM listings'),
        bookings: await count(raw, 'SELECT count(*) FROM bookings'),
        ratings: await count(raw, 'SELECT count(*) FROM ratings'),
      },
      user,
      search,
      searchHits: (await searchListings(database.db, search, Date.now())).length,
      carrierOrders: (await ordersOf(database.db, user.id, 'carrier')).length,
      plans,
    };
  } finally {
    await database.close();
  }
}
