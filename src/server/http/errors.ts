// Expected failures travel as ApiError(code) (thrown so that a write's transaction rolls
// back) and become `{code, message}` with the status of src/domain/errors.ts in one place: onError.
// Programs branch on `code`; `message` is for people.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import { ERRORS, type ErrorCode } from '@/domain/errors';
import { clientAborted } from './client-abort';

export interface Issue {
  path: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly issues?: Issue[],
    message?: string,
  ) {
    super(message ?? ERRORS[code].message);
  }
}

export function toIssues(issues: readonly v.BaseIssue<unknown>[]): Issue[] {
  return issues.map((i) => ({ path: v.getDotPath(i) ?? '', message: i.message }));
}

/** 400 with the first issue's message, as the client shows it. */
export function invalid(issues: Issue[]): ApiError {
  return new ApiError('request/invalid', issues, issues[0]?.message);
}

export function errorResponse(c: Context, err: ApiError): Response {
  const status = ERRORS[err.code].status as ContentfulStatusCode;
  const body = err.issues
    ? { code: err.code, message: err.message, issues: err.issues }
    : { code: err.code, message: err.message };
  return c.json(body, status);
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
