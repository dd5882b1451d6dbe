// What the sync protocol keeps only for a while; main.ts runs pruneSyncResults and
// pruneSyncClients every hour.
// - Push answers (sync_results): the device's pull deletes those it acknowledges (`acked`); the
//   rest go after SYNC_RESULTS_RETENTION_MS (an hour), so one account pushing no-ops cannot grow
//   the database by more than its budget of mutations per minute for an hour. A push repeating
//   such an id is acknowledged with an empty body (docs/api.md, "Sync results"). Refusals are the
//   exception: a device whose answer was lost and that comes back after the hour must still learn
//   that its change was refused (else it takes the empty answer for applied and the change
//   vanishes unshown), so a client's newest REFUSALS_KEPT refusals stay up to
//   SYNC_REFUSALS_RETENTION_MS unless acknowledged: a flood of refused changes still keeps no more.
// - Client rows: idle for CLIENT_IDLE_MS (longer than a session lasts unused) they go; beyond
//   CLIENTS_KEPT per user, the oldest go once their answers are gone. A client that comes back
//   starts again at last-applied 0, which only a re-push of an id applied before could tell.
// - Tombstones (sync_changes entries of rows gone from a user's view) older than the retention:
//   each user's floor (sync_floors) rises to the highest version pruned, so a pull cookie from
//   before it, which might miss that deletion, gets the whole snapshot once.
// Entries of rows the user still sees stay: they are the rows' versions.
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { syncResults } from '../db/schema';

/** How long a push answer the device has not acknowledged is kept. */
export const SYNC_RESULTS_RETENTION_MS = 60 * 60 * 1000;
/** How long a refusal the device has not acknowledged is kept (as long as a session lasts unused). */
export const SYNC_REFUSALS_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/** Refusals kept per client past SYNC_RESULTS_RETENTION_MS: its newest. */
export const REFUSALS_KEPT = 100;
/** A client row nobody pushed with for this long goes (a session lasts 30 days unused). */
export const CLIENT_IDLE_MS = 60 * 24 * 60 * 60 * 1000;
/** Client rows a user keeps beyond those pushed with in the last SYNC_RESULTS_RETENTION_MS. */
export const CLIENTS_KEPT = 20;

/**
 * Prunes tombstones older than `retentionMs` and answers older than `resultsRetentionMs`.
 * Returns the answers deleted.
 */
export async function pruneSyncResults(
  db: Db,
  nowMs: number,
  retentionMs: number,
  resultsRetentionMs: number = SYNC_RESULTS_RETENTION_MS,
): Promise<number> {
  const before = new Date(nowMs - retentionMs);
  await db.execute(sql`
    WITH gone AS (
      DELETE FROM sync_changes WHERE deleted AND changed_at < ${before.toISOString()}::timestamptz
      RETURNING user_id, version
    )
    INSERT INTO sync_floors (user_id, version)
    SELECT user_id, max(version) FROM gone GROUP BY user_id
    ON CONFLICT (user_id) DO UPDATE SET version = greatest(sync_floors.version, EXCLUDED.version)`);
  const hourAgo = new Date(nowMs - resultsRetentionMs).toISOString();
  const monthAgo = new Date(nowMs - Math.max(SYNC_REFUSALS_RETENTION_MS, resultsRetentionMs)).toISOString();
  const gone = (await db.execute(sql`
    DELETE FROM sync_results r
    WHERE r.created_at < ${hourAgo}::timestamptz
      AND (
        r.ok
        OR r.created_at < ${monthAgo}::timestamptz
        OR (r.client_id, r.mutation_id) IN (
          SELECT client_id, mutation_id FROM (
            SELECT client_id, mutation_id,
                   row_number() OVER (PARTITION BY client_id ORDER BY mutation_id DESC) AS n
            FROM sync_results WHERE NOT ok
          ) newest
          WHERE newest.n > ${REFUSALS_KEPT}
        )
      )
    RETURNING 1`)) as unknown as { rows: unknown[] };
  return gone.rows.length;
}

/** The answers a device has acknowledged (its pull's `acked`): it holds them, so they go. */
export async function dropAckedResults(db: Db, clientId: string, acked: number): Promise<void> {
  await db
    .delete(syncResults)
    .where(and(eq(syncResults.clientId, clientId), lte(syncResults.mutationId, acked)));
}

/**
 * Removes idle client rows: every one unused for CLIENT_IDLE_MS, and a user's beyond the newest
 * CLIENTS_KEPT once unused for longer than their answers are kept. Returns the rows removed.
 */
export async function pruneSyncClients(db: Db, nowMs: number): Promise<number> {
  const idle = new Date(nowMs - CLIENT_IDLE_MS).toISOString();
  const settled = new Date(nowMs - SYNC_RESULTS_RETENTION_MS).toISOString();
  const gone = (await db.execute(sql`
    DELETE FROM sync_clients WHERE id IN (
      SELECT id FROM (
        SELECT id, updated_at,
          row_number() OVER (PARTITION BY user_id ORDER BY updated_at DESC, id DESC) AS rank
        FROM sync_clients
      ) ranked
      WHERE updated_at < ${idle}::timestamptz
         OR (rank > ${CLIENTS_KEPT} AND updated_at < ${settled}::timestamptz)
    )
    RETURNING 1`)) as unknown as { rows: unknown[] };
  return gone.rows.length;
}

/** The tables whose rows come and go all day (answers, clients, counters, keys, queues, sessions). */
const CHURNING = [
  'sync_results',
  'sync_clients',
  'sync_changes',
  'throttles',
  'idempotency_keys',
  'outbound_messages',
  'sessions',
  'password_resets',
];

/**
 * VACUUM of the churning tables, after the hour's pruning: on PGlite nothing else reclaims the
 * space of deleted rows (no autovacuum runs in its single process), so without it the data folder
 * grows with every row ever written. PostgreSQL's autovacuum does this there.
 */
export async function vacuumChurn(db: Db): Promise<void> {
  await db.execute(sql.raw(`VACUUM ${CHURNING.join(', ')}`));
}
