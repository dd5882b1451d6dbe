// Wiring of the booking calls: book, status update, and the two order lists.
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../deps';
import { book, orders, updateStatus } from './bookings.handlers';

export function bookingRoutes(deps: Deps) {
  const passengerOrders = orders('passenger');
  const carrierOrders = orders('carrier');
  return new Hono<AppEnv>()
    .post('/api/book', (c) => book(c, deps))
    .put('/api/bookings/update-status', (c) => updateStatus(c, deps))
    .get('/api/orders', (c) => passengerOrders(c, deps))
    .get('/api/carrier-orders', (c) => carrierOrders(c, deps));
}
