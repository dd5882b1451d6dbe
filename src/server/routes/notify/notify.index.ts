// Wiring of push subscriptions, notification settings and the password reset.
import { Hono } from 'hono';
import { forgotPasswordSchema, resetPasswordSchema } from '@/domain/auth/password-reset';
import {
  notificationSettingsSchema,
  pushEndpointSchema,
  pushSubscriptionSchema,
} from '@/domain/notify/schema';
import { signedIn } from '../../auth/guard';
import type { AppEnv, Deps } from '../../deps';
import { jsonBody } from '../../http/validate';
import { forgotPassword, resetPassword } from './notify.password.handlers';
import { subscribe, unsubscribe, vapidPublicKey } from './notify.push.handlers';
import { readSettings, saveSettings } from './notify.settings.handlers';

export function notifyRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get('/api/push/vapid-public-key', (c) => vapidPublicKey(c, deps))
    .post('/api/push/subscriptions', signedIn, jsonBody(pushSubscriptionSchema), (c) => subscribe(c, deps))
    .delete('/api/push/subscriptions', signedIn, jsonBody(pushEndpointSchema), (c) => unsubscribe(c, deps))
    .get('/api/notifications/settings', (c) => readSettings(c, deps))
    .put('/api/notifications/settings', signedIn, jsonBody(notificationSettingsSchema), (c) =>
      saveSettings(c, deps),
    )
    .post('/auth/forgot-password', jsonBody(forgotPasswordSchema), (c) => forgotPassword(c, deps))
    .post('/auth/reset-password', jsonBody(resetPasswordSchema), (c) => resetPassword(c, deps));
}
