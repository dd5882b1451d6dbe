// Storing a browser's push subscription: one per session (a browser has one; a new endpoint in
// the session replaces the older), the newest `maxPerUser` per user, and never another account's
// live subscription unless the poster holds its keys (the same browser, signed in to another
// account): knowing an endpoint is not enough to move its notifications.
import { and, desc, eq, gt, ne, notInArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pushSubscriptions, sessions } from '../db/schema';
import { ApiError } from '../http/errors';

export interface NewSubscription {
  userId: string;
  sessionHash: string;
  /** Normalised (normalizePushEndpoint) by the schema. */
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** 409 push/endpoint-taken when another account's live session holds the endpoint under other keys. */
async function checkHolder(tx: Db, sub: NewSubscription, now: Date) {
  const [holder] = await tx
    .select({
      userId: pushSubscriptions.userId,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .innerJoin(sessions, eq(sessions.tokenHash, pushSubscriptions.sessionHash))
    .where(and(eq(pushSubscriptions.endpoint, sub.endpoint), gt(sessions.expiresAt, now)));
  if (!holder || holder.userId === sub.userId) return;
  if (holder.p256dh === sub.p256dh && holder.auth === sub.auth) return;
  throw new ApiError('push/endpoint-taken');
}

export async function storeSubscription(db: Db, sub: NewSubscription, nowMs: number, maxPerUser: number) {
  const now = new Date(nowMs);
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // One subscribe at a time per session: its row locked, so one subscription per session holds.
    await tx
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(eq(sessions.tokenHash, sub.sessionHash))
      .for('update');
    await checkHolder(tx, sub, now);
    await tx
      .delete(pushSubscriptions)
      .where(
        and(eq(pushSubscriptions.sessionHash, sub.sessionHash), ne(pushSubscriptions.endpoint, sub.endpoint)),
      );
    const row = {
      userId: sub.userId,
      sessionHash: sub.sessionHash,
      p256dh: sub.p256dh,
      auth: sub.auth,
      createdAt: now,
    };
    await tx
      .insert(pushSubscriptions)
      .values({ endpoint: sub.endpoint, ...row })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: row });
    const newest = tx
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, sub.userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.endpoint))
      .limit(maxPerUser);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, sub.userId), notInArray(pushSubscriptions.endpoint, newest)));
  });
}
