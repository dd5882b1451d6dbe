// A migration's statements for tests of its backfills: run one again on rows a test put out of
// step, and compare with what the server keeps.
//
//   migrationStatement('0013_abuse_quotas_expiry', 'UPDATE "rating_totals"'): string
import { readFileSync } from 'node:fs';

/** One statement of a migration, by how it starts (its comment lines dropped). */
export function migrationStatement(migration: string, start: string): string {
  const file = new URL(`../../src/server/db/migrations/${migration}.sql`, import.meta.url);
  const found = readFileSync(file, 'utf8')
    .split('--> statement-breakpoint')
    .map((part) =>
      part
        .split('\n')
        .filter((line) => !line.trim().startsWith('--'))
        .join('\n')
        .trim(),
    )
    .find((statement) => statement.startsWith(start));
  if (!found) throw new Error(`no statement starting ${start}`);
  return found;
}
