// The sync protocol's stored push answers (sync_results), by client and mutation id: written with
// the mutations' effects in the push's transaction, read back by a repeat of an id already
// applied and by a pull that asks for the answers above what the device acknowledged. How long
// they are kept is sync.retention.ts.
import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { syncResults } from '../db/schema';

/** A push answer as stored (its body as routes/sync/sync.push-results.ts makes it). */
export type NewSyncResult = typeof syncResults.$inferInsert;

/** The stored answers of these mutation ids of the client (those not pruned). */
export function resultsOf(tx: Tx, clientId: string, ids: number[]) {
  return tx
    .select()
    .from(syncResults)
    .where(and(eq(syncResults.clientId, clientId), inArray(syncResults.mutationId, ids)));
}

/** The client's stored answers above `acked`, up to `last`, in id order. */
export function resultsBetween(db: Db, clientId: string, acked: number, last: number) {
  return db
    .select()
    .from(syncResults)
    .where(
      and(
        eq(syncResults.clientId, clientId),
        gt(syncResults.mutationId, acked),
        lte(syncResults.mutationId, last),
      ),
    )
    .orderBy(asc(syncResults.mutationId));
}

/** Stores a part's answers, in the transaction that applied it. */
export async function storeResults(tx: Tx, rows: NewSyncResult[]) {
  await tx.insert(syncResults).values(rows);
}
