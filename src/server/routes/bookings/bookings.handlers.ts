// Booking a listing and the carrier's status changes (their effects live in src/server/mutators,
// shared with the sync push), plus both order lists.
import type { Context } from 'hono';
import { requireSelf, requireUser } from '../../auth/guard';
import type { AppEnv, Deps } from '../../deps';
import { type OrderSide, ordersOf } from '../../model/bookings.queries';
import { restMutation } from '../../mutators';

export function book(c: Context<AppEnv>, deps: Deps) {
  return restMutation(c, deps, 'book');
}

/**
 * Accept, decline, cancel and complete: a `status-update`, applied as `complete` (with the
 * traveller's hand-off code) when the status is `completed` (mutators/index.ts, as a push is).
 */
export function updateStatus(c: Context<AppEnv>, deps: Deps) {
  return restMutation(c, deps, 'status-update');
}

export function orders(side: OrderSide) {
  return async (c: Context<AppEnv>, deps: Deps) => {
    const user = requireUser(c);
    requireSelf(user, c.req.query('email'));
    return c.json({ bookings: await ordersOf(deps.db, user.id, side) });
  };
}
