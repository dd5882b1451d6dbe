// Typed failures of the API client: a response that was not 2xx, or no response at all.
// The outbox decides retry versus fail from these, so the split must be exact.
import { ERRORS } from '@/domain/errors';

/** The server answered with a non-2xx status; `serverMessage` is its JSON `message`. */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string;

  constructor(status: number, serverMessage: string) {
    super(serverMessage || `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

/** No response arrived (offline, DNS, reset, time-out): the request may or may not have landed. */
export class OfflineError extends Error {
  constructor(cause?: unknown) {
    super('You appear to be offline.', { cause });
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
  if (err.status === 409 && err.serverMessage === ERRORS['idempotency/conflict'].message) return true;
  return err.status === 408 || err.status === 429 || err.status >= 500;
}
