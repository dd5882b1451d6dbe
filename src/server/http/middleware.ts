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

/**
 * Browser features: the camera for the app itself (QR scanning at the hand-off), everything else
 * it does not use denied, also to any frame. Only features browsers recognise (an unknown one is
 * logged as an error in the console).
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'display-capture=()',
].join(', ');

/** A year: browsers then use HTTPS only for this host, even when a link says http. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

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
export function securityHeaders(options: { apiOrigin?: string; https?: boolean } = {}): MiddlewareHandler {
  const policy = contentSecurityPolicy(options.apiOrigin);
  return async (c, next) => {
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    c.header('X-Frame-Options', 'DENY');
    c.header('Content-Security-Policy', policy);
    c.header('Permissions-Policy', PERMISSIONS_POLICY);
    // Served over HTTPS (cookies are Secure): never let a browser come back over plain HTTP.
    if (options.https) c.header('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    await next();
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The scheme browsers reach this server with: https when cookies are Secure (TLS ends at a proxy
 * in front), else the one the outermost trusted proxy reports (X-Forwarded-Proto, read like
 * X-Forwarded-For), else the request's own.
 */
function ownScheme(c: Context, config: AppConfig): string {
  if (config.secureCookies) return 'https:';
  if (config.trustProxyHops > 0) {
    const hops = (c.req.header('x-forwarded-proto') ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean);
    const forwarded = hops[Math.max(0, hops.length - config.trustProxyHops)];
    if (forwarded === 'http' || forwarded === 'https') return `${forwarded}:`;
  }
  return new URL(c.req.url).protocol;
}

/** Scheme, host and port of `origin` are this server's (as the Host header names it). */
function isOwnOrigin(c: Context, config: AppConfig, origin: string): boolean {
  try {
    const host = c.req.header('host') ?? new URL(c.req.url).host;
    return new URL(origin).origin === new URL(`${ownScheme(c, config)}//${host}`).origin;
  } catch {
    return false;
  }
}

/** 403 for a write whose Origin is not this server's, the public URL's or a configured CORS origin. */
export function originCheck(config: AppConfig): MiddlewareHandler {
  // Behind a proxy that rewrites Host, the public URL names the app's own origin.
  const publicOrigin = config.publicUrl ? new URL(config.publicUrl).origin : null;
  const allowed = (c: Context, origin: string) =>
    isOwnOrigin(c, config, origin) || config.corsOrigins.includes(origin) || origin === publicOrigin;
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
