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

export async function sendPush(
  target: PushTarget,
  notification: PushNotification,
  options: PushOptions,
): Promise<SendOutcome> {
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(notification),
    {
      vapidDetails: { subject: options.subject, ...options.vapid },
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
