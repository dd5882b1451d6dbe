// The team's console over REST, and a user's own protection through the outbox (issue 30). The
// console works online only (its lists are the server's, paged and searched there); a block or a
// report is a change like any other: accepted offline, queued, sent once. Whether the signed-in
// user is staff is asked once per login.

import * as v from 'valibot';
import {
  type BlockedPerson,
  type BlockRequest,
  blockListSchema,
  type ReportRequest,
} from '@/domain/team/schema';
import { ApiError, call, callParsed, getSession, loadSession, queueChange, type Store } from './engine';

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

const staffBody = v.object({ staff: v.optional(v.boolean(), false) });

/**
 * Whether the signed-in user is staff (GET /api/auth's `staff`); false offline. The console's own
 * GET /api/team/me refuses anyone else with 403, which a browser logs as a failed request: asking
 * /api/auth keeps an ordinary user's screens free of it.
 */
export function isStaff(store: Store): Promise<boolean> {
  const email = getSession(store)?.email ?? '';
  const cached = known.get(store);
  if (cached && cached.email === email) return cached.staff;
  const staff = call(store.http, 'GET', '/api/auth').then(
    (body) => {
      const parsed = v.safeParse(staffBody, body);
      return parsed.success && parsed.output.staff;
    },
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

/** The server's answer to a console write: its English message, and a count where it has one. */
export interface TeamAnswer {
  message: string;
  count?: number;
}

/**
 * A console write (POST /api/team/...): its body names the reason; answers the server's answer
 * (the screen says what happened in its own words, in the user's language).
 */
export async function teamAction(
  store: Store,
  path: string,
  body: Record<string, unknown>,
): Promise<TeamAnswer> {
  const answer = (await call(store.http, 'POST', `/api/team/${path}`, {
    json: body,
  })) as Partial<TeamAnswer> | null;
  return {
    message: answer?.message ?? 'Done.',
    ...(typeof answer?.count === 'number' ? { count: answer.count } : {}),
  };
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

/** What a block or a report answers on the device: queued, or refused at once (oneself). */
export type SafetyResult = { ok: true; key: string } | { ok: false; code: 'block/self' | 'report/self' };

const isMe = async (store: Store, email: string) =>
  (await loadSession(store))?.email.toLowerCase() === email.trim().toLowerCase();

/**
 * Blocks a user by e-mail (no new bookings or messages between the two once the server has it).
 * Queued like every change, so it is accepted offline and reaches the server once; blocking
 * oneself is refused here at once, as the server would (400 block/self).
 */
export async function blockUser(store: Store, req: BlockRequest): Promise<SafetyResult> {
  if (await isMe(store, req.email)) return { ok: false, code: 'block/self' };
  return { ok: true, ...(await queueChange(store, 'block', req)) };
}

/** The people the signed-in user blocked (the server's list: it needs the network). */
export async function loadBlocks(store: Store): Promise<BlockedPerson[]> {
  return (await callParsed(store.http, 'GET', '/api/blocks', blockListSchema)).blocks;
}

/** Takes a block away again; queued like blockUser. */
export async function unblockUser(store: Store, req: BlockRequest): Promise<{ key: string }> {
  return queueChange(store, 'unblock', req);
}

/**
 * Reports a message, a booking's other side or a user (a reason and words) for the team. Queued
 * like every change; reporting oneself by e-mail is refused here at once (400 report/self).
 */
export async function reportUser(store: Store, req: ReportRequest): Promise<SafetyResult> {
  if (req.kind === 'user' && (await isMe(store, req.email))) return { ok: false, code: 'report/self' };
  return { ok: true, ...(await queueChange(store, 'report', req)) };
}

export interface RevealedId {
  message: string;
  governmentIdType: string;
  governmentIdNumber: string;
}

/** "Show full ID": a courier request's Government ID number, written into the audit log with `reason`. */
export async function revealGovernmentId(
  store: Store,
  requestId: string,
  reason: string,
): Promise<RevealedId> {
  return (await call(
    store.http,
    'POST',
    `/api/team/courier-requests/${encodeURIComponent(requestId)}/reveal-id`,
    { json: { reason } },
  )) as RevealedId;
}
