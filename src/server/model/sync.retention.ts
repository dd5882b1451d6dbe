// What the sync protocol keeps only for a while; main.ts runs pruneSyncResults every hour.
// - Push answers (sync_results) older than the retention: a push repeating such an id is
//   acknowledged with an empty body (docs/api.md, "Sync results").
// - Tombstones (sync_changes entries of rows gone from a user's view) older than the retention:
//   each user's floor (sync_floors) rises to the highest version pruned, so a pull cookie from
//   before it, which might miss that deletion, gets the whole snapshot once.
// Entries of rows the user still sees stay: they are the rows' versions.
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { syncResults } from '../db/schema';

/** Prunes answers and tombstones older than the retention period. Returns the answers deleted. */
export async function pruneSyncResults(db: Db, nowMs: number, retentionMs: number): Promise<number> {
  const before = new Date(nowMs - retentionMs);
  await db.execute(sql`
    WITH gone AS (
      DELETE FROM sync_changes WHERE deleted AND changed_at < ${before.toISOString()}::timestamptz
      RETURNING user_id, version
    )
    INSERT INTO sync_floors (user_id, version)
    SELECT user_id, max(version) FROM gone GROUP BY user_id
    ON CONFLICT (user_id) DO UPDATE SET version = greatest(sync_floors.version, EXCLUDED.version)`);
  const gone = await db
    .delete(syncResults)
    .where(lt(syncResults.createdAt, before))
    .returning({ one: sql`1` });
  return gone.length;
}
