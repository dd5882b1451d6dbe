// Wiring of POST /api/courier/submit (the handler: courier.handlers.ts).
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../deps';
import { submit } from './courier.handlers';

export function courierRoutes(deps: Deps) {
  return new Hono<AppEnv>().post('/api/courier/submit', (c) => submit(c, deps));
}
