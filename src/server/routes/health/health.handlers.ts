// GET /api/health: the process answers and the database does too.
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../deps';

export function healthRoutes(deps: Deps) {
  return new Hono<AppEnv>().get('/api/health', async (c) => {
    await deps.db.execute(sql`select 1`);
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok' });
  });
}
