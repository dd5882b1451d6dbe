// Both order lists: a traveller's bookings and a carrier's orders. (Booking and the status
// update are mutation kinds, mounted from their registry entries: routes/kinds.)
import type { Context } from 'hono';
import { requireSelf, requireUser } from '../../auth/guard';
import type { AppEnv, Deps } from '../../deps';
import { type CachedResource, validatedAnswer } from '../../http/answer-cache';
import { type OrderSide, ordersOf } from '../../model/bookings.queries';

/**
 * Each side's list is the user's sync collection of it (the carrier's `orders`, the traveller's
 * `bookings`): every field an order shows is logged there (sync.collections.ts), and none depends
 * on the clock (an overdue pending booking shows as pending until housekeeping expires it, a
 * logged write), so the answer is validated by the change log (src/server/http/answer-cache.ts).
 */
const ORDER_LISTS: Record<OrderSide, CachedResource> = {
  carrier: { name: 'carrier-orders', collection: 'orders' },
  passenger: { name: 'orders', collection: 'bookings' },
};

export function orders(side: OrderSide) {
  return async (c: Context<AppEnv>, deps: Deps) => {
    const user = requireUser(c);
    requireSelf(user, c.req.query('email'));
    return validatedAnswer(c, deps, user.id, ORDER_LISTS[side], async () => ({
      bookings: await ordersOf(deps.db, user.id, side),
    }));
  };
}
