// Migration 0026 on a database as release 0024 left it: push subscriptions cut to one per
// session and ten per user (the newest kept), and queued rows given their lane, recipient and
// priority (a reset and its mail first). PGlite, and PostgreSQL on that leg.
import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsUpTo } from '../support/migrations';
import { freshDatabase } from '../support/pg-admin';

const realFolder = new URL('../../src/server/db/migrations', import.meta.url).pathname;
const before = migrationsUpTo('0024_one_change_log_rule');
afterAll(() => rmSync(before, { recursive: true, force: true }));

interface Target {
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
  const database = await freshDatabase(baseUrl);
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  const db = drizzlePg(pool);
  return {
    query: async (text) => (await pool.query(text)).rows,
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    close: async () => {
      await pool.end();
      await database.drop();
    },
  };
}

const targets: [string, () => Promise<Target>][] = [['PGlite', pgliteTarget]];
const pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl) targets.push(['PostgreSQL', () => postgresTarget(pgUrl)]);

/** A user with 12 sessions of 2 subscriptions each (minute i, endpoints a and b), and a queue. */
async function seed0024(t: Target) {
  await t.query(`INSERT INTO users (id,email,name,phone,age,gender,password_hash,created_at)
    VALUES ('u1','u1@example.com','U','9876543210',30,'female','x',now())`);
  for (let i = 0; i < 12; i += 1) {
    const at = `'2030-01-01T00:${String(i).padStart(2, '0')}:00Z'`;
    await t.query(
      `INSERT INTO sessions (token_hash,user_id,created_at,expires_at) VALUES ('s${i}','u1',${at},'2031-01-01Z')`,
    );
    await t.query(`INSERT INTO push_subscriptions (endpoint,user_id,session_hash,p256dh,auth,created_at)
      VALUES ('https://push.example/${i}a','u1','s${i}','k','a',${at}),
             ('https://push.example/${i}b','u1','s${i}','k','a',${at}::timestamptz + interval '1 second')`);
  }
  const row = (channel: string, payload: object) =>
    t.query(`INSERT INTO outbound_messages (channel,payload,next_attempt_at,created_at)
      VALUES ('${channel}','${JSON.stringify(payload)}',now(),now())`);
  await row('push', { channel: 'push', endpoint: 'https://push.example/11b', notification: {} });
  await row('email', {
    channel: 'email',
    to: 'u1@example.com',
    subject: 'Reset your Carry password',
    text: '',
  });
  await row('email', { channel: 'email', to: 'u1@example.com', subject: 'New booking', text: '' });
  await row('password-reset', { channel: 'password-reset', email: 'u1@example.com' });
}

describe.each(targets)('migration 0026 on %s', (_name, open) => {
  it('keeps the newest subscription per session and the newest ten per user, and places queued rows', async () => {
    const t = await open();
    try {
      await t.migrate(before);
      await seed0024(t);
      await t.migrate(realFolder);
      const kept = await t.query('SELECT endpoint FROM push_subscriptions ORDER BY created_at');
      expect(kept.map((r) => r.endpoint)).toEqual(
        Array.from({ length: 10 }, (_, i) => `https://push.example/${i + 2}b`),
      );
      const queue = await t.query(
        'SELECT channel, lane, recipient, priority, depth FROM outbound_messages ORDER BY id',
      );
      expect(queue).toEqual([
        { channel: 'push', lane: 'https://push.example/11b', recipient: 'user:u1', priority: 1, depth: 0 },
        {
          channel: 'email',
          lane: 'mail:u1@example.com',
          recipient: 'mail:u1@example.com',
          priority: 0,
          depth: 0,
        },
        {
          channel: 'email',
          lane: 'mail:u1@example.com',
          recipient: 'mail:u1@example.com',
          priority: 1,
          depth: 0,
        },
        {
          channel: 'password-reset',
          lane: 'reset:u1@example.com',
          recipient: 'reset:u1@example.com',
          priority: 0,
          depth: 0,
        },
      ]);
      // One session, one subscription, from now on.
      await expect(
        t.query(`INSERT INTO push_subscriptions (endpoint,user_id,session_hash,p256dh,auth,created_at)
          VALUES ('https://push.example/again','u1','s11','k','a',now())`),
      ).rejects.toThrow();
    } finally {
      await t.close();
    }
  });
});
