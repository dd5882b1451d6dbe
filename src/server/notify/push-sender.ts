// One Web Push delivery. web-push does what RFC 8291 (aes128gcm payload encryption) and RFC 8292
// (the VAPID JWT) require and builds the request; the request itself goes through fetch, so it
// has a time limit, and the answer's status and Retry-After decide what happens to the row.
import webpush from 'web-push';
import { retryAfterMs, type SendOutcome } from './outcome';
import type { PushNotification } from './queue';
import type { VapidKeys } from './vapid';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushOptions {
  vapid: VapidKeys;
  subject: string;
  ttlSeconds: number;
  timeoutMs: number;
  fetch: typeof fetch;
  nowMs: number;
}

/** A signed VAPID JWT lasts 12 hours (push services take up to 24) and is reused for one. */
const VAPID_LIFETIME_S = 12 * 60 * 60;
const VAPID_REUSE_MS = 60 * 60 * 1000;
const vapidCache = new Map<string, { authorization: string; until: number }>();

/**
 * The Authorization header for an endpoint's push service. Signing the JWT is two thirds of the
 * CPU a push costs (about 2 of 3.5 ms), and one JWT serves every push to that service's origin, so
 * it is signed once per origin per hour. Real time, not the app's clock: it is the push
 * service's clock that checks the expiry.
 */
function vapidAuthorization(endpoint: string, subject: string, keys: VapidKeys): string {
  const audience = new URL(endpoint).origin;
  const key = `${audience} ${subject} ${keys.publicKey}`;
  const now = Date.now();
  const cached = vapidCache.get(key);
  if (cached && cached.until > now) return cached.authorization;
  const { Authorization } = webpush.getVapidHeaders(
    audience,
    subject,
    keys.publicKey,
    keys.privateKey,
    'aes128gcm',
    Math.floor(now / 1000) + VAPID_LIFETIME_S,
  );
  vapidCache.set(key, { authorization: Authorization, until: now + VAPID_REUSE_MS });
  return Authorization;
}

export async function sendPush(
  target: PushTarget,
  notification: PushNotification,
  options: PushOptions,
): Promise<SendOutcome> {
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(notification),
    {
      headers: { Authorization: vapidAuthorization(target.endpoint, options.subject, options.vapid) },
      TTL: options.ttlSeconds,
      urgency: 'high',
      contentEncoding: 'aes128gcm',
    },
  );
  const headers = new Headers();
  for (const [name, value] of Object.entries(details.headers)) {
    // fetch sets the length from the body itself.
    if (name.toLowerCase() !== 'content-length') headers.set(name, String(value));
  }
  let res: Response;
  try {
    res = await options.fetch(details.endpoint, {
      method: 'POST',
      headers,
      body: details.body ? new Uint8Array(details.body) : null,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (err) {
    return {
      kind: 'retry',
      error: `push service unreachable: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
  await res.body?.cancel().catch(() => undefined);
  if (res.status >= 200 && res.status < 300) return { kind: 'sent' };
  const error = `push service answered ${res.status}`;
  if (res.status === 404 || res.status === 410) return { kind: 'gone', error };
  if (res.status === 429 || res.status >= 500)
    return {
      kind: 'retry',
      error,
      retryAfterMs: retryAfterMs(res.headers.get('retry-after'), options.nowMs),
    };
  return { kind: 'failed', error };
}
