// Wiring of POST /api/ratings (the handler: ratings.handlers.ts).
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../deps';
import { rate } from './ratings.handlers';

export function ratingRoutes(deps: Deps) {
  return new Hono<AppEnv>().post('/api/ratings', (c) => rate(c, deps));
}
