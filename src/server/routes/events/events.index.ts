// Wiring of POST /api/events (the handler: events.handlers.ts).
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../deps';
import { record } from './events.handlers';

export function eventRoutes(deps: Deps) {
  return new Hono<AppEnv>().post('/api/events', (c) => record(c, deps));
}
