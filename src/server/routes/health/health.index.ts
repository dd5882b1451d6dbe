// Wiring of GET /api/health (the handler: health.handlers.ts).
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../deps';
import { health } from './health.handlers';

export function healthRoutes(deps: Deps) {
  return new Hono<AppEnv>().get('/api/health', (c) => health(c, deps));
}
