// What a pushed mutation's failure means: refused for good (the same arguments would fail the
// same way again, so it is recorded and the batch goes on) or transient (a retry may pass, so the
// batch stops and the client sends it again). "Refused means refused, whatever threw": only what
// a retry can get past is transient.
import { ApiError, pgCode } from '../../http/errors';

/** SQLSTATEs (or classes) a retry can get past: serialisation, deadlock, lock wait, resources, shutdown, connection. */
const TRANSIENT_STATES = new Set(['40001', '40P01', '55P03', '55006']);
const TRANSIENT_CLASSES = new Set(['08', '40', '53', '57', '58']);
/** A node-postgres or socket failure that carries no SQLSTATE: the connection, not the input. */
const CONNECTION_MESSAGE_RE =
  /connection (terminated|error|refused|reset|closed)|not queryable|timeout exceeded when trying to connect|pglite is closed/i;

export type Failure =
  | { kind: 'refused'; error: ApiError; unexpected: boolean }
  | { kind: 'transient'; unexpected: boolean; wait?: ApiError };

/**
 * Refusals of a rate that the same change passes once the window has moved on: a person's real
 * writing (messages written offline, arriving in one push) is held and resent after the wait,
 * never refused for good (docs/offline.md, "Rates").
 */
const HELD: ReadonlySet<string> = new Set(['message/rate-limited']);

const SQLSTATE_RE = /^[0-9A-Z]{5}$/;

/** Classifies what a mutator threw. */
export function classifyFailure(err: unknown): Failure {
  if (err instanceof ApiError && HELD.has(err.code))
    return { kind: 'transient', unexpected: false, wait: err };
  if (err instanceof ApiError) return { kind: 'refused', error: err, unexpected: false };
  const code = pgCode(err);
  if (code && SQLSTATE_RE.test(code)) {
    if (TRANSIENT_STATES.has(code) || TRANSIENT_CLASSES.has(code.slice(0, 2)))
      return { kind: 'transient', unexpected: true };
    // Data exceptions (class 22): input the schema let through, as the REST path answers it.
    const error = code.startsWith('22')
      ? new ApiError('request/invalid')
      : new ApiError('sync/unprocessable');
    return { kind: 'refused', error, unexpected: true };
  }
  // Socket errors (ECONNRESET, ETIMEDOUT...) and the driver's own connection messages.
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return { kind: 'transient', unexpected: true };
  const message = err instanceof Error ? err.message : String(err);
  if (CONNECTION_MESSAGE_RE.test(message)) return { kind: 'transient', unexpected: true };
  // Anything else threw on these arguments and would throw on them again.
  return { kind: 'refused', error: new ApiError('sync/unprocessable'), unexpected: true };
}
