// How one delivery attempt ended, for the worker to act on.
export type SendOutcome =
  | { kind: 'sent' }
  /** Try again later (429, 5xx, no answer), at the earliest after `retryAfterMs`. */
  | { kind: 'retry'; error: string; retryAfterMs?: number }
  /** The subscription no longer exists (404, 410): delete it. */
  | { kind: 'gone'; error: string }
  /** Refused for good (another 4xx, a mailbox that does not exist). */
  | { kind: 'failed'; error: string };

/** Retry-After as seconds or an HTTP date, in milliseconds from now (0 when absent or past). */
export function retryAfterMs(header: string | null, nowMs: number): number {
  if (!header) return 0;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? 0 : Math.max(0, at - nowMs);
}
