// GET /api/get/airports and /api/get/airlines: public reference data, cacheable for 5 minutes,
// compressed: every scheduled airport is ~380 KB of JSON and ~75 KB gzipped, on a first sync
// over an airport's link.
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import type { AppEnv, Deps } from '../../deps';
import { listAirlines, listAirports } from './reference.queries';

export function referenceRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use('/api/get/*', compress())
    .get('/api/get/airports', async (c) => {
      c.header('Cache-Control', 'public, max-age=300');
      return c.json(await listAirports(deps.db));
    })
    .get('/api/get/airlines', async (c) => {
      c.header('Cache-Control', 'public, max-age=300');
      return c.json(await listAirlines(deps.db));
    });
}
