// Wiring of POST /api/events (the handler: events.handlers.ts).
import { Hono } from 'hono';
import { analyticsBatchSchema } from '@/domain/analytics/schema';
import type { AppEnv, Deps } from '../../deps';
import { jsonBody } from '../../http/validate';
import { admitted, record } from './events.handlers';

export function eventRoutes(deps: Deps) {
  return new Hono<AppEnv>().post('/api/events', admitted(deps), jsonBody(analyticsBatchSchema), (c) =>
    record(c, deps),
  );
}
