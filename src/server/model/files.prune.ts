// Images no courier request names are deleted a day after their upload, metadata and bytes
// (main.ts runs this in the hourly housekeeping). The photo lane pushes its courier request as
// soon as the upload answers, so a day is far more than a real request needs.
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { courierRequests, files } from '../db/schema';
import { lockBlob } from '../files/blob-lock';
import type { FileStore } from '../files/file-store';

export const ORPHAN_FILE_AGE_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

/**
 * No courier request links to the file (a link is `<PUBLIC_URL>/api/files/<name>`); the
 * expression is courier_requests_image_name_idx's, so this is an index probe.
 */
const unreferenced = sql`not exists (select 1 from ${courierRequests} where regexp_replace(${courierRequests.itemImageUrl}, '^.*/api/files/', '') = ${files.name})`;

async function pruneOne(tx: Tx, store: FileStore, name: string, key: string | null, cutoff: Date) {
  if (key) await lockBlob(tx, key);
  // Locked first, then checked in a fresh statement: a courier request that holds the row
  // (courier.checks.ts reads it FOR SHARE) has committed by then and is seen.
  const [row] = await tx
    .select({ name: files.name })
    .from(files)
    .where(and(eq(files.name, name), lt(files.createdAt, cutoff)))
    .for('update');
  if (!row) return 0;
  const gone = await tx
    .delete(files)
    .where(and(eq(files.name, name), unreferenced))
    .returning({ name: files.name });
  if (gone.length === 0 || !key) return gone.length;
  const [other] = await tx.select({ name: files.name }).from(files).where(eq(files.sha256, key)).limit(1);
  if (!other) await store.remove(tx, key);
  return 1;
}

/** Deletes unreferenced images uploaded more than `maxAgeMs` ago; answers how many. */
export async function pruneOrphanFiles(
  db: Db,
  store: FileStore,
  nowMs: number,
  maxAgeMs = ORPHAN_FILE_AGE_MS,
): Promise<number> {
  const cutoff = new Date(nowMs - maxAgeMs);
  let pruned = 0;
  for (;;) {
    const candidates = await db
      .select({ name: files.name, sha256: files.sha256 })
      .from(files)
      .where(and(lt(files.createdAt, cutoff), unreferenced))
      .limit(BATCH);
    let round = 0;
    for (const c of candidates)
      round += await db.transaction((tx) => pruneOne(tx, store, c.name, c.sha256, cutoff));
    pruned += round;
    if (candidates.length < BATCH || round === 0) return pruned;
  }
}
