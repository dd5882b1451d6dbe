// GET /api/get/airports and /api/get/airlines: public reference data, cacheable for 5 minutes.
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../deps';
import { listAirlines, listAirports } from './reference.queries';

export function referenceRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get('/api/get/airports', async (c) => {
      c.header('Cache-Control', 'public, max-age=300');
      return c.json(await listAirports(deps.db));
    })
    .get('/api/get/airlines', async (c) => {
      c.header('Cache-Control', 'public, max-age=300');
      return c.json(await listAirlines(deps.db));
    });
}
