// Wiring of the two order lists (booking and the status update are kinds: routes/kinds).
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../deps';
import { orders } from './bookings.handlers';

export function bookingRoutes(deps: Deps) {
  const passengerOrders = orders('passenger');
  const carrierOrders = orders('carrier');
  return new Hono<AppEnv>()
    .get('/api/orders', (c) => passengerOrders(c, deps))
    .get('/api/carrier-orders', (c) => carrierOrders(c, deps));
}
