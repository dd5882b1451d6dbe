// Blocks and reports: the signed-in user's own, answered as JSON (refusals: model/safety.queries.ts).
import type { Context } from 'hono';
import type { blockRequestSchema, reportRequestSchema } from '@/domain/team/schema';
import { requireUser } from '../../auth/guard';
import type { AppEnv, Deps } from '../../deps';
import type { JsonContext } from '../../http/validate';
import { blocksOf, blockUser, createReport, unblockUser } from '../../model/safety.queries';

export async function listBlocks(c: Context<AppEnv>, deps: Deps) {
  const user = requireUser(c);
  c.header('Cache-Control', 'private, no-store');
  return c.json({ blocks: await blocksOf(deps.db, user.id) });
}

export async function block(c: JsonContext<typeof blockRequestSchema>, deps: Deps) {
  const user = requireUser(c);
  await blockUser(deps.db, user.id, c.req.valid('json'), deps.clock.now());
  return c.json({ message: 'Blocked. You will not be booked by, or hear from, this person.' }, 201);
}

export async function unblock(c: JsonContext<typeof blockRequestSchema>, deps: Deps) {
  const user = requireUser(c);
  await unblockUser(deps.db, user.id, c.req.valid('json'));
  return c.json({ message: 'Unblocked.' });
}

export async function report(c: JsonContext<typeof reportRequestSchema>, deps: Deps) {
  const user = requireUser(c);
  const id = await createReport(deps.db, user.id, c.req.valid('json'), deps.clock.now());
  return c.json({ message: 'Reported. Our team will review it.', id }, 201);
}
