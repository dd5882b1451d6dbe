// GET /api/health: the process answers and the database does too.
import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../deps';

export async function health(c: Context<AppEnv>, deps: Deps) {
  await deps.db.execute(sql`select 1`);
  c.header('Cache-Control', 'no-store');
  return c.json({ status: 'ok' });
}
