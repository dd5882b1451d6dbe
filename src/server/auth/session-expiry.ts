// Sessions end by their row's deletion, whatever ends them (logout, "log out other devices", a
// password reset, a login past the cap, expiry): the row's cascade removes the session's push
// subscription, and its trigger (migration 0026) tells every process to end the session's poke
// streams. Expiry alone deletes nothing, so a sweep does it, every minute (main.ts).
import { and, gt, inArray, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';

/** Deletes the sessions expired by `nowMs`; answers how many. */
export async function endExpiredSessions(db: Db, nowMs: number): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(lte(sessions.expiresAt, new Date(nowMs)))
    .returning({ tokenHash: sessions.tokenHash });
  return ended.length;
}

/** Which of these session hashes still name a live session (for streams after a missed notification). */
export async function liveSessions(db: Db, hashes: readonly string[], nowMs: number): Promise<Set<string>> {
  if (!hashes.length) return new Set();
  const rows = await db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .where(and(inArray(sessions.tokenHash, [...hashes]), gt(sessions.expiresAt, new Date(nowMs))));
  return new Set(rows.map((r) => r.tokenHash));
}
