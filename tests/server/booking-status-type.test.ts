// Migration 0020: a booking's status is the enum booking_status, built from the domain's list,
// and the space-holding statuses are said once for SQL (booking_status_holds_space). A database
// of the 0015 release, with bookings in every status, migrates with its statuses and held space
// intact, and its trigger keeps counting. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, HOLDS_SPACE } from '@/domain/booking/status';
import { pgCode } from '@/server/http/errors';
import { migrationsUpTo } from '../support/migrations';

const realFolder = new URL('../../src/server/db/migrations', import.meta.url).pathname;
const before = migrationsUpTo('0015_notifications_password_resets');
afterAll(() => rmSync(before, { recursive: true, force: true }));

interface Target {
  /** Runs SQL, returning rows. */
  query(text: string): Promise<Record<string, unknown>[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function pgliteTarget(): Promise<Target> {
  const client = new PGlite();
  const db = drizzlePglite({ client });
  return {
    query: async (text) => (await client.query<Record<string, unknown>>(text)).rows,
    migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

async function postgresTarget(baseUrl: string): Promise<Target> {
  const name = `carry_t_status_${Math.random().toString(36).slice(2, 10)}`;
  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  const db = drizzlePg(pool);
  return {
    query: async (text) => (await pool.query(text)).rows,
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    close: async () => {
      await pool.end();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

const targets: [string, () => Promise<Target>][] = [['PGlite', pgliteTarget]];
const pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl) targets.push(['PostgreSQL', () => postgresTarget(pgUrl)]);

/** One user, one listing of 10 kg, and one 1 kg booking per status, as the 0015 release wrote them. */
async function seed0015(t: Target) {
  await t.query(`INSERT INTO "users" ("id","email","name","phone","age","gender","password_hash","created_at")
    VALUES ('u1','c@example.com','C','9876543210',30,'female','x',now()),
           ('u2','t@example.com','T','9876500000',30,'male','x',now())`);
  await t.query(`INSERT INTO "listings" ("id","user_id","email","name","phone","from_code","to_code","departure","time","airline","flight_no","weight_grams","cost","created_at")
    VALUES ('l1','u1','c@example.com','C','9876543210','DEL','DXB','2030-01-01','10:00','AI','AI101',10000,500,now())`);
  for (const status of BOOKING_STATUSES)
    await t.query(`INSERT INTO "bookings" ("id","listing_id","carrier_id","traveller_id","name","email","phone","weight_grams","cost","status","carrier_name","carrier_email","carrier_phone","created_at","updated_at")
      VALUES ('b-${status}','l1','u1','u2','T','t@example.com','9876500000',1000,500,'${status}','C','c@example.com','9876543210',now(),now())`);
}

const heldGrams = async (t: Target) =>
  Number((await t.query(`SELECT "held_grams" FROM "listings" WHERE "id" = 'l1'`))[0]?.held_grams);

// Each test opens a fresh database and runs every migration (PGlite: tens of seconds on a loaded machine).
const MIGRATING_MS = 180_000;

describe.each(targets)('migration 0020 on %s', (_name, open) => {
  it(
    'turns a 0015 database’s text statuses into booking_status, keeping every row and the held space',
    async () => {
      const t = await open();
      try {
        await t.migrate(before);
        await seed0015(t);
        const holding = BOOKING_STATUSES.filter((s) => HOLDS_SPACE.has(s)).length;
        expect(await heldGrams(t)).toBe(holding * 1000);

        await t.migrate(realFolder);

        const [column] = await t.query(
          `SELECT "udt_name" FROM information_schema.columns WHERE table_name = 'bookings' AND column_name = 'status'`,
        );
        expect(column?.udt_name).toBe('booking_status');
        const rows = await t.query(`SELECT "id", "status"::text AS status FROM "bookings" ORDER BY "id"`);
        expect(rows.map((r) => [r.id, r.status])).toEqual(
          [...BOOKING_STATUSES].sort().map((s) => [`b-${s}`, s]),
        );
        expect(await heldGrams(t)).toBe(holding * 1000);

        // The trigger still counts, through the one SQL list.
        await t.query(`UPDATE "bookings" SET "status" = 'rejected' WHERE "id" = 'b-pending'`);
        expect(await heldGrams(t)).toBe((holding - 1) * 1000);
        await t.query(`UPDATE "bookings" SET "status" = 'pending' WHERE "id" = 'b-expired'`);
        expect(await heldGrams(t)).toBe(holding * 1000);

        // A status the domain does not know is refused by the database itself (22P02).
        const bogus = await t
          .query(`UPDATE "bookings" SET "status" = 'lost' WHERE "id" = 'b-pending'`)
          .then(() => null, pgCode);
        expect(bogus).toBe('22P02');
      } finally {
        await t.close();
      }
    },
    MIGRATING_MS,
  );

  it(
    'has the domain’s statuses in order, and holds space for exactly HOLDS_SPACE',
    async () => {
      const t = await open();
      try {
        await t.migrate(realFolder);
        const labels = await t.query(
          `SELECT "enumlabel" FROM pg_enum WHERE "enumtypid" = 'booking_status'::regtype ORDER BY "enumsortorder"`,
        );
        expect(labels.map((l) => l.enumlabel)).toEqual([...BOOKING_STATUSES]);
        const holds = await t.query(
          `SELECT s::text AS status, "booking_status_holds_space"(s) AS holds FROM unnest(enum_range(NULL::"booking_status")) s`,
        );
        expect(Object.fromEntries(holds.map((h) => [h.status, h.holds]))).toEqual(
          Object.fromEntries(BOOKING_STATUSES.map((s) => [s, HOLDS_SPACE.has(s)])),
        );
      } finally {
        await t.close();
      }
    },
    MIGRATING_MS,
  );
});
