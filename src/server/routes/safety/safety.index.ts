// Wiring of a user's own protection (issue 30): the list of one's blocks. Blocking (POST and
// DELETE /api/blocks) and reporting (POST /api/reports) are mutation kinds, mounted by routes/kinds.
import { Hono } from 'hono';
import { signedIn } from '../../auth/guard';
import type { AppEnv, Deps } from '../../deps';
import { listBlocks } from './safety.handlers';

export function safetyRoutes(deps: Deps) {
  return new Hono<AppEnv>().get('/api/blocks', signedIn, (c) => listBlocks(c, deps));
}
