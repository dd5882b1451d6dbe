// set-upi (PUT /api/profile/upi): the user's UPI ID, where travellers pay them as a carrier; empty
// removes it (cash). Their open bookings (pending, accepted) take the new one, so a traveller pays
// where the carrier is paid now; completed bookings keep the one they were paid to.
import { and, eq, inArray } from 'drizzle-orm';
import { bookings, users } from '../db/schema';
import type { ServerMutator } from './mutator';

export const setUpi: ServerMutator<'set-upi'> = async ({ tx, user, deps }, input) => {
  const upiId = input.upiId === '' ? null : input.upiId;
  const now = new Date(deps.clock.now());
  await tx.update(users).set({ upiId }).where(eq(users.id, user.id));
  await tx
    .update(bookings)
    .set({ carrierUpi: upiId, updatedAt: now })
    .where(and(eq(bookings.carrierId, user.id), inArray(bookings.status, ['pending', 'accepted'])));
  return { status: 200, body: { message: upiId ? 'UPI ID saved' : 'UPI ID removed', upiId } };
};
