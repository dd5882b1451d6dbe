// Typed failures of the API client: a response that was not 2xx, or no response at all.
// The outbox decides retry versus fail from these, so the split must be exact.
import type { ErrorCode } from '@/domain/errors';
import { MSG } from '@/domain/texts';

/**
 * The server answered with a non-2xx status; `code` is its JSON `code` (programs branch on it),
 * `serverMessage` its JSON `message` (people read it). A command that can tell on the device
 * that the server would refuse (a flight that has left) throws the same refusal itself.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string;
  readonly code: string | undefined;
  /** The server's Retry-After, in milliseconds, when it sent one (429, 503). */
  readonly retryAfterMs: number | null;

  constructor(status: number, serverMessage: string, code?: string, retryAfterMs: number | null = null) {
    super(serverMessage || `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.code = code;
    this.retryAfterMs = retryAfterMs;
  }
}

/** A command that needs the signed-in user's details found none: the screen asks to log in again. */
export class SessionMissingError extends Error {
  constructor() {
    super(MSG.userInfoMissing);
    this.name = 'SessionMissingError';
  }
}

/**
 * No response arrived (offline, DNS, reset, time-out): the request may or may not have landed.
 * Its message is for logs; people read the client's words for it (`failureText`, `error.offline`).
 */
export class OfflineError extends Error {
  readonly code = 'offline';
  constructor(cause?: unknown) {
    super('offline: no response from the server', { cause });
    this.name = 'OfflineError';
  }
}

export function isOffline(err: unknown): err is OfflineError {
  return err instanceof OfflineError;
}

/** Statuses worth retrying later with the same idempotency key. */
export function isTransient(err: unknown): boolean {
  if (err instanceof OfflineError) return true;
  if (!(err instanceof ApiError)) return false;
  // 409 'already being processed' means a duplicate is mid-flight: its answer is coming.
  if (err.code === ('idempotency/conflict' satisfies ErrorCode)) return true;
  return err.status === 408 || err.status === 429 || err.status >= 500;
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, nowMs: number): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}
