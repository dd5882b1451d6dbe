// What a pull and a push may store, so that reads do not grow the database and a user inventing
// client ids cannot fill it:
// - a pull writes nothing: no client row, no record of what it sent (its cookie names the state
//   by change-log version, db/sync-cookie.ts); it only deletes the push answers its `acked` says
//   the device holds (model/sync.retention.ts);
// - a pull is an API call the app makes with fetch: a top-level navigation to it, or a request
//   from another site (which a Lax session cookie still accompanies), is refused before it reads;
// - a push binds its client id; a user keeps CLIENTS_PER_USER client rows with nothing applied
//   (last-applied id 0), the newest. Evicting one loses nothing: lockClient recreates it at 0 for a
//   push that comes back. A row with an applied id is not evicted here: it is what keeps a repeat
//   of an id whose answer was pruned from being applied again (docs/api.md, "Sync results");
//   the hourly housekeeping removes idle ones (pruneSyncClients), and the push budget bounds how
//   fast an account makes them.
import { and, desc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { AppConfig } from '../../config';
import type { Db, Tx } from '../../db/client';
import { syncClients } from '../../db/schema';
import type { AppEnv, SessionUser } from '../../deps';
import { ApiError } from '../../http/errors';

/** Client rows with nothing applied a user keeps (rows with an applied id are always kept). */
export const CLIENTS_PER_USER = 10;

/**
 * 403 sync/cross-site for a pull the app did not make: a navigation (Sec-Fetch-Mode: navigate;
 * the app only ever fetches it) or a request from another site, unless it carries the Origin of
 * a configured CORS origin (an app served from another site calls the API that way). A
 * middleware, placed before the query's validator: such a pull is refused before its input is read.
 */
export function refuseForeignPulls(config: AppConfig): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.header('sec-fetch-mode') === 'navigate') throw new ApiError('sync/cross-site');
    if (c.req.header('sec-fetch-site') === 'cross-site') {
      const origin = c.req.header('origin');
      const publicOrigin = config.publicUrl ? new URL(config.publicUrl).origin : null;
      if (!origin || !(config.corsOrigins.includes(origin) || origin === publicOrigin))
        throw new ApiError('sync/cross-site');
    }
    await next();
  };
}

/**
 * The client's row, locked for the push's transaction; created (at last-applied 0) when absent,
 * which is also how an evicted client comes back. Another user's client is refused.
 */
export async function lockClient(tx: Tx, clientId: string, user: SessionUser, nowMs: number) {
  // One statement (a push's every part begins with it): the insert, or, on conflict, a no-op
  // update of the user's own row, which locks and returns it. Another user's row is locked too
  // but not returned.
  const [client] = await tx
    .insert(syncClients)
    .values({ id: clientId, userId: user.id, lastMutationId: 0, updatedAt: new Date(nowMs) })
    .onConflictDoUpdate({
      target: syncClients.id,
      set: { id: sql`excluded.id` },
      setWhere: eq(syncClients.userId, user.id),
    })
    .returning();
  if (!client) throw new ApiError('sync/client-mismatch');
  return client;
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
