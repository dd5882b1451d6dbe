// Wiring of GET /api/profile/:email (the profile itself: model/profile.queries.ts).
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../deps';
import { profile } from './profile.handlers';

export function profileRoutes(deps: Deps) {
  return new Hono<AppEnv>().get('/api/profile/:email', (c) => profile(c, deps));
}
