// The team's console and a user's own protection over REST (issue 30). The console works online
// only (its lists are the server's, paged and searched there); a block or a report is a single
// call the screen confirms. Whether the signed-in user is staff is asked once per login.
import type { BlockRequest, ReportRequest } from '@/domain/team/schema';
import { ApiError, call, getSession, type Store } from './engine';

export interface TeamPage<T> {
  items: T[];
  next: string | null;
}

export type TeamList =
  | 'queries'
  | 'reports'
  | 'users'
  | 'bookings'
  | 'searches'
  | 'courier-requests'
  | 'disputes'
  | 'audit';

export interface TeamPageParams {
  q?: string;
  status?: string;
  cursor?: string | null;
}

const known = new WeakMap<Store, { email: string; staff: Promise<boolean> }>();

/** Whether the signed-in user is staff (GET /api/team/me: 200 or 403); false offline. */
export function isStaff(store: Store): Promise<boolean> {
  const email = getSession(store)?.email ?? '';
  const cached = known.get(store);
  if (cached && cached.email === email) return cached.staff;
  const staff = call(store.http, 'GET', '/api/team/me').then(
    () => true,
    (err: unknown) => {
      // Not known (offline, a server error): asked again next time.
      if (!(err instanceof ApiError) || err.status >= 500) known.delete(store);
      return false;
    },
  );
  known.set(store, { email, staff });
  return staff;
}

export async function teamPage<T>(
  store: Store,
  list: TeamList,
  params: TeamPageParams = {},
): Promise<TeamPage<T>> {
  const query = new URLSearchParams();
  if (params.q) query.set('q', params.q);
  if (params.status) query.set('status', params.status);
  if (params.cursor) query.set('cursor', params.cursor);
  const suffix = query.size ? `?${query}` : '';
  return (await call(store.http, 'GET', `/api/team/${list}${suffix}`)) as TeamPage<T>;
}

/** A console write (POST /api/team/...): its body names the reason; answers the server's message. */
export async function teamAction(store: Store, path: string, body: Record<string, unknown>): Promise<string> {
  const answer = (await call(store.http, 'POST', `/api/team/${path}`, { json: body })) as {
    message?: string;
  };
  return answer?.message ?? 'Done.';
}

export async function courierMatches<T>(store: Store, requestId: string): Promise<{ listings: T[] }> {
  return (await call(
    store.http,
    'GET',
    `/api/team/courier-requests/${encodeURIComponent(requestId)}/matches`,
  )) as {
    listings: T[];
  };
}

export async function blockUser(store: Store, req: BlockRequest): Promise<void> {
  await call(store.http, 'POST', '/api/blocks', { json: req });
}

export async function reportUser(store: Store, req: ReportRequest): Promise<void> {
  await call(store.http, 'POST', '/api/reports', { json: req });
}
