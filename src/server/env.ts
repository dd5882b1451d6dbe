// The only reader of process.env: parsed once at start, failing loudly on bad values.
import { availableParallelism } from 'node:os';
import * as v from 'valibot';
import { CANCEL_CUTOFF_HOURS_DEFAULT } from '@/domain/booking/status';
import { OPEN_LISTINGS_MAX } from '@/domain/constants';
import { pushServiceHostsSchema } from '@/domain/notify/push-endpoint';

const flag = v.optional(
  v.pipe(
    v.picklist(['true', 'false', '1', '0', ''], 'must be true or false'),
    v.transform((x) => x === 'true' || x === '1'),
  ),
  '',
);

const count = (fallback: string) =>
  v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'must be a whole number'), v.transform(Number)),
    fallback,
  );

const envSchema = v.object({
  PORT: v.optional(
    v.pipe(
      v.string(),
      v.transform(Number),
      v.integer('PORT must be an integer'),
      v.minValue(0),
      v.maxValue(65535),
    ),
    '8080',
  ),
  HOST: v.optional(v.string(), '0.0.0.0'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), './data'),
  DATABASE_URL: v.optional(v.string(), ''),
  CORS_ORIGINS: v.optional(
    v.pipe(
      v.string(),
      v.transform((x) =>
        x
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ),
    '',
  ),
  SECURE_COOKIES: flag,
  // true (one proxy), false, or the number of proxies that append to X-Forwarded-For.
  TRUST_PROXY: v.optional(
    v.pipe(
      v.string(),
      v.transform((x) => ({ true: '1', false: '0', '': '0' })[x] ?? x),
      v.regex(/^\d{1,2}$/, 'must be true, false or a number of proxies'),
      v.transform(Number),
    ),
    '',
  ),
  SIGNUP_LIMIT_PER_HOUR: count('200'),
  /** Successful logins per account per 15 minutes (never per address: a crowd may share one). */
  LOGIN_LIMIT_PER_ACCOUNT: count('30'),
  /** Failed logins per client address per 15 minutes, over every account. */
  LOGIN_FAILURES_PER_ADDRESS: count('500'),
  /** Mutations pushed per account per minute; a device (client id) gets half of it. */
  SYNC_MUTATIONS_PER_MINUTE: count('2400'),
  UPLOAD_IMAGES_PER_DAY: count('20'),
  UPLOAD_MB_PER_USER: count('50'),
  /** Live update streams (GET /api/sync/poke) per client address (an IPv6 /64 is one). */
  STREAMS_PER_ADDRESS: count('200'),
  /** Live update streams per process; 0: what the open-files limit leaves (src/server/live/open-files.ts). */
  STREAMS_MAX: count('0'),
  /** Hours before departure after which a traveller can no longer cancel an accepted booking. */
  CANCEL_CUTOFF_HOURS: count(String(CANCEL_CUTOFF_HOURS_DEFAULT)),
  OPEN_LISTINGS_PER_CARRIER: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,9}$/, 'must be a whole number'),
      v.transform(Number),
      v.minValue(1, 'must be at least 1'),
    ),
    String(OPEN_LISTINGS_MAX),
  ),
  // Processes serving on PostgreSQL: 1, a number, or 'auto' (one per core).
  WORKERS: v.optional(
    v.pipe(
      v.string(),
      v.transform((x) => (x === 'auto' ? String(availableParallelism()) : x)),
      v.regex(/^\d{1,3}$/, 'must be a number or auto'),
      v.transform(Number),
      v.minValue(1, 'must be at least 1'),
    ),
    '1',
  ),
  PUBLIC_URL: v.optional(v.string(), ''),
  STATIC_DIR: v.optional(v.string(), './dist'),
  /** The API's origin when the app this server serves calls an API elsewhere (its CSP allows it). */
  VITE_API_URL: v.optional(v.string(), ''),
  // Notifications (src/server/notify): mail, the app's origin in links, Web Push's VAPID keys.
  SMTP_URL: v.optional(v.string(), ''),
  MAIL_FROM: v.optional(v.string(), ''),
  APP_URL: v.optional(v.string(), ''),
  VAPID_PUBLIC_KEY: v.optional(v.string(), ''),
  VAPID_PRIVATE_KEY: v.optional(v.string(), ''),
  VAPID_SUBJECT: v.optional(
    v.pipe(v.string(), v.regex(/^(mailto:|https:\/\/|$)/, 'must be a mailto: or https: URL')),
    '',
  ),
  /** Tests only: accept push endpoints on plain http (a local push service). */
  PUSH_ALLOW_HTTP: flag,
  /** Push services' hosts (comma-separated, `host` or `host:port`) replacing the browsers' default list. */
  PUSH_SERVICE_HOSTS: v.optional(pushServiceHostsSchema, ''),
});

export type Env = v.InferOutput<typeof envSchema>;

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = v.safeParse(envSchema, source);
  if (!result.success) {
    const issue = result.issues[0];
    throw new Error(`Invalid environment: ${v.getDotPath(issue) ?? ''} ${issue.message}`);
  }
  return result.output;
}
