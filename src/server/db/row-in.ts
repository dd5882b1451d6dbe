// A row-value IN: `(from, to) in (($1, $2), ($3, $4))`, one statement for a run of keys of more than
// one column (a drain's new listings asking whether anyone waits on their routes).
import { type Column, type SQL, sql } from 'drizzle-orm';

const tuple = (parts: readonly unknown[]): SQL =>
  sql`(${sql.join(
    parts.map((p) => sql`${p}`),
    sql`, `,
  )})`;

/**
 * Whether `columns` hold one of `rows` (each row the columns' values, in order; not empty). A row
 * given more than once is sent once.
 */
export function rowIn(columns: readonly Column[], rows: readonly (readonly unknown[])[]): SQL {
  const unique = [...new Map(rows.map((r) => [JSON.stringify(r), r])).values()];
  return sql`${tuple(columns)} in (${sql.join(unique.map(tuple), sql`, `)})`;
}
