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
    await table.where('syncState').equals('synced').delete();
    for (const row of rows) {
      const local = await table.get(row.id);
      if (local && local.syncState !== 'synced') continue;
      await table.put({ ...row, syncState: 'synced', syncError: null, outboxKey: null } as Synced<T>);
    }
    await setMeta(db, META.syncedAt(collection), store.now());
  });
}

/** The signed-in user's email, or an error naming what is missing. */
export function requireUser<S extends { email: string } | null>(session: S): NonNullable<S> {
  if (!session) throw new Error('User information is missing. Please login again.');
  return session as NonNullable<S>;
}
