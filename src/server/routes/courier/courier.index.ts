// POST /api/courier/submit: a sender's courier request, stored with its status for the
// profile's sender counts. The image was uploaded first (/api/files/courier-images).
import { Hono } from 'hono';
import { courierRequestSchema } from '@/domain/courier/schema';
import { requireUser } from '../../auth/guard';
import { courierRequests } from '../../db/schema';
import type { AppEnv, Deps } from '../../deps';
import { parseJson } from '../../http/body';
import { idempotentWrite } from '../../http/idempotency';

export function courierRoutes(deps: Deps) {
  return new Hono<AppEnv>().post('/api/courier/submit', async (c) => {
    const user = requireUser(c);
    const input = await parseJson(c, courierRequestSchema);
    return idempotentWrite(c, deps, user.id, async (tx) => {
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
    });
  });
}
