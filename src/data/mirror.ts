// Mirror refresh: the server's rows replace the local copy in one transaction, except rows
// with unsent local changes, which stay until the outbox has delivered them.
import type { Table } from 'dexie';
import type { Synced } from './db';
import { META, setMeta } from './meta';
import type { Store } from './store';

export async function replaceMirror<T extends { id: string }>(
  store: Store,
  table: Table<Synced<T>, string>,
  rows: readonly T[],
  collection: string,
): Promise<void> {
  const { db } = store;
  await db.transaction('rw', table, db.meta, async () => {
    // Keys only (no row values): which rows are synced, and which hold unsent changes.
    const synced = new Set(await table.where('syncState').equals('synced').primaryKeys());
    const held = new Set((await table.toCollection().primaryKeys()).filter((id) => !synced.has(id)));
    const fromServer = new Set(rows.map((r) => r.id));
    await table.bulkDelete([...synced].filter((id) => !fromServer.has(id)));
    await table.bulkPut(
      rows
        .filter((row) => !held.has(row.id))
        .map((row) => ({ ...row, syncState: 'synced', syncError: null, outboxKey: null }) as Synced<T>),
    );
    await setMeta(db, META.syncedAt(collection), store.now());
  });
}

/** The signed-in user's email, or an error naming what is missing. */
export function requireUser<S extends { email: string } | null>(session: S): NonNullable<S> {
  if (!session) throw new Error('User information is missing. Please login again.');
  return session as NonNullable<S>;
}
