// POST /api/events: batched analytics events (sign_up may arrive before any session exists).
import { Hono } from 'hono';
import { analyticsBatchSchema } from '@/domain/analytics/schema';
import { analyticsEvents } from '../../db/schema';
import type { AppEnv, Deps } from '../../deps';
import { parseJson } from '../../http/body';
import { idempotentWrite } from '../../http/idempotency';

export function eventRoutes(deps: Deps) {
  return new Hono<AppEnv>().post('/api/events', async (c) => {
    const user = c.get('user');
    const { events } = await parseJson(c, analyticsBatchSchema);
    return idempotentWrite(c, deps, user?.id ?? 'anonymous-events', async (tx) => {
      const receivedAt = new Date(deps.clock.now());
      await tx.insert(analyticsEvents).values(
        events.map((e) => ({
          userId: user?.id ?? null,
          name: e.name,
          props: e.props,
          // A client clock can be anything: keep the event time only when it is a real date.
          at: e.at > 0 && e.at < 1e14 ? new Date(e.at) : receivedAt,
          receivedAt,
        })),
      );
      return { status: 202, body: { message: 'Events recorded', count: events.length } };
    });
  });
}
