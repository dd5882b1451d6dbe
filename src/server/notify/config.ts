// What the notifier is configured with: where mail goes (SMTP_URL, else .eml files under
// DATA_DIR/mail), the VAPID keys and subject, and the queue's timings. main.ts fills it from
// env.ts; tests pass only what they change.
import { DEFAULT_PUSH_SERVICE_HOSTS } from '@/domain/notify/push-endpoint';

export interface NotifyConfig {
  /** The app's origin, for links in mails (APP_URL; PUBLIC_URL or http://localhost:PORT by default). */
  appUrl: string;
  /** nodemailer's SMTP URL (smtp://user:pass@host:587, smtps://...); empty: write .eml files. */
  smtpUrl: string;
  mailFrom: string;
  /** Folder for .eml files when there is no SMTP_URL; empty: the mail is built and only logged. */
  mailDir: string;
  /** VAPID keys from the environment; null: made on first start and kept in the database. */
  vapidKeys: { publicKey: string; privateKey: string } | null;
  /** The VAPID JWT's `sub`: a mailto: or https: URL push services can reach the operator at. */
  vapidSubject: string;
  /** Push endpoints on plain http (a local push service in tests); browsers give https only. */
  allowHttpPushEndpoints: boolean;
  /** The push services' hosts an endpoint may name (PUSH_SERVICE_HOSTS; the browsers' by default). */
  pushServiceHosts: readonly string[];
  /**
   * The longest a process sleeps between looks at the queue. It is woken by its own writes and
   * at the time its next row is due; this only bounds how late it sees rows it could not know of
   * (queued by a process that died before sending them, or due on another process's schedule).
   */
  pollMs: number;
  /** How long a claimed row is kept from other senders (a sender that died frees it after this). */
  leaseMs: number;
  /** Push subscriptions kept per user (one per session; the newest replaces the oldest). */
  maxSubscriptionsPerUser: number;
  /**
   * Rows sent at once by one process. Each slot is refilled as soon as it frees, and one is kept
   * for password-reset mail, so a reset never waits for booking news.
   */
  sendConcurrency: number;
  /** Tries before a row is marked failed for good. */
  maxAttempts: number;
  /** First retry delay; doubles per attempt up to maxBackoffMs, with jitter. */
  baseBackoffMs: number;
  maxBackoffMs: number;
  /** Time limit of one push request or SMTP delivery. */
  sendTimeoutMs: number;
  /** How long a push service keeps a booking notification for an offline device (TTL header). */
  pushTtlSeconds: number;
  log: (line: Record<string, unknown>) => void;
  fetch: typeof fetch;
  random: () => number;
}

/**
 * A person's phone, tablet and a few browsers, with room to spare: one account cannot make the
 * server push to hundreds of endpoints per event.
 */
export const PUSH_SUBSCRIPTIONS_PER_USER = 10;

export const DEFAULT_NOTIFY_CONFIG: NotifyConfig = {
  appUrl: 'http://localhost:8080',
  smtpUrl: '',
  mailFrom: 'Carry <no-reply@localhost>',
  mailDir: '',
  vapidKeys: null,
  vapidSubject: 'mailto:no-reply@localhost',
  allowHttpPushEndpoints: false,
  pushServiceHosts: DEFAULT_PUSH_SERVICE_HOSTS,
  pollMs: 60_000,
  leaseMs: 60_000,
  maxSubscriptionsPerUser: PUSH_SUBSCRIPTIONS_PER_USER,
  sendConcurrency: 10,
  maxAttempts: 8,
  baseBackoffMs: 30_000,
  maxBackoffMs: 60 * 60 * 1000,
  sendTimeoutMs: 15_000,
  pushTtlSeconds: 24 * 60 * 60,
  log: (line) => process.stdout.write(`${JSON.stringify(line)}\n`),
  fetch: (...args) => fetch(...args),
  random: Math.random,
};
