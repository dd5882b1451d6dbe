// Wiring of a booking thread's REST calls (the handlers: messages.handlers.ts). The post is the
// `message` kind's REST call, at the path its registry entry declares, wired here rather than in
// routes/kinds because it is answered in one database call (messages.post.ts).
import { Hono } from 'hono';
import { messageBodySchema, messagesQuerySchema } from '@/domain/message/schema';
import { MUTATIONS } from '@/domain/sync/mutations';
import { signedIn } from '../../auth/guard';
import type { AppEnv, Deps } from '../../deps';
import { jsonBody, queryOf } from '../../http/validate';
import { leave, list, post, view } from './messages.handlers';

export function messageRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .post(MUTATIONS.message.rest.path, signedIn, jsonBody(messageBodySchema), (c) => post(c, deps))
    .get('/api/bookings/:bookingId/messages', signedIn, queryOf(messagesQuerySchema), (c) => list(c, deps))
    .put('/api/bookings/:bookingId/viewing', signedIn, (c) => view(c, deps))
    .delete('/api/bookings/:bookingId/viewing', signedIn, (c) => leave(c, deps));
}
