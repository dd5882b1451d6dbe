// POST /api/ratings: the `rate` mutation for API users (src/server/mutators/rate.ts).
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../deps';
import { restMutation } from '../../mutators';

export function ratingRoutes(deps: Deps) {
  return new Hono<AppEnv>().post('/api/ratings', (c) => restMutation(c, deps, 'rate'));
}
