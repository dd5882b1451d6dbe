// What the in-process benches share (diff-pull, earnings): the app on a database of each backend
// (PGlite in memory, or a throwaway PostgreSQL database), raw SQL for seeding with triggers off,
// the seeded users, a signed-in caller timing each call through the app (server time: no
// network), and a query's EXPLAIN ANALYZE.
import { createApp, createDb, createSession, type Db, DEFAULT_CONFIG } from '@/server';
import { throwawayDatabase } from './postgres';

export interface RawClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** The driver under the app's database, for SQL the app never runs (seeding, EXPLAIN). */
export const rawClient = (db: Db) => (db as unknown as { $client: RawClient }).$client;

/** `measure` on a fresh database of `backend`: PGlite, or PostgreSQL `carry_bench_<name>_*`, dropped after. */
export async function onBackend<T>(
  backend: string,
  name: string,
  measure: (db: Db) => Promise<T>,
): Promise<T> {
  if (backend !== 'postgres') {
    const database = await createDb();
    try {
      return await measure(database.db);
    } finally {
      await database.close();
    }
  }
  const throwaway = await throwawayDatabase(name);
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

/** Users u0..u20 (`<prefix>i@example.com`, "<Name> User i"), for a seeding run with triggers off. */
export async function seedUsers(raw: RawClient, prefix: string, name: string) {
  await raw.query(
    `INSERT INTO users (id, email, name, phone, age, gender, password_hash, created_at)
     SELECT 'u' || i, '${prefix}' || i || '@example.com', '${name} User ' || i, lpad(i::text, 10, '9'), 30,
            'female', 'x', now() FROM generate_series(0, 20) AS i`,
  );
}

export const msSince = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
export const cpuMsSince = (c0: NodeJS.CpuUsage) => {
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
};

/**
 * The app in process with a session of `userId`: `call(path)` answers the status, the body's
 * text, and the call's time and this process's CPU time in ms (on PGlite the database's too).
 */
export async function signedIn(db: Db, userId: string) {
  const token = await createSession(db, userId, Date.now(), {
    ttlMs: DEFAULT_CONFIG.sessionTtlMs,
    maxPerUser: DEFAULT_CONFIG.maxSessionsPerUser,
  });
  const app = createApp({ db, config: { log: () => {} } });
  const call = async (path: string) => {
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    const res = await app.request(path, { headers: { Cookie: `carry_session=${token}` } });
    const text = await res.text();
    const time = msSince(t0);
    return { status: res.status, text, time, cpu: cpuMsSince(c0) };
  };
  return { call };
}

/** A query as the database runs it: EXPLAIN ANALYZE's execution time (ms) and its plan as JSON text. */
export async function explain(raw: RawClient, query: string) {
  const r = await raw.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${query}`);
  const plan = (r.rows[0] as Record<string, unknown>)['QUERY PLAN'];
  const json = (typeof plan === 'string' ? JSON.parse(plan) : plan) as {
    'Execution Time': number;
    Plan: unknown;
  }[];
  return { ms: json[0]?.['Execution Time'] ?? null, plan: JSON.stringify(json[0]?.Plan) };
}
