// A carrier's earnings (received, still owed) or a traveller's payments, by month, one page.
import type { earningsQuerySchema } from '@/domain/payment/schema';
import { requireUser } from '../../auth/guard';
import type { Deps } from '../../deps';
import type { QueryContext } from '../../http/validate';
import { earningsOf } from '../../model/earnings.queries';

export async function earnings(c: QueryContext<typeof earningsQuerySchema>, deps: Deps) {
  const user = requireUser(c);
  const { side, before } = c.req.valid('query');
  c.header('Cache-Control', 'private, no-store');
  return c.json(await earningsOf(deps.db, user.id, side, before));
}
