// PostgreSQL for the benches: the server they reach (BENCH_PG_URL, default the local one as user
// postgres), one connection for a piece of work, and a throwaway database created beside it and
// dropped when the bench is done, so a bench never touches data it did not make.
import { throwawayDatabase as throwawayOn, databaseUrl as urlOn } from '../../scripts/postgres';

export { withClient } from '../../scripts/postgres';

export const BENCH_PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The URL of database `name` on the server BENCH_PG_URL names. */
export function databaseUrl(name: string): string {
  return urlOn(BENCH_PG_URL, name);
}

/** A new database `carry_bench_<bench>_*`; `drop()` ends its connections and removes it. */
export function throwawayDatabase(bench: string): Promise<{ url: string; drop(): Promise<void> }> {
  return throwawayOn(BENCH_PG_URL, `carry_bench_${bench}`);
}
