// Wiring of GET /api/sync/poke (the handler: live.handlers.ts).
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../deps';
import { pokes } from './live.handlers';

export function liveRoutes(deps: Deps) {
  return new Hono<AppEnv>().get('/api/sync/poke', (c) => pokes(c, deps));
}
