// Wiring of push subscriptions, notification settings and the password reset.
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../deps';
import { forgotPassword, resetPassword } from './notify.password.handlers';
import { subscribe, unsubscribe, vapidPublicKey } from './notify.push.handlers';
import { readSettings, saveSettings } from './notify.settings.handlers';

export function notifyRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get('/api/push/vapid-public-key', (c) => vapidPublicKey(c, deps))
    .post('/api/push/subscriptions', (c) => subscribe(c, deps))
    .delete('/api/push/subscriptions', (c) => unsubscribe(c, deps))
    .get('/api/notifications/settings', (c) => readSettings(c, deps))
    .put('/api/notifications/settings', (c) => saveSettings(c, deps))
    .post('/auth/forgot-password', (c) => forgotPassword(c, deps))
    .post('/auth/reset-password', (c) => resetPassword(c, deps));
}
