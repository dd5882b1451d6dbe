// Where a search request's time goes, measured in-process one request at a time (no load, no
// socket): the session query, the search query (through Drizzle and as raw SQL on the same
// driver), input parsing, the answer's JSON, the request log line, and the whole request through
// the app with and without logging. Used by server.ts; runnable alone:
//   node --import tsx bench/server-phases.ts <DATABASE_URL | PGlite folder>
import { openSync, writeSync } from 'node:fs';
import * as v from 'valibot';
import { searchRequestSchema } from '@/domain/listing/schema';
import {
  createApp,
  createDb,
  createSession,
  type Db,
  DEFAULT_CONFIG,
  findSessionUser,
  searchListings,
} from '@/server';

export interface Phase {
  name: string;
  meanUs: number;
  p99Us: number;
}

interface RawClient {
  query(text: string, params?: unknown[]): Promise<unknown>;
}

const RUNS = Number(process.env.BENCH_PHASE_RUNS ?? 400);

async function time(name: string, work: () => Promise<unknown> | unknown): Promise<Phase> {
  for (let i = 0; i < 30; i += 1) await work();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const t = performance.now();
    await work();
    samples.push((performance.now() - t) * 1000);
  }
  samples.sort((a, b) => a - b);
  const mean = samples.reduce((s, x) => s + x, 0) / samples.length;
  return {
    name,
    meanUs: Math.round(mean),
    p99Us: Math.round(samples[Math.floor(samples.length * 0.99)] ?? 0),
  };
}

/** The SQL and parameters Drizzle sends for `work`, captured through its logger. */
async function capture(db: Db, work: (db: Db) => Promise<unknown>) {
  const seen: { sql: string; params: unknown[] }[] = [];
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const original = client.query;
  // node-postgres: query(config | text, values); PGlite: query(text, params, options).
  client.query = (...args: unknown[]) => {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    seen.push({
      sql: typeof first === 'string' ? first : first.text,
      params: second ?? (typeof first === 'string' ? [] : (first.values ?? [])),
    });
    return original.apply(client, args);
  };
  try {
    await work(db);
  } finally {
    client.query = original;
  }
  return seen;
}

export async function measurePhases(
  target: { url?: string; dataDir?: string },
  user: { id: string; email: string },
  search: { from: string; to: string; departure: string; flightNo: string; airline: string },
): Promise<Phase[]> {
  const database = await createDb(target);
  try {
    const db = database.db;
    const raw = (db as unknown as { $client: RawClient }).$client;
    const now = Date.now();
    const token = await createSession(db, user.id, now, {
      ttlMs: DEFAULT_CONFIG.sessionTtlMs,
      maxPerUser: DEFAULT_CONFIG.maxSessionsPerUser,
    });
    const body = { ...search, email: user.email, name: 'Bench User 1', phone: '9999999991' };
    const bodyText = JSON.stringify(body);
    const found = await searchListings(db, search, Date.now());
    const devNull = openSync('/dev/null', 'w');
    const logLine = (line: Record<string, unknown>) => writeSync(devNull, `${JSON.stringify(line)}\n`);
    const quiet = createApp({ db, config: { log: () => {} } });
    const logged = createApp({ db, config: { log: logLine } });
    const request = (app: ReturnType<typeof createApp>, path: string, init?: RequestInit) => async () => {
      const res = await app.request(path, init);
      await res.arrayBuffer();
    };
    const searchInit = {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: `carry_session=${token}` },
      body: bodyText,
    };
    const [sessionSql] = await capture(db, (d) =>
      findSessionUser(d, token, now, DEFAULT_CONFIG.sessionTtlMs),
    );
    const [searchSql] = await capture(db, (d) => searchListings(d, search, Date.now()));
    if (!sessionSql || !searchSql) throw new Error('no SQL captured');
    // Named statements are node-postgres's (PGlite prepares per call anyway).
    const named =
      database.kind === 'postgres'
        ? [
            await time('search query (raw SQL, named prepared statement)', () =>
              raw.query({ name: 'bench_search', text: searchSql.sql, values: searchSql.params } as never),
            ),
            await time('session query (raw SQL, named prepared statement)', () =>
              raw.query({ name: 'bench_session', text: sessionSql.sql, values: sessionSql.params } as never),
            ),
          ]
        : [];
    return [
      ...named,
      await time('session query (Drizzle)', () =>
        findSessionUser(db, token, now, DEFAULT_CONFIG.sessionTtlMs),
      ),
      await time('session query (raw SQL, same driver)', () => raw.query(sessionSql.sql, sessionSql.params)),
      await time('search query (Drizzle)', () => searchListings(db, search, Date.now())),
      await time('search query (raw SQL, same driver)', () => raw.query(searchSql.sql, searchSql.params)),
      await time('parse body + validate (valibot)', () => v.parse(searchRequestSchema, JSON.parse(bodyText))),
      await time(`answer JSON (${found.length} listings)`, () => JSON.stringify(found)),
      await time('request log line (JSON to a file)', () =>
        logLine({ method: 'POST', path: '/api/search-listings', status: 200, ms: 1 }),
      ),
      await time('GET /api/health through the app (middleware + select 1)', request(quiet, '/api/health')),
      await time(
        'GET /api/auth through the app (middleware + session)',
        request(quiet, '/api/auth', { headers: { Cookie: searchInit.headers.Cookie } }),
      ),
      await time('search through the app, no log', request(quiet, '/api/search-listings', searchInit)),
      await time('search through the app, logged', request(logged, '/api/search-listings', searchInit)),
    ];
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = process.argv[2] ?? '';
  const target = arg.startsWith('postgres') ? { url: arg } : { dataDir: arg };
  const search = JSON.parse(process.argv[3] ?? 'null') ?? {
    from: 'BOM',
    to: 'DXB',
    departure: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
    flightNo: '6E100',
    airline: '6E',
  };
  const phases = await measurePhases(target, { id: 'u1', email: 'bench1@example.com' }, search);
  for (const p of phases) console.log(`${p.name.padEnd(60)} mean ${p.meanUs} µs  p99 ${p.p99Us} µs`);
}
