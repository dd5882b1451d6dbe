// The upgrades of the local mirror's earlier versions (db-versions.ts): what each does to the
// rows and outbox entries a previous release stored, so they go on being shown and sent once.
import type { Transaction } from 'dexie';
import { upgradeEntryToV4 } from './db-upgrade-entry';
import type { PhotoRow } from './tables';

const SYNCED_TABLES = ['listings', 'bookings', 'orders'] as const;

/** v2: version 1 rows were written before sync state existed: they came from the server. */
export async function upgradeToV2(tx: Transaction): Promise<void> {
  for (const table of SYNCED_TABLES) {
    await tx
      .table(table)
      .toCollection()
      .modify((row: Record<string, unknown>) => {
        row.syncState ??= 'synced';
        row.syncError ??= null;
        row.outboxKey ??= null;
      });
  }
  await tx
    .table('outbox')
    .toCollection()
    .modify((entry: Record<string, unknown>) => {
      entry.state ??= 'queued';
      entry.attempts ??= 0;
      entry.nextAttemptAt ??= 0;
      entry.lastError ??= null;
    });
}

/** v4: entries take the v4 shape (upgradeEntryToV4), their photos move to their own table. */
export async function upgradeToV4(tx: Transaction): Promise<void> {
  const photos: PhotoRow[] = [];
  const entries: Record<string, unknown>[] = await tx.table('outbox').toArray();
  await confirmV3Rows(tx, entries);
  for (const entry of entries) upgradeEntryToV4(entry, (photo) => photos.push(photo));
  await tx.table('outbox').bulkPut(entries);
  await tx.table('photos').bulkPut(photos);
}

/** v6: pull cookies go (a cookie of v5 names a state whose watched rows and messages were never stored). */
export function upgradeToV6(tx: Transaction): Promise<number> {
  return tx.table('meta').where('key').startsWith('pullCookie:').delete();
}

/** v7: pull cookies go again (a cookie of v6 names a state whose courier requests were never stored). */
export const upgradeToV7 = upgradeToV6;

/**
 * v3 rows changed by a pending entry have no `confirmed` copy (v4 added it). A status update's
 * order row is confirmed with the status it replaced (only its v3 payload still knows it); the
 * other rows get theirs in upgradeToV5. Runs before the entries lose their payload.
 */
async function confirmV3Rows(tx: Transaction, entries: Record<string, unknown>[]): Promise<void> {
  for (const entry of entries) {
    if (entry.kind !== 'status-update') continue;
    const payload = (entry.payload ?? {}) as { listingId?: unknown; prevStatus?: unknown };
    if (typeof payload.listingId !== 'string' || typeof payload.prevStatus !== 'string') continue;
    const row = (await tx.table('orders').get(payload.listingId)) as Record<string, unknown> | undefined;
    if (!row || row.outboxKey !== entry.key || row.confirmed !== undefined) continue;
    const { syncState: _s, syncError: _e, outboxKey: _k, confirmed: _c, ...plain } = row;
    await tx.table('orders').put({ ...row, confirmed: { ...plain, status: payload.prevStatus } });
  }
}

/** Rows changed by a pending entry and still without a `confirmed` copy (written before v4). */
async function confirmUnconfirmedRows(tx: Transaction): Promise<void> {
  for (const name of SYNCED_TABLES) {
    await tx
      .table(name)
      .where('syncState')
      .anyOf(['pending', 'failed'])
      .modify((row: Record<string, unknown>) => {
        if (row.confirmed !== undefined) return;
        // A row only this device has (the optimistic row of an add or a booking) has nothing
        // behind it; any other is the server's row with a local change on top: the best copy of
        // what the server said until the next pull (a whole snapshot) brings the real one.
        const { syncState: _s, syncError: _e, outboxKey: _k, ...plain } = row;
        row.confirmed = String(row.id).startsWith('local-') ? null : plain;
      });
  }
}

/**
 * v5: (1) every entry not numbered yet may have been sent by the v3 release over REST under its
 * key (an entry upgraded by v4 lost that trace): it keeps the key as its Idempotency-Key;
 * (2) rows without a confirmed copy get one; (3) a booking upgraded with no price finds it in its
 * optimistic row or the search results, or shows the price as unknown; (4) pull cookies go, so
 * the next pull brings every row as the server has it.
 */
export async function upgradeToV5(tx: Transaction): Promise<void> {
  const outbox = tx.table('outbox');
  const entries: Record<string, unknown>[] = await outbox.toArray();
  for (const entry of entries) {
    if (entry.mutationId === null && entry.idempotencyKey == null) entry.idempotencyKey = entry.key;
    const local = entry.local as { costPerKg?: unknown } | undefined;
    if (entry.kind === 'book' && local && local.costPerKg === 0)
      local.costPerKg = await priceOfBooking(tx, entry);
  }
  await outbox.bulkPut(entries);
  await confirmUnconfirmedRows(tx);
  await tx.table('meta').where('key').startsWith('pullCookie:').delete();
}

/** The price per KG of a queued booking: from its optimistic row, else its listing's search result; NaN: unknown. */
async function priceOfBooking(tx: Transaction, entry: Record<string, unknown>): Promise<number> {
  const args = (entry.args ?? {}) as { weight?: unknown; listingId?: unknown };
  const row = (await tx.table('bookings').get(`local-${String(entry.key)}`)) as
    | { cost?: unknown; weight?: unknown }
    | undefined;
  const weight = Number(row?.weight ?? args.weight);
  const cost = Number(row?.cost);
  if (Number.isFinite(cost) && cost > 0 && weight > 0) return cost / weight;
  if (typeof args.listingId === 'string') {
    const result = (await tx.table('searchResults').where('id').equals(args.listingId).first()) as
      | { cost?: unknown }
      | undefined;
    const perKg = Number(result?.cost);
    if (Number.isFinite(perKg) && perKg > 0) return perKg;
  }
  return Number.NaN;
}
