// Notification settings and Web Push subscriptions as the API takes them.
import * as v from 'valibot';
import { normalizePushEndpoint } from './push-endpoint';

const base64url = (max: number) => v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]+={0,2}$/), v.maxLength(max));

/** A push endpoint, in its one spelling (normalizePushEndpoint). */
const endpoint = v.pipe(v.string(), v.url(), v.maxLength(1000), v.transform(normalizePushEndpoint));

/** POST /api/push/subscriptions: PushSubscription.toJSON() as the browser gives it. */
export const pushSubscriptionSchema = v.object({
  endpoint,
  keys: v.object({ p256dh: base64url(200), auth: base64url(100) }),
});
export type PushSubscriptionInput = v.InferOutput<typeof pushSubscriptionSchema>;

/** DELETE /api/push/subscriptions. */
export const pushEndpointSchema = v.object({ endpoint });

/** GET and PUT /api/notifications/settings. */
export const notificationSettingsSchema = v.object({ bookingEmails: v.boolean() });
export type NotificationSettings = v.InferOutput<typeof notificationSettingsSchema>;

export const vapidKeySchema = v.object({ publicKey: v.string() });
