// The one ky instance and the call helper that turns ky's failures into ApiError or
// OfflineError and parses answers with the domain schemas.
import ky, { HTTPError, type KyInstance } from 'ky';
import * as v from 'valibot';
import { ApiError, OfflineError, parseRetryAfter } from './errors';

export const REQUEST_TIMEOUT_MS = 20_000;
/** Cache-Control of an answer a cache may serve again later. */
const REUSABLE = /public|immutable|max-age=[1-9]/i;

export interface HttpOptions {
  baseUrl: string;
  fetch?: typeof fetch;
  /** Told the server's clock (ms) from the `Date` of every answer, errors included. */
  onServerDate?: (serverMs: number) => void;
}

/**
 * No ky retry at all: reads are re-run by their triggers, writes by the outbox. Paths are joined
 * to the API origin as `${baseUrl}${path}` (as photos.ts and poke.ts do); with no origin they
 * stay root-relative (`call` drops the leading slash ky's prefixUrl refuses).
 */
export function createHttp(opts: HttpOptions): KyInstance {
  const { onServerDate } = opts;
  return ky.create({
    prefixUrl: opts.baseUrl || '/',
    credentials: 'include',
    timeout: REQUEST_TIMEOUT_MS,
    retry: 0,
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
    ...(onServerDate
      ? {
          hooks: {
            afterResponse: [
              (_request, _options, response) => {
                // An answer a cache may keep (reference data: the service worker's and the
                // browser's caches) can carry the Date of another day: only fresh ones tell time.
                if (REUSABLE.test(response.headers.get('cache-control') ?? '')) return;
                const date = Date.parse(response.headers.get('date') ?? '');
                if (!Number.isNaN(date)) onServerDate(date);
              },
            ],
          },
        }
      : {}),
  });
}

export interface CallOptions {
  json?: unknown;
  body?: FormData;
  headers?: Record<string, string>;
}

function messageOf(data: unknown, status: number): string {
  if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string') {
    return data.message;
  }
  return typeof data === 'string' && data.length < 300 ? data : `Request failed with status ${status}`;
}

function codeOf(data: unknown): string | undefined {
  return data && typeof data === 'object' && 'code' in data && typeof data.code === 'string'
    ? data.code
    : undefined;
}

/** An error answer's body: its JSON, else its text ('' when unreadable). */
async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Sends one request; returns the parsed JSON body (undefined when empty or not JSON). */
export async function call(http: KyInstance, method: string, path: string, opts: CallOptions = {}) {
  let response: Response;
  try {
    response = await http(path.replace(/^\//, ''), {
      method,
      ...(opts.json !== undefined ? { json: opts.json } : {}),
      ...(opts.body ? { body: opts.body } : {}),
      ...(opts.headers ? { headers: opts.headers } : {}),
    });
  } catch (err) {
    if (err instanceof HTTPError) {
      const { status, headers } = err.response;
      const retryAfter = parseRetryAfter(headers.get('retry-after'), Date.now());
      const data = await bodyOf(err.response);
      throw new ApiError(status, messageOf(data, status), codeOf(data), retryAfter);
    }
    throw new OfflineError(err);
  }
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** `call`, then the answer parsed with `schema`: a malformed answer is a bug, thrown as such. */
export async function callParsed<S extends v.GenericSchema>(
  http: KyInstance,
  method: string,
  path: string,
  schema: S,
  opts: CallOptions = {},
): Promise<v.InferOutput<S>> {
  return v.parse(schema, await call(http, method, path, opts));
}
