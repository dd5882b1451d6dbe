// Wiring of the sync protocol: POST /api/sync/push and GET /api/sync/pull.
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../deps';
import { pull } from './sync.pull.handlers';
import { push } from './sync.push.handlers';

export function syncRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .post('/api/sync/push', (c) => push(c, deps))
    .get('/api/sync/pull', (c) => pull(c, deps));
}
