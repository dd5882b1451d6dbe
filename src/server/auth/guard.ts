// Who is calling: the session middleware (cookie or Bearer token) and the checks handlers use
// (signed in -> else 401; the email named in a path, query or body is theirs -> else 403).
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppConfig, Clock } from '../config';
import type { Db } from '../db/client';
import type { AppEnv, SessionUser } from '../http/app-env';
import { ApiError } from '../http/errors';
import { endedBySuspension, findSessionUser } from './sessions';

export const SESSION_COOKIE = 'carry_session';

export function tokenOf(c: Context): string | undefined {
  return tokensOf(c)[0];
}

/** Every session token the request carries: the Bearer token first, then the cookie's. */
export function tokensOf(c: Context): string[] {
  const bearer = c.req.header('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
  return [bearer, getCookie(c, SESSION_COOKIE)].filter((t): t is string => Boolean(t));
}

/**
 * requireUser as a middleware, for a route whose input a validator reads (http/validate.ts): placed
 * before it, a request without a session is answered 401 before its body is looked at, as when
 * the handler called requireUser first.
 */
export const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireUser(c);
  await next();
};

/** What finding the session needs of the app's dependencies (src/server/deps.ts gives them). */
interface SessionDeps {
  db: Db;
  clock: Clock;
  config: Pick<AppConfig, 'sessionTtlMs'>;
}

export function sessionMiddleware(deps: SessionDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = tokenOf(c);
    const user = token
      ? await findSessionUser(deps.db, token, deps.clock.now(), deps.config.sessionTtlMs)
      : null;
    c.set('user', user);
    // Only a token that matched no session costs this look-up.
    if (token && !user && (await endedBySuspension(deps.db, token))) c.set('suspended', true);
    await next();
  };
}

export function requireUser(c: Context<AppEnv>): SessionUser {
  const user = c.get('user');
  if (!user) throw new ApiError(c.get('suspended') ? 'auth/suspended' : 'auth/required');
  return user;
}

/** 403 unless `email` (from a path, query or body) is the signed-in user's. */
export function requireSelf(user: SessionUser, email: string | undefined): void {
  if (email === undefined || email.trim().toLowerCase() !== user.email) throw new ApiError('auth/forbidden');
}
