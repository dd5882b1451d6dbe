// Per-user upload quota: images in any 24 hours, and bytes kept in all (a file referenced by no
// courier request is deleted after a day, giving its bytes back). Beyond either: 429 files/quota
// with Retry-After.
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { files, users } from '../db/schema';
import type { Deps } from '../deps';
import { type ApiError, refusal } from '../http/errors';

export const QUOTA_WINDOW_MS = 24 * 60 * 60 * 1000;

/** 429 files/quota: the next image fits in `retryAfterS` seconds. */
const quotaReached = (retryAfterS: number): ApiError => refusal('files/quota', { retryAfterS });

/**
 * Throws 429 files/quota when one more image of `size` bytes would pass the user's quota. It first
 * locks the user's row, so parallel uploads are counted one after another.
 */
export async function checkFileQuota(tx: Tx, deps: Deps, userId: string, size: number): Promise<void> {
  const { uploadsPerDay, uploadBytesPerUser } = deps.config;
  const now = deps.clock.now();
  const since = new Date(now - QUOTA_WINDOW_MS);
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [totals] = await tx
    .select({
      bytes: sql<number>`coalesce(sum(${files.size}), 0)::float8`,
      recent: sql<number>`(count(*) filter (where ${gt(files.createdAt, since)}))::int`,
    })
    .from(files)
    .where(eq(files.userId, userId));
  const bytes = Number(totals?.bytes ?? 0);
  if ((totals?.recent ?? 0) >= uploadsPerDay) {
    // Rolling window: the next image fits once the oldest of the last day's is a day old.
    const [oldest] = await tx
      .select({ at: files.createdAt })
      .from(files)
      .where(and(eq(files.userId, userId), gt(files.createdAt, since)))
      .orderBy(files.createdAt)
      .limit(1);
    const freeAt = (oldest?.at.getTime() ?? now) + QUOTA_WINDOW_MS;
    throw quotaReached(Math.max(1, Math.ceil((freeAt - now) / 1000)));
  }
  // Bytes come back when unreferenced images are cleaned up, a day after their upload.
  if (bytes + size > uploadBytesPerUser) throw quotaReached(QUOTA_WINDOW_MS / 1000);
}
