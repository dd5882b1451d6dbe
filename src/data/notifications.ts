// Password reset and notification settings: plain calls to the API (nothing here is queued: a
// reset needs the server's answer, and turning notifications on needs the push service anyway).
import * as v from 'valibot';
import type { ForgotPasswordRequest, ResetPasswordRequest } from '@/domain/auth/password-reset';
import {
  type NotificationSettings,
  notificationSettingsSchema,
  type PushSubscriptionInput,
  vapidKeySchema,
} from '@/domain/notify/schema';
import { call, type Store } from './engine';

const messageSchema = v.object({ message: v.string() });

/** Always the same answer, whether or not an account has the address. */
export async function requestPasswordReset(store: Store, req: ForgotPasswordRequest): Promise<string> {
  return v.parse(messageSchema, await call(store.http, 'POST', '/auth/forgot-password', { json: req }))
    .message;
}

export async function resetPassword(store: Store, req: ResetPasswordRequest): Promise<string> {
  return v.parse(messageSchema, await call(store.http, 'POST', '/auth/reset-password', { json: req }))
    .message;
}

export async function vapidPublicKey(store: Store): Promise<string> {
  return v.parse(vapidKeySchema, await call(store.http, 'GET', '/api/push/vapid-public-key')).publicKey;
}

export async function savePushSubscription(store: Store, subscription: PushSubscriptionInput): Promise<void> {
  await call(store.http, 'POST', '/api/push/subscriptions', { json: subscription });
}

export async function deletePushSubscription(store: Store, endpoint: string): Promise<void> {
  await call(store.http, 'DELETE', '/api/push/subscriptions', { json: { endpoint } });
}

export async function loadNotificationSettings(store: Store): Promise<NotificationSettings> {
  return v.parse(notificationSettingsSchema, await call(store.http, 'GET', '/api/notifications/settings'));
}

export async function saveNotificationSettings(
  store: Store,
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  return v.parse(
    notificationSettingsSchema,
    await call(store.http, 'PUT', '/api/notifications/settings', { json: settings }),
  );
}
