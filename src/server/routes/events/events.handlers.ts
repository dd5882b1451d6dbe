// POST /api/events: batched analytics events (sign_up may arrive before any session exists).
// Without a session a batch is small and counted per client address, so nobody can fill the
// table anonymously.
import type { MiddlewareHandler } from 'hono';
import type { analyticsBatchSchema } from '@/domain/analytics/schema';
import { reserve } from '../../auth/throttle';
import type { AppEnv, Deps } from '../../deps';
import { bodyText } from '../../http/body';
import { ApiError } from '../../http/errors';
import { idempotentWrite } from '../../http/idempotency';
import { clientAddress } from '../../http/middleware';
import type { JsonContext } from '../../http/validate';
import { insertEvents } from '../../model/events.queries';

const HOUR_MS = 60 * 60 * 1000;

/** Bounds a batch sent without a session: its size, then batches per address per hour. */
async function admitAnonymous(c: Parameters<typeof clientAddress>[0], deps: Deps, address: string | null) {
  // The body is already held within the JSON limit (1 MB) by then.
  if (Buffer.byteLength(await bodyText(c)) > deps.config.anonymousEventsMaxBytes)
    throw new ApiError('request/too-large');
  if (!address) return;
  const limit = {
    key: `events-address:${address}`,
    max: deps.config.anonymousEventBatchesPerHour,
    windowMs: HOUR_MS,
    maxParallel: 4,
  };
  const slot = await reserve(deps.db, [limit], deps.clock.now());
  if (!slot) throw new ApiError('request/rate-limited');
  await slot.done('count');
}

/** Before the body is parsed (events.index.ts): a batch without a session is bounded first. */
export function admitted(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.get('user')) await admitAnonymous(c, deps, clientAddress(c, deps.config));
    await next();
  };
}

export async function record(c: JsonContext<typeof analyticsBatchSchema>, deps: Deps) {
  const user = c.get('user');
  const address = clientAddress(c, deps.config);
  const { events } = c.req.valid('json');
  // Keys without a session are kept apart per address (and bound to their body anyway).
  const scope = user?.id ?? `anonymous-events:${address ?? 'unknown'}`;
  return idempotentWrite(c, deps, scope, async (tx) => {
    const receivedAt = new Date(deps.clock.now());
    await insertEvents(
      tx,
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
}
