// Wiring of the public reference lists (the handler: reference.handlers.ts).
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../deps';
import { send } from './reference.handlers';

export function referenceRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get('/api/get/airports', (c) => send(c, deps, 'airports'))
    .get('/api/get/airlines', (c) => send(c, deps, 'airlines'));
}
