// Booking a listing (capacity checked under a row lock on the listing) and the carrier's
// status changes (the domain status machine decides), plus both order lists.
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { bookingIdOf, bookingRequestSchema, statusUpdateSchema } from '@/domain/booking/schema';
import { actionFor, transition } from '@/domain/booking/status';
import { requireSelf, requireUser } from '../../auth/guard';
import { bookings, listings } from '../../db/schema';
import type { AppEnv, Deps } from '../../deps';
import { parseJson } from '../../http/body';
import { ApiError } from '../../http/errors';
import { idempotentWrite } from '../../http/idempotency';
import { heldGrams, toGrams, toKg } from '../listings/listings.queries';
import { type OrderSide, ordersOf, toOrder } from './bookings.queries';

export async function book(c: Context<AppEnv>, deps: Deps) {
  const user = requireUser(c);
  const input = await parseJson(c, bookingRequestSchema);
  requireSelf(user, input.email);
  return idempotentWrite(c, deps, user.id, async (tx) => {
    // The lock serialises concurrent bookings of one listing, so the sum below stays true.
    const [listing] = await tx.select().from(listings).where(eq(listings.id, input.listingId)).for('update');
    if (!listing) throw new ApiError('listing/not-found');
    if (listing.userId === user.id) throw new ApiError('listing/own');
    const grams = toGrams(input.weight);
    if ((await heldGrams(tx, listing.id)) + grams > listing.weightGrams)
      throw new ApiError('listing/no-space');
    const now = new Date(deps.clock.now());
    // Carrier details come from the stored listing, never from the request.
    const [row] = await tx
      .insert(bookings)
      .values({
        id: crypto.randomUUID(),
        listingId: listing.id,
        carrierId: listing.userId,
        travellerId: user.id,
        name: input.name,
        email: user.email,
        phone: input.phone,
        weightGrams: grams,
        cost: Math.round(toKg(grams) * listing.cost * 100) / 100,
        status: 'pending',
        carrierName: listing.name,
        carrierEmail: listing.email,
        carrierPhone: listing.phone,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return {
      status: 201,
      body: { message: 'Booking Conformed', booking: toOrder(row, listing, 'passenger') },
    };
  });
}

export async function updateStatus(c: Context<AppEnv>, deps: Deps) {
  const user = requireUser(c);
  const input = await parseJson(c, statusUpdateSchema);
  const id = bookingIdOf(input.listingId);
  return idempotentWrite(c, deps, user.id, async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
    if (!booking) throw new ApiError('booking/not-found');
    if (booking.carrierId !== user.id) throw new ApiError('booking/not-carrier');
    const action = actionFor(input.status);
    const next = action ? transition(booking.status as typeof input.status, action) : null;
    if (!next?.ok) throw new ApiError('booking/transition-not-allowed');
    const [row] = await tx
      .update(bookings)
      .set({ status: next.status, updatedAt: new Date(deps.clock.now()) })
      .where(eq(bookings.id, id))
      .returning();
    const [listing] = await tx.select().from(listings).where(eq(listings.id, booking.listingId));
    if (!row || !listing) throw new Error('booking vanished inside its transaction');
    return { status: 200, body: { message: 'Status updated', booking: toOrder(row, listing, 'carrier') } };
  });
}

export function orders(side: OrderSide) {
  return async (c: Context<AppEnv>, deps: Deps) => {
    const user = requireUser(c);
    requireSelf(user, c.req.query('email'));
    return c.json({ bookings: await ordersOf(deps.db, user.id, side) });
  };
}
