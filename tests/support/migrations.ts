// A migration's statements for tests of its backfills: run one again on rows a test put out of
// step, and compare with what the server keeps. And the migrations up to one release, for tests
// that migrate a database holding that release's rows.
//
//   migrationStatement('0013_abuse_quotas_expiry', 'UPDATE "rating_totals"'): string
//   migrationsUpTo('0015_notifications_password_resets'): string (a folder for Drizzle's migrate)
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

/**
 * A copy of the migrations folder whose journal ends at `lastTag` (e.g. '0015_notifications_password_resets'):
 * migrate with it, put rows in as that release had them, then migrate with the real folder.
 * Returns the folder; remove it with rmSync(folder, { recursive: true }).
 */
export function migrationsUpTo(lastTag: string): string {
  const source = fileURLToPath(new URL('../../src/server/db/migrations/', import.meta.url));
  const folder = mkdtempSync(join(tmpdir(), 'carry-migrations-'));
  cpSync(source, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const end = journal.entries.findIndex((e) => e.tag === lastTag);
  if (end < 0) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, end + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}
