// POST /api/contact: a support message from the signed-in user (email must be theirs).
import { Hono } from 'hono';
import { contactSchema } from '@/domain/contact/schema';
import { requireSelf, requireUser } from '../../auth/guard';
import { contactMessages } from '../../db/schema';
import type { AppEnv, Deps } from '../../deps';
import { parseJson } from '../../http/body';
import { idempotentWrite } from '../../http/idempotency';

export function contactRoutes(deps: Deps) {
  return new Hono<AppEnv>().post('/api/contact', async (c) => {
    const user = requireUser(c);
    const input = await parseJson(c, contactSchema);
    requireSelf(user, input.email);
    return idempotentWrite(c, deps, user.id, async (tx) => {
      await tx.insert(contactMessages).values({
        id: crypto.randomUUID(),
        userId: user.id,
        ...input,
        createdAt: new Date(deps.clock.now()),
      });
      return { status: 201, body: { message: 'Message sent successfully!' } };
    });
  });
}
