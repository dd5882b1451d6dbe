// Path spelling for the auth check, and where each role's home is. Which screens need a session
// is the route tree's business (routes/_authed.tsx).
import type { Role } from '@/domain/constants';

/** One spelling per screen for the auth check: paths match case-insensitively, with or without a trailing slash. */
export function normalizePath(pathname: string): string {
  const lower = pathname.toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, '') : lower;
}

export type HomePath = '/carrierhome' | '/senderhome' | '/travellerhome';

export function homeOf(role: Role | null | undefined): HomePath {
  if (role === 'carrier') return '/carrierhome';
  if (role === 'sender') return '/senderhome';
  return '/travellerhome';
}

/**
 * The screen to open after login when the login screen was reached from one behind it: a path on
 * this origin only (never `//host` or a full URL), else null.
 */
export function safeRedirect(target: string | undefined): string | null {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  return target;
}
