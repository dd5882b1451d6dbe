// Wiring of a booking thread's REST calls (the handlers: messages.handlers.ts).
import { Hono } from 'hono';
import { messageBodySchema, messagesQuerySchema } from '@/domain/message/schema';
import { signedIn } from '../../auth/guard';
import type { AppEnv, Deps } from '../../deps';
import { jsonBody, queryOf } from '../../http/validate';
import { list, post } from './messages.handlers';

export function messageRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .post('/api/bookings/:id/messages', signedIn, jsonBody(messageBodySchema), (c) => post(c, deps))
    .get('/api/bookings/:id/messages', signedIn, queryOf(messagesQuerySchema), (c) => list(c, deps));
}
