// Where a carrier-orders request's time goes, in-process, one call at a time (no load, no
// socket): the query alone as raw SQL on the same driver, ordersOf (query, Drizzle's row mapping
// and toOrder), and the answer's JSON: what a call costs when it reads the list; and the
// change-log probe (src/server/http/answer-cache.ts), all a call costs when nothing changed. Used by orders.ts; runnable alone against a database that
// holds the server bench's data set (server-data.ts):
//   node --import tsx bench/orders-phases.ts <DATABASE_URL | PGlite folder>
import { collectionState, createDb, type Db, ordersOf } from '@/server';

export interface OrdersPhase {
  name: string;
  p50Us: number;
  p99Us: number;
  /** This process's CPU time per call (user + system): on PGlite the database's work too. It
   * moves far less than wall time with other work on the machine's cores. */
  cpuUs: number;
}

const RUNS = Number(process.env.BENCH_PHASE_RUNS ?? 400);

async function time(name: string, work: () => Promise<unknown> | unknown): Promise<OrdersPhase> {
  for (let i = 0; i < 30; i += 1) await work();
  const samples: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < RUNS; i += 1) {
    const t = performance.now();
    await work();
    samples.push((performance.now() - t) * 1000);
  }
  const used = process.cpuUsage(cpu);
  samples.sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round(samples[Math.min(samples.length - 1, Math.floor(samples.length * p))] ?? 0);
  return { name, p50Us: at(0.5), p99Us: at(0.99), cpuUs: Math.round((used.user + used.system) / RUNS) };
}

/** The SQL Drizzle sends for ordersOf, captured through the driver. */
async function captureSql(db: Db, userId: string) {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const original = client.query;
  let seen: { text: string; values: unknown[] } | null = null;
  client.query = (...args: unknown[]) => {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    seen ??=
      typeof first === 'string'
        ? { text: first, values: second ?? [] }
        : { text: first.text, values: first.values ?? second ?? [] };
    return original.apply(client, args);
  };
  try {
    await ordersOf(db, userId, 'carrier');
  } finally {
    client.query = original;
  }
  if (!seen) throw new Error('ordersOf sent no query');
  return seen as { text: string; values: unknown[] };
}

export async function measureOrdersPhases(
  target: { url?: string; dataDir?: string },
  userId: string,
): Promise<{ phases: OrdersPhase[]; orders: number; answerKb: number; plan: string }> {
  const database = await createDb(target);
  try {
    const db = database.db;
    const raw = (
      db as unknown as { $client: { query: (t: string, v?: unknown[]) => Promise<{ rows: unknown[] }> } }
    ).$client;
    const { text, values } = await captureSql(db, userId);
    const explain = await raw.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values);
    const plan = (explain.rows as Record<string, string>[]).map((r) => Object.values(r)[0]).join('\n');
    const answer = await ordersOf(db, userId, 'carrier');
    const json = JSON.stringify({ bookings: answer });
    const phases = [
      await time('query alone (raw SQL, same driver)', () => raw.query(text, values)),
      await time('ordersOf (query + row mapping + toOrder)', () => ordersOf(db, userId, 'carrier')),
      await time('answer JSON', () => JSON.stringify({ bookings: answer })),
    ];
    // The probe needs sync_collection_state (migration 0023); a database from before it has none.
    const { cookie } = await collectionState(db, userId, 'orders', null);
    phases.push(
      await time('change-log probe, nothing changed (a kept answer or 304)', async () => {
        if ((await collectionState(db, userId, 'orders', cookie)).changed) throw new Error('changed');
      }),
    );
    return { phases, orders: answer.length, answerKb: json.length / 1024, plan };
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = process.argv[2] ?? '';
  const target = arg.startsWith('postgres') ? { url: arg } : { dataDir: arg };
  const r = await measureOrdersPhases(target, process.argv[3] ?? 'u1');
  console.log(r.plan);
  console.log(`${r.orders} orders, ${r.answerKb.toFixed(1)} KB`);
  for (const p of r.phases) console.log(`${p.name}: p50 ${p.p50Us} us, p99 ${p.p99Us} us, cpu ${p.cpuUs} us`);
}
