// Cross-cutting request handling: one log line per request, browser hardening headers, and
// the refusal of state-changing requests from foreign origins.
import type { Context, MiddlewareHandler } from 'hono';
import type { AppConfig } from '../config';
import type { NodeEnv } from './client-abort';
import { ApiError } from './errors';

/** The app shell's policy: no inline script, nothing from other origins. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "img-src 'self' blob: data:",
  "script-src 'self'",
  // The toast library injects its stylesheet at run time; styles cannot run code.
  "style-src 'self' 'unsafe-inline'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "worker-src 'self'",
  "manifest-src 'self'",
].join('; ');

export function requestLog(config: AppConfig, now: () => number): MiddlewareHandler {
  return async (c, next) => {
    const start = now();
    await next();
    // The route pattern rather than the path (paths and queries carry emails); bodies and
    // headers are never logged.
    const route = c.req.routePath.includes(':') ? c.req.routePath : c.req.path;
    config.log({ method: c.req.method, path: route, status: c.res.status, ms: now() - start });
  };
}

/**
 * An answer given before the request body was read (413 from Content-Length, 401 or 403 before
 * parsing) says `Connection: close`: the client then sends its next request on a new connection,
 * instead of on one the server closes once it gives up draining the unread body.
 */
export function closeAfterUnreadBody(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const incoming = (c.env as NodeEnv)?.incoming;
    if (!incoming || incoming.readableEnded) return;
    const { 'content-length': length, 'transfer-encoding': chunked } = incoming.headers;
    if (chunked || (length !== undefined && length !== '0')) c.header('Connection', 'close');
  };
}

/** The policy, letting the app call (and show images from) an API on another origin when set. */
export function contentSecurityPolicy(apiOrigin = ''): string {
  if (!apiOrigin) return CONTENT_SECURITY_POLICY;
  return CONTENT_SECURITY_POLICY.replace("img-src 'self'", `img-src 'self' ${apiOrigin}`).concat(
    `; connect-src 'self' ${apiOrigin}`,
  );
}

/**
 * Set before the handler runs, so that it can still override them (a file download sets its own
 * CSP) and the answer stays a plain one the Node adapter writes without building a Response.
 */
export function securityHeaders(apiOrigin = ''): MiddlewareHandler {
  const policy = contentSecurityPolicy(apiOrigin);
  return async (c, next) => {
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    c.header('X-Frame-Options', 'DENY');
    c.header('Content-Security-Policy', policy);
    await next();
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function isOwnOrigin(c: Context, origin: string): boolean {
  try {
    return new URL(origin).host === (c.req.header('host') ?? new URL(c.req.url).host);
  } catch {
    return false;
  }
}

/** 403 for a write whose Origin is not this host, the public URL's or a configured CORS origin. */
export function originCheck(config: AppConfig): MiddlewareHandler {
  // Behind a proxy that rewrites Host, the public URL names the app's own origin.
  const publicOrigin = config.publicUrl ? new URL(config.publicUrl).origin : null;
  const allowed = (c: Context, origin: string) =>
    isOwnOrigin(c, origin) || config.corsOrigins.includes(origin) || origin === publicOrigin;
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (!SAFE_METHODS.has(c.req.method) && origin && !allowed(c, origin)) {
      throw new ApiError('auth/bad-origin');
    }
    await next();
  };
}

/**
 * The caller's address for rate limiting: the socket's, or behind `trustProxyHops` proxies the
 * X-Forwarded-For entry the outermost of them appended (counted from the right: entries to its
 * left come from the client and can say anything).
 */
export function clientAddress(c: Context, config: AppConfig): string | null {
  if (config.trustProxyHops > 0) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const forwarded = hops[Math.max(0, hops.length - config.trustProxyHops)];
    if (forwarded) return forwarded;
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? null;
}
