// Which paths need no session, which hide the header, and where each role's home is.
import type { Role } from '@/domain/constants';

export const PUBLIC_PATHS: ReadonlySet<string> = new Set([
  '/',
  '/signup',
  '/forgot-password',
  '/reset-password',
]);
const NO_HEADER_PATHS: ReadonlySet<string> = new Set([
  '/',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/choose_user_type',
]);

export function normalizePath(pathname: string): string {
  const lower = pathname.toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, '') : lower;
}

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.has(normalizePath(pathname));
}

export function showsHeader(pathname: string): boolean {
  return !NO_HEADER_PATHS.has(normalizePath(pathname));
}

export type HomePath = '/carrierhome' | '/senderhome' | '/travellerhome';

export function homeOf(role: Role | null | undefined): HomePath {
  if (role === 'carrier') return '/carrierhome';
  if (role === 'sender') return '/senderhome';
  return '/travellerhome';
}
