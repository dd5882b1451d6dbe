// The sync protocol's client rows (sync_clients): one per device database a user pushes from,
// holding the last mutation id applied for it and the protocol it spoke. A push locks its row
// (created at last-applied 0 when absent, which is also how an evicted client comes back) and
// moves it on with its answers; a user keeps CLIENTS_PER_USER rows with nothing applied, the
// newest (routes/sync/sync.pull-guard.ts says why). The hourly housekeeping of idle rows is
// sync.retention.ts.
import { and, desc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { syncClients } from '../db/schema';
import type { SessionUser } from '../deps';
import { ApiError } from '../http/errors';

/** Client rows with nothing applied a user keeps (rows with an applied id are always kept). */
export const CLIENTS_PER_USER = 10;

/** The protocol the client last pushed in (migration 0028), or null for a client with no row. */
export async function clientProtocol(db: Db, clientId: string): Promise<number | null> {
  const [client] = await db
    .select({ protocol: syncClients.protocol })
    .from(syncClients)
    .where(eq(syncClients.id, clientId));
  return client ? client.protocol : null;
}

/**
 * The client's row, locked for the push's transaction; created (at last-applied 0) when absent,
 * which is also how an evicted client comes back. Another user's client is refused.
 */
export async function lockClient(tx: Tx, clientId: string, user: SessionUser, nowMs: number) {
  await tx
    .insert(syncClients)
    .values({ id: clientId, userId: user.id, lastMutationId: 0, updatedAt: new Date(nowMs) })
    .onConflictDoNothing();
  const [client] = await tx.select().from(syncClients).where(eq(syncClients.id, clientId)).for('update');
  if (!client || client.userId !== user.id) throw new ApiError('sync/client-mismatch');
  return client;
}

/** The client's new last-applied id and protocol, written with the answers in the push's transaction. */
export async function markApplied(tx: Tx, clientId: string, last: number, now: Date, protocol: number) {
  await tx
    .update(syncClients)
    .set({ lastMutationId: last, updatedAt: now, protocol })
    .where(eq(syncClients.id, clientId));
}

/**
 * Evicts the user's oldest client rows beyond CLIENTS_PER_USER among those that guard nothing (no
 * mutation applied). A row a push holds locked right now is skipped, never waited for.
 */
export async function capClients(db: Db, userId: string, keepId: string) {
  const evictable = eq(syncClients.lastMutationId, 0);
  const newest = db
    .select({ id: syncClients.id })
    .from(syncClients)
    .where(and(eq(syncClients.userId, userId), ne(syncClients.id, keepId), evictable))
    .orderBy(desc(syncClients.updatedAt), desc(syncClients.id))
    .limit(CLIENTS_PER_USER - 1);
  const victims = db
    .select({ id: syncClients.id })
    .from(syncClients)
    .where(
      and(
        eq(syncClients.userId, userId),
        ne(syncClients.id, keepId),
        evictable,
        notInArray(syncClients.id, newest),
      ),
    )
    .for('update', { skipLocked: true });
  await db.delete(syncClients).where(inArray(syncClients.id, victims));
}

/** Whether the user has more idle client rows than the cap (a cheap check before capClients runs). */
export async function overClientCap(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(syncClients)
    .where(and(eq(syncClients.userId, userId), eq(syncClients.lastMutationId, 0)))
    .limit(CLIENTS_PER_USER + 1);
  return rows.length > CLIENTS_PER_USER;
}
