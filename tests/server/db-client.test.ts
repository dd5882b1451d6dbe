// createDb: PGlite keeps its data in DATA_DIR across restarts (migrations re-applied harmlessly);
// on PostgreSQL (TEST_DATABASE_URL leg only), connections the server ends must not end the process.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createDb } from '@/server/db/client';
import { airports } from '@/server/db/schema';
import { seedReferenceData } from '@/server/db/seed';
import { migratedDatabase, withAdmin } from '../support/pg-admin';
import { until } from '../support/until';

const baseUrl = process.env.TEST_DATABASE_URL;

describe('createDb (PGlite in a data folder)', () => {
  it('creates missing parent folders and keeps the data across a restart', async () => {
    const root = mkdtempSync(join(tmpdir(), 'carry-db-'));
    const dataDir = join(root, 'nested', 'data');
    try {
      const first = await createDb({ dataDir });
      await seedReferenceData(first.db);
      const [before] = await first.db.select({ n: count() }).from(airports);
      await first.close();

      const second = await createDb({ dataDir });
      const [after] = await second.db.select({ n: count() }).from(airports);
      await second.close();
      expect(after).toEqual(before);
      expect(after?.n).toBeGreaterThan(100);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
    // Two PGlite starts, each applying every migration: minutes on a loaded 2-core machine.
  }, 180_000);
});

if (baseUrl) {
  describe('createDb (PostgreSQL)', () => {
    it('survives the server ending its idle connections, and reconnects', async () => {
      // A database of its own: ending every connection to TEST_DATABASE_URL's database would end
      // those of the files running beside (their admin connections: CREATE and DROP DATABASE).
      const own = await migratedDatabase(baseUrl);
      const database = await createDb({ url: own.url });
      try {
        // Several parallel queries leave several idle connections in the pool.
        await Promise.all(Array.from({ length: 4 }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
        const pool = (database.db as unknown as { $client: pg.Pool }).$client;
        const idle = pool.idleCount;
        const ended = await withAdmin(own.url, (admin) =>
          admin.query(
            `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
             WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name = ''`,
          ),
        );
        expect(ended.rowCount).toBeGreaterThan(0);
        expect(idle).toBeGreaterThan(0);
        // The pool drops each idle connection when its socket reports the end: an unheard 'error'
        // would fail the run here.
        await until(() => pool.idleCount === 0, { what: 'the pool hears its connections end' });
        const [row] = await database.db.select({ n: count() }).from(airports);
        expect(typeof row?.n).toBe('number');
      } finally {
        await database.close();
        await own.drop();
      }
    });
  });
}
