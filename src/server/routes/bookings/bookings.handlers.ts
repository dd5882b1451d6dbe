// Booking a listing and the carrier's status changes (their effects live in src/server/mutators,
// shared with the sync push), plus both order lists.
import type { Context } from 'hono';
import { HANDOFF_LOCK_MS } from '@/domain/handoff/code';
import { requireSelf, requireUser } from '../../auth/guard';
import type { AppEnv, Deps } from '../../deps';
import { readJson } from '../../http/body';
import { restMutation } from '../../mutators';
import { HandoffLockedError } from '../../mutators/handoff-code';
import { type OrderSide, ordersOf } from './bookings.queries';

export function book(c: Context<AppEnv>, deps: Deps) {
  return restMutation(c, deps, 'book');
}

/**
 * One call, two kinds: completing needs the traveller's hand-off code (`complete`); accept,
 * decline and cancel are the plain `status-update`. A locked completion says when to try again.
 */
export async function updateStatus(c: Context<AppEnv>, deps: Deps) {
  // Who asks comes first: without a session the answer is 401 whatever the body.
  requireUser(c);
  const body = await readJson(c);
  const completing = (body as { status?: unknown } | null)?.status === 'completed';
  try {
    const res = await restMutation(c, deps, completing ? 'complete' : 'status-update');
    // The wrong code that just locked completion: the whole lock is left.
    if (completing && res.status === 429) res.headers.set('Retry-After', String(HANDOFF_LOCK_MS / 1000));
    return res;
  } catch (err) {
    if (err instanceof HandoffLockedError) c.header('Retry-After', String(err.retryAfterS));
    throw err;
  }
}

export function orders(side: OrderSide) {
  return async (c: Context<AppEnv>, deps: Deps) => {
    const user = requireUser(c);
    requireSelf(user, c.req.query('email'));
    return c.json({ bookings: await ordersOf(deps.db, user.id, side) });
  };
}
