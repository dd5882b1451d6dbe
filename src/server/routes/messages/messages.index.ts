// Wiring of a booking thread's REST calls (the handlers: messages.handlers.ts).
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../deps';
import { list, post } from './messages.handlers';

export function messageRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .post('/api/bookings/:id/messages', (c) => post(c, deps))
    .get('/api/bookings/:id/messages', (c) => list(c, deps));
}
