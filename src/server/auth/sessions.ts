// Server-side sessions: a random token given to the client, only its sha256 stored. Sliding
// expiry (renewed at most once a day to spare writes); logout deletes the row.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { sessions, users } from '../db/schema';
import type { SessionUser } from '../deps';

const RENEW_AFTER_MS = 24 * 60 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export async function createSession(db: Db, userId: string, nowMs: number, ttlMs: number): Promise<string> {
  // Each login sweeps the user's expired sessions, so the table does not grow without bound.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date(nowMs))));
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: new Date(nowMs),
    expiresAt: new Date(nowMs + ttlMs),
  });
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

export async function revokeSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}
