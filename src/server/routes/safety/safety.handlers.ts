// Blocks: the signed-in user's own list, answered as JSON. Blocking, unblocking and reporting are
// mutation kinds (mutators/safety.ts), mounted by routes/kinds from their registry entries.
import type { Context } from 'hono';
import { requireUser } from '../../auth/guard';
import type { AppEnv, Deps } from '../../deps';
import { blocksOf } from '../../model/safety.queries';

export async function listBlocks(c: Context<AppEnv>, deps: Deps) {
  const user = requireUser(c);
  c.header('Cache-Control', 'private, no-store');
  return c.json({ blocks: await blocksOf(deps.db, user.id) });
}
