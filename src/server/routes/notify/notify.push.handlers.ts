// Web Push subscriptions: the VAPID public key a browser subscribes with, and storing or removing
// one device's subscription (the rules: model/push-subscriptions.queries.ts). A subscription
// belongs to the session that made it, so logging out (or any end of that session, expiry
// included) removes it by cascade.
import type { Context } from 'hono';
import { pushEndpointAllowed } from '@/domain/notify/push-endpoint';
import type { pushEndpointSchema, pushSubscriptionSchema } from '@/domain/notify/schema';
import { requireUser, tokenOf } from '../../auth/guard';
import { hashToken } from '../../auth/sessions';
import type { AppEnv, Deps } from '../../deps';
import { ApiError } from '../../http/errors';
import type { JsonContext } from '../../http/validate';
import { removeSubscription } from '../../model/notify.queries';
import { storeSubscription } from '../../model/push-subscriptions.queries';

export async function vapidPublicKey(c: Context<AppEnv>, deps: Deps) {
  const { publicKey } = await deps.notifier.vapid();
  return c.json({ publicKey });
}

/** A browser's push service only (src/domain/notify/push-endpoint.ts): the server will POST to it. */
function checkEndpoint(endpoint: string, deps: Deps) {
  const { pushServiceHosts, allowHttpPushEndpoints } = deps.notifier.config;
  if (!pushEndpointAllowed(endpoint, { hosts: pushServiceHosts, allowHttp: allowHttpPushEndpoints }))
    throw new ApiError('push/endpoint-not-allowed');
}

export async function subscribe(c: JsonContext<typeof pushSubscriptionSchema>, deps: Deps) {
  const user = requireUser(c);
  const input = c.req.valid('json');
  checkEndpoint(input.endpoint, deps);
  const token = tokenOf(c);
  if (!token) throw new ApiError('auth/required');
  const subscription = {
    userId: user.id,
    sessionHash: hashToken(token),
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
  };
  await storeSubscription(
    deps.db,
    subscription,
    deps.clock.now(),
    deps.notifier.config.maxSubscriptionsPerUser,
  );
  return c.json({ message: 'Notifications are on for this device.' }, 201);
}

export async function unsubscribe(c: JsonContext<typeof pushEndpointSchema>, deps: Deps) {
  const user = requireUser(c);
  const input = c.req.valid('json');
  await removeSubscription(deps.db, user.id, input.endpoint);
  return c.json({ message: 'Notifications are off for this device.' });
}
