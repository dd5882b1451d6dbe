// Wiring of POST /api/contact (the handler: contact.handlers.ts).
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../deps';
import { contact } from './contact.handlers';

export function contactRoutes(deps: Deps) {
  return new Hono<AppEnv>().post('/api/contact', (c) => contact(c, deps));
}
