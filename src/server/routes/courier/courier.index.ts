// POST /api/courier/submit: a sender's courier request (the effect: mutators/courier). The
// image was uploaded first (/api/files/courier-images).
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../deps';
import { restMutation } from '../../mutators';

export function courierRoutes(deps: Deps) {
  return new Hono<AppEnv>().post('/api/courier/submit', (c) => restMutation(c, deps, 'courier'));
}
