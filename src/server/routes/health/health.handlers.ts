// GET /api/health: the process answers and the database does too.
import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../deps';
import { databaseAnswers } from '../../model/health.queries';

export async function health(c: Context<AppEnv>, deps: Deps) {
  await databaseAnswers(deps.db);
  c.header('Cache-Control', 'no-store');
  return c.json({ status: 'ok' });
}
