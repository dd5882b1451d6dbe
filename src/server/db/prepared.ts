// Prepared statements for the hottest reads (the session lookup on every call, search): built
// once per database handle, sent as named statements, so neither Drizzle's SQL building nor
// PostgreSQL's parse and plan runs again per request (BENCHMARKS.md has the split). Drizzle
// builds the SQL and maps the rows to typed objects (nested selections too), but its statement
// belongs to the handle it was built on: the pool only. A statement that must run inside a
// transaction (a new handle each time) is hand-written SQL in db/statement.ts instead.
import type { Db } from './client';

const statements = new WeakMap<Db, Map<string, unknown>>();

/** The statement `build` prepares for `db`, built on first use under `name`. */
export function prepared<T>(db: Db, name: string, build: () => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (!statement) {
    statement = build();
    byName.set(name, statement);
  }
  return statement;
}
