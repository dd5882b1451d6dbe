// Named statements for the hottest writes and the pull's first read, run on whatever handle the
// caller holds: the pool, or a transaction's (or savepoint's) connection. Drizzle prepares a
// statement on the handle it was built on, and every transaction is a new handle, so inside a
// transaction it would build the SQL and PostgreSQL would parse and plan it again on every call.
// Here the text is written once; on PostgreSQL node-postgres parses it once per connection (by
// name) and later calls send only the values; PGlite (in process) runs it with its parameters.
// Rows come back as the driver parses them: timestamptz as Date, json as values; bigint is a
// string on PostgreSQL and may be a number on PGlite, so readers convert with Number().
// A read on the pool that Drizzle can build (typed, mapped rows) is db/prepared.ts instead.
import type { Db, Tx } from './client';

export interface Statement {
  /** Unique per text: node-postgres refuses a known name with another text. */
  name: string;
  /** Positional parameters $1, $2, … */
  text: string;
}

interface PgQueryable {
  query(config: {
    name: string;
    text: string;
    values: unknown[];
  }): Promise<{ rows: Record<string, unknown>[] }>;
}
interface PgliteQueryable {
  exec(text: string): Promise<unknown>;
  query(text: string, values: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** The driver's client under a Drizzle handle (a pg Pool or PoolClient, or PGlite or its transaction). */
function clientOf(db: Db | Tx): PgQueryable | PgliteQueryable {
  return (db as unknown as { session: { client: PgQueryable | PgliteQueryable } }).session.client;
}

const isPglite = (client: PgQueryable | PgliteQueryable): client is PgliteQueryable =>
  typeof (client as Partial<PgliteQueryable>).exec === 'function';

/** Runs `statement` with `values` on `db`'s connection; the rows as the driver parsed them. */
export async function run<Row = Record<string, unknown>>(
  db: Db | Tx,
  statement: Statement,
  values: unknown[],
): Promise<Row[]> {
  const client = clientOf(db);
  const result = isPglite(client)
    ? await client.query(statement.text, values)
    : await client.query({ name: statement.name, text: statement.text, values });
  return result.rows as Row[];
}
