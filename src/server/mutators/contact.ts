// contact: a support message from the signed-in user (the email must be theirs).
import { requireSelf } from '../auth/guard';
import { contactMessages } from '../db/schema';
import type { ServerMutator } from './mutator';

export const contact: ServerMutator<'contact'> = async ({ tx, user, deps }, input) => {
  requireSelf(user, input.email);
  await tx.insert(contactMessages).values({
    id: crypto.randomUUID(),
    userId: user.id,
    ...input,
    createdAt: new Date(deps.clock.now()),
  });
  return { status: 201, body: { message: 'Message sent successfully!' } };
};
