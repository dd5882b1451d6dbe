// The notifier's settings from the environment (env.ts): SMTP_URL or .eml files under
// DATA_DIR/mail, the app's origin for links, and the VAPID keys when given.
import { resolve } from 'node:path';
import { DEFAULT_PUSH_SERVICE_HOSTS } from '@/domain/notify/push-endpoint';
import type { Env } from '../env';
import type { NotifyConfig } from './config';

export function notifyConfigFrom(env: Env): Partial<NotifyConfig> {
  const appUrl = (env.APP_URL || env.PUBLIC_URL || `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const host = new URL(appUrl).hostname;
  if ((env.VAPID_PUBLIC_KEY === '') !== (env.VAPID_PRIVATE_KEY === ''))
    throw new Error('Invalid environment: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together');
  return {
    appUrl,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM || `Carry <no-reply@${host}>`,
    mailDir: resolve(env.DATA_DIR, 'mail'),
    vapidKeys: env.VAPID_PUBLIC_KEY
      ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
      : null,
    vapidSubject: env.VAPID_SUBJECT || `mailto:no-reply@${host}`,
    allowHttpPushEndpoints: env.PUSH_ALLOW_HTTP,
    pushServiceHosts: env.PUSH_SERVICE_HOSTS.length ? env.PUSH_SERVICE_HOSTS : DEFAULT_PUSH_SERVICE_HOSTS,
  };
}
