// PostgreSQL for tests: one admin connection for a piece of work, and a fresh database beside
// TEST_DATABASE_URL's, so separate files (and separate server processes) never see each other's rows.
//
//   withAdmin(url, (client) => client.query(...)) : Promise<T>
//   freshDatabase(baseUrl) : Promise<{ url, drop() }>      empty; drop() ends its connections first
//   migratedDatabase(baseUrl) : Promise<{ url, drop() }>   migrated and seeded, a copy of a template
//
// The in-process test servers (server-app.ts) start some hundred databases a run: migrating and
// seeding each cost 2-5 s on a loaded 2-core machine, copying a template (CREATE DATABASE ...
// TEMPLATE) a fraction of that. The template is made once, migrated and seeded, under the key of
// everything it depends on (pglite-snapshot.ts: the migrations, the reference data, the day), so
// every worker and every run until one of those changes copies the same one; templates older than
// yesterday are dropped when a new one is made (a branch with other migrations has its own key).
//
// Every database made here commits without waiting for its WAL to reach the disk
// (synchronous_commit off, a setting of the database: CREATE DATABASE ... TEMPLATE does not copy
// it). A commit is then visible and ordered as before; only a crash of PostgreSQL itself could lose
// the last moments of writes, which a throwaway test database does not mind. With it on, each
// commit waited some 2 ms for an fsync (pgbench, one-row inserts: 2.1 ms against 0.08 ms), and a
// run of the suite commits tens of thousands of times.
import { databaseUrl, throwawayDatabase, withClient } from '../../scripts/postgres';
import { createDb } from '../../src/server/db/client';
import { seedReferenceData } from '../../src/server/db/seed';
import { snapshotKey } from './pglite-snapshot';

export { withClient as withAdmin } from '../../scripts/postgres';

/** Run in the database's creator's connection, right after CREATE DATABASE (see the top). */
const noCommitWait = (name: string) => `ALTER DATABASE ${name} SET synchronous_commit = off`;

export async function freshDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const database = await throwawayDatabase(baseUrl, 'carry_t');
  const name = new URL(database.url).pathname.slice(1);
  await withClient(baseUrl, (c) => c.query(noCommitWait(name)));
  return database;
}

const TEMPLATE_PREFIX = 'carry_tpl_';
/** Held while a template is made: the workers starting together wait for the first. */
const TEMPLATE_LOCK_KEY = 0x63_61_72_74; // 'cart'

/** The UTC day `back` days ago, as in a template's name: 20261128. */
const day = (back = 0) =>
  new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');

let template: Promise<string> | undefined;

/** The template's name, made (migrated and seeded) if no run made it yet. */
function templateDatabase(baseUrl: string): Promise<string> {
  template ??= withClient(baseUrl, async (admin) => {
    const name = `${TEMPLATE_PREFIX}${day()}_${snapshotKey()}`;
    const exists = async () =>
      (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
    if (await exists()) return name;
    // Advisory locks belong to the database they are taken in: all runs take it in baseUrl's.
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      if (await exists()) return name;
      // Made under another name, renamed once whole: a copy is never taken of half a template.
      const partial = `${name}_partial_${process.pid}`;
      await admin.query(`DROP DATABASE IF EXISTS ${partial}`);
      await admin.query(`CREATE DATABASE ${partial}`);
      await admin.query(noCommitWait(partial));
      const database = await createDb({
        url: databaseUrl(baseUrl, partial),
        setup: async (db) => {
          await seedReferenceData(db);
        },
      });
      await database.close();
      // A closed connection's backend may linger a moment, and a database in use cannot be renamed.
      for (let attempt = 1; ; attempt += 1) {
        await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [partial],
        );
        try {
          await admin.query(`ALTER DATABASE ${partial} RENAME TO ${name}`);
          break;
        } catch (err) {
          if (attempt >= 20) throw err;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      // Yesterday's stays: a run that crosses midnight still has files copying it (each file
      // names its template when it first asks), and a drop WITH (FORCE) would fail their copies.
      const old = await admin.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE datname LIKE $1 AND datname < $2',
        [`${TEMPLATE_PREFIX}%`, `${TEMPLATE_PREFIX}${day(1)}`],
      );
      for (const { datname } of old.rows)
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined);
      return name;
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
  });
  return template;
}

/** A new database, migrated and seeded (a copy of the template), and how to drop it. */
export async function migratedDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const source = await templateDatabase(baseUrl);
  const name = `carry_t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await withClient(baseUrl, async (c) => {
    await c.query(`CREATE DATABASE ${name} TEMPLATE ${source}`);
    await c.query(noCommitWait(name));
  });
  return {
    url: databaseUrl(baseUrl, name),
    drop: async () => {
      await withClient(baseUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
