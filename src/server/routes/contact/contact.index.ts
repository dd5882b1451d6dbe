// POST /api/contact: a support message from the signed-in user (the effect: mutators/contact).
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../deps';
import { restMutation } from '../../mutators';

export function contactRoutes(deps: Deps) {
  return new Hono<AppEnv>().post('/api/contact', (c) => restMutation(c, deps, 'contact'));
}
