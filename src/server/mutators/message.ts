// message: a side of a booking writes in its thread (the `message` mutation, and POST
// /api/bookings/:bookingId/messages when its Idempotency-Key is taken). The message is stored under the
// id the device made: the same message again by that id (a replay by any path) answers the
// stored message (200) and stores nothing, and an id taken by another message is refused. The
// rule is post_message()'s (migration 0024), for REST and the push alike: one statement in the
// caller's transaction (the push's savepoint), which a refusal rolls back. Its insert queues the
// recipient's notice (migration 0030), which the notifier sends once the request has ended.
import { postThreadMessage } from '../model/messages.thread';
import type { ServerMutator } from './mutator';

export const message: ServerMutator<'message'> = async ({ tx, user, deps }, input) => {
  const reply = await postThreadMessage(
    tx,
    { bookingId: input.bookingId, senderId: user.id, id: input.id, text: input.text },
    deps.clock.now(),
  );
  // Without a key there is no claim to find taken.
  if (!reply) throw new Error('post_message answered nothing');
  // A new message may have queued its recipient's notice (migration 0030's trigger).
  if (reply.status === 201) deps.notifier.queued();
  return reply;
};
