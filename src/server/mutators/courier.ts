// courier: a sender's courier request, stored with its status for the profile's sender counts.
// The image was uploaded first (/api/files/courier-images) and is named by its url;
// the request may name only the session's e-mail and an image the same user uploaded.
import { courierRequests } from '../db/schema';
import { checkCourierRequest } from '../model/courier.checks';
import type { ServerMutator } from './mutator';

export const courier: ServerMutator<'courier'> = async ({ tx, user, deps }, input) => {
  // Only the session's own e-mail, and only an image this user uploaded.
  await checkCourierRequest(tx, user, input, deps.config.publicUrl);
  const id = crypto.randomUUID();
  await tx.insert(courierRequests).values({
    id,
    userId: user.id,
    status: 'pending',
    details: input,
    itemImageUrl: input.itemImageUrl,
    paymentAcknowledged: input.paymentAcknowledged,
    createdAt: new Date(deps.clock.now()),
  });
  return { status: 201, body: { message: 'Courier request submitted', id } };
};
