// Opens the database: PostgreSQL (node-postgres pool) when a URL is given, else embedded PGlite,
// persisted under `dataDir` or in memory. Both come back as the same Drizzle type, migrated.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { type NotificationSource, pgliteNotifications, pgNotifications } from './notifications';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** The database's NOTIFYs (live pokes): a dedicated connection on PostgreSQL, in process on PGlite. */
  notifications: NotificationSource;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** pg_advisory_lock key held while migrating and seeding: any fixed number the app owns. */
export const MIGRATION_LOCK_KEY = 4_210_117_301;

export interface CreateDbOptions {
  url?: string;
  dataDir?: string;
  /** Runs after the migrations, still under the migration lock (seeding reference data). */
  setup?: (db: Db) => Promise<void>;
  /**
   * In memory only (tests): start from this dump of a database (PGlite's dumpDataDir) instead of
   * an empty one, which costs seconds of initdb and migrations every time.
   */
  snapshot?: Blob;
}

/**
 * Migrates (then runs `setup`) while holding a PostgreSQL advisory lock, so that processes
 * starting together on a fresh database take turns: the first migrates, the others wait and
 * then find nothing left to do.
 */
async function migrateUnderLock(pool: pg.Pool, db: Db, setup: CreateDbOptions['setup']) {
  const lock = await pool.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(db as never, { migrationsFolder });
    await setup?.(db);
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lock.release();
  }
}

/** Opens and migrates the database. Neither option: an in-memory PGlite (tests). */
export async function createDb(options: CreateDbOptions = {}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // A connection the server ends (restart, failover, a forced DROP DATABASE) emits 'error' on
    // its client, and an 'error' nobody listens to ends the Node process. A query on such a
    // connection still fails on its own; the pool replaces the connection.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    try {
      await migrateUnderLock(pool, db, options.setup);
    } catch (err) {
      await pool.end();
      throw err;
    }
    return {
      db,
      kind: 'postgres',
      notifications: pgNotifications(options.url, {
        onError: (err) => console.error(JSON.stringify({ level: 'warn', listen: String(err) })),
      }),
      close: () => pool.end(),
    };
  }
  // PGlite does not create its folder's parents.
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // One process per folder (throws DataDirLockedError naming the holder).
  const unlock = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  try {
    const client =
      options.snapshot && !options.dataDir
        ? new PGlite({ loadDataDir: options.snapshot })
        : new PGlite(options.dataDir);
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
    await options.setup?.(db as unknown as Db);
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      notifications: pgliteNotifications(client),
      close: () => client.close().finally(unlock),
    };
  } catch (err) {
    unlock();
    throw err;
  }
}
