// Server-side sessions: a random token given to the client, only its sha256 stored. Sliding
// expiry (renewed at most once a day to spare writes); at most `maxPerUser` per user (a login
// beyond ends the oldest); logout deletes the row, logout-others every other row of the user.
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { prepared } from '../db/prepared';
import { endedSessions, sessions, users } from '../db/schema';
import type { SessionUser } from '../http/app-env';

const RENEW_AFTER_MS = 24 * 60 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export interface SessionLimits {
  ttlMs: number;
  maxPerUser: number;
}

export async function createSession(
  db: Db,
  userId: string,
  nowMs: number,
  limits: SessionLimits,
): Promise<string> {
  // Each login sweeps the user's expired sessions, so the table does not grow without bound.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date(nowMs))));
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  await db.insert(sessions).values({
    tokenHash,
    userId,
    createdAt: new Date(nowMs),
    expiresAt: new Date(nowMs + limits.ttlMs),
  });
  // Past the cap the oldest sessions end (never the new one, even at the same instant).
  const newest = db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, tokenHash)))
    .orderBy(desc(sessions.createdAt), desc(sessions.tokenHash))
    .limit(Math.max(limits.maxPerUser - 1, 0));
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        ne(sessions.tokenHash, tokenHash),
        notInArray(sessions.tokenHash, newest),
      ),
    );
  return token;
}

export async function findSessionUser(
  db: Db,
  token: string,
  nowMs: number,
  ttlMs: number,
): Promise<SessionUser | null> {
  // Tokens we issue are 43 base64url characters; anything else cannot match.
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const tokenHash = hashToken(token);
  const [row] = await prepared(db, 'session_user', () =>
    db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        phone: users.phone,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          gt(sessions.expiresAt, sql.placeholder('now')),
        ),
      )
      .prepare('session_user'),
  ).execute({ tokenHash, now: new Date(nowMs) });
  if (!row) return null;
  if (row.expiresAt.getTime() - nowMs < ttlMs - RENEW_AFTER_MS) {
    await db
      .update(sessions)
      .set({ expiresAt: new Date(nowMs + ttlMs) })
      .where(eq(sessions.tokenHash, tokenHash));
  }
  return { id: row.id, email: row.email, name: row.name, phone: row.phone };
}

/** Ends the sessions of these tokens (a request may carry both a Bearer token and a cookie). */
export async function revokeSessions(db: Db, tokens: readonly string[]): Promise<void> {
  if (tokens.length === 0) return;
  await db.delete(sessions).where(inArray(sessions.tokenHash, tokens.map(hashToken)));
}

/** Ends every session of the user except the one of `keepToken`; answers how many ended. */
export async function revokeOtherSessions(db: Db, userId: string, keepToken: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(keepToken))))
    .returning({ tokenHash: sessions.tokenHash });
  return ended.length;
}

/** Whether this token's session was ended by a suspension (its hash kept in ended_sessions). */
export async function endedBySuspension(db: Db, token: string): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return false;
  const [row] = await db
    .select({ reason: endedSessions.reason })
    .from(endedSessions)
    .where(eq(endedSessions.tokenHash, hashToken(token)));
  return row !== undefined;
}

/**
 * Ends every session of a suspended user, keeping their hashes so a device presenting one is told
 * why (auth/suspended). The delete's trigger ends their poke streams in every process.
 */
export async function endSessionsForSuspension(tx: Db | Tx, userId: string, nowMs: number): Promise<number> {
  const ended = await tx
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ tokenHash: sessions.tokenHash });
  if (ended.length) {
    await tx
      .insert(endedSessions)
      .values(
        ended.map((s) => ({ tokenHash: s.tokenHash, userId, reason: 'suspended', endedAt: new Date(nowMs) })),
      )
      .onConflictDoNothing();
  }
  return ended.length;
}

/** A restored user starts afresh: the old tokens are simply unknown (401) from now on. */
export async function forgetEndedSessions(tx: Db | Tx, userId: string): Promise<void> {
  await tx.delete(endedSessions).where(eq(endedSessions.userId, userId));
}
