// Expected failures travel as ApiError(code): thrown, so that a write's transaction rolls back,
// or, for a refusal whose effect must stand (a counted wrong hand-off code), returned by a
// mutator. Either way `refusalReply` is the one place an ApiError becomes an answer: the status
// of src/domain/errors.ts, the body `{code, message, issues?, ...details, retryAfter?}`; REST sends
// it with `sendReply` (Retry-After from `retryAfter`), the sync push stores it as the mutation's
// result (routes/sync/sync.push-results.ts). Programs branch on `code`; `message` is for people.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import { ERRORS, type ErrorCode } from '@/domain/errors';
import { clientAborted } from './client-abort';

export interface Issue {
  path: string;
  message: string;
}

/** What a refusal may say besides its code: extra body fields, and when to try again. */
export interface RefusalExtras {
  /** Fields added to the answer's body (a wrong hand-off code's `attemptsLeft`). */
  details?: Record<string, unknown>;
  /** Seconds until a retry can pass: the body's `retryAfter`, REST's Retry-After header. */
  retryAfterS?: number;
}

export class ApiError extends Error {
  readonly details: Record<string, unknown> | undefined;
  readonly retryAfterS: number | undefined;
  constructor(
    readonly code: ErrorCode,
    readonly issues?: Issue[],
    message?: string,
    extras: RefusalExtras = {},
  ) {
    super(message ?? ERRORS[code].message);
    this.details = extras.details;
    this.retryAfterS = extras.retryAfterS;
  }
}

/** A refusal with the code table's message and extras (details, a wait). */
export function refusal(code: ErrorCode, extras: RefusalExtras): ApiError {
  return new ApiError(code, undefined, undefined, extras);
}

/** A write's answer: what REST sends, what an Idempotency-Key and a pushed mutation store. */
export interface Reply {
  status: ContentfulStatusCode;
  body: Record<string, unknown>;
}

/** The one mapping of a refusal to its answer: the code table's status, the body, the wait. */
export function refusalReply(err: ApiError): Reply {
  const body: Record<string, unknown> = { ...err.details, code: err.code, message: err.message };
  if (err.issues) body.issues = err.issues;
  if (err.retryAfterS !== undefined) body.retryAfter = err.retryAfterS;
  return { status: ERRORS[err.code].status as ContentfulStatusCode, body };
}

/** Sends a reply over REST; a refusal that says when to retry also gets Retry-After. */
export function sendReply(c: Context, reply: Reply): Response {
  const wait = reply.body.retryAfter;
  if (reply.status >= 400 && typeof wait === 'number') c.header('Retry-After', String(wait));
  return c.json(reply.body, reply.status);
}

export function toIssues(issues: readonly v.BaseIssue<unknown>[]): Issue[] {
  return issues.map((i) => ({ path: v.getDotPath(i) ?? '', message: i.message }));
}

/** 400 with the first issue's message, as the client shows it. */
export function invalid(issues: Issue[]): ApiError {
  return new ApiError('request/invalid', issues, issues[0]?.message);
}

export function errorResponse(c: Context, err: ApiError): Response {
  return sendReply(c, refusalReply(err));
}

/** The SQLSTATE of a database error, also when Drizzle wraps it (as `cause`). */
export function pgCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Runs `work`; a unique-constraint violation (a lost race) becomes the given 4xx code. */
export async function onUniqueViolation<T>(work: Promise<T>, code: ErrorCode): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (pgCode(err) === '23505') throw new ApiError(code);
    throw err;
  }
}

/** Database errors caused by input that slipped past validation: data exceptions (class 22). */
function isDataException(err: unknown): boolean {
  return pgCode(err)?.startsWith('22') ?? false;
}

export function handleError(
  err: unknown,
  c: Context,
  log: (line: Record<string, unknown>) => void,
): Response {
  if (err instanceof ApiError) return errorResponse(c, err);
  // A body cut short by the client: nobody reads this answer, and the request log records 499.
  if (clientAborted(c)) return errorResponse(c, new ApiError('request/client-closed'));
  const status = (err as { status?: unknown }).status;
  if (status === 413) return errorResponse(c, new ApiError('request/too-large'));
  if (isDataException(err)) return errorResponse(c, new ApiError('request/invalid'));
  log({ level: 'error', path: c.req.path, error: err instanceof Error ? err.message : String(err) });
  return c.json({ code: 'server/internal', message: 'Something went wrong. Please try again.' }, 500);
}
