// PostgreSQL for the benches: the server they reach (BENCH_PG_URL, default the local one as user
// postgres), one connection for a piece of work, and a throwaway database created beside it and
// dropped when the bench is done, so a bench never touches data it did not make.
import pg from 'pg';

export const BENCH_PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs `work` on one connection to `url`, closed afterwards. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the server BENCH_PG_URL names. */
export function databaseUrl(name: string): string {
  const url = new URL(BENCH_PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A new database `carry_bench_<bench>_<time>`; `drop()` ends its connections and removes it. */
export async function throwawayDatabase(bench: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `carry_bench_${bench.replace(/\W/g, '_')}_${Date.now().toString(36)}`;
  await withClient(BENCH_PG_URL, (c) => c.query(`CREATE DATABASE ${name}`));
  return {
    url: databaseUrl(name),
    drop: async () => {
      await withClient(BENCH_PG_URL, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
