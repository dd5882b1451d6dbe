// Row helpers shared by the local mutators: an optimistic row carries its entry's key and state
// and remembers what the server last confirmed, so a rebase or a discard can restore it.
import type { Table } from 'dexie';
import type { OutboxEntryBase } from '@/domain/outbox/entry';
import { deleteMany, getMany } from './bulk';
import type { Synced } from './tables';

/** Id of the optimistic row a command creates for entry `key`. */
export function localId(key: string): string {
  return `local-${key}`;
}

function marks(entry: OutboxEntryBase) {
  const failed = entry.state === 'failed';
  return {
    syncState: failed ? ('failed' as const) : ('pending' as const),
    // The refusal's code (the client words it); an entry refused by an older release has only the message.
    syncError: failed ? (entry.lastErrorCode ?? entry.lastError) : null,
    outboxKey: entry.key,
  };
}

/** A row only this device has yet (nothing confirmed behind it). */
export async function putLocalRow<T extends { id: string }>(
  table: Table<Synced<T>, string>,
  row: T,
  entry: OutboxEntryBase,
): Promise<void> {
  await table.put({ ...row, ...marks(entry), confirmed: null });
}

/** putLocalRow for many rows, each of its own entry, in one request. */
export async function putLocalRows<T extends { id: string }>(
  table: Table<Synced<T>, string>,
  items: readonly { row: T; entry: OutboxEntryBase }[],
): Promise<void> {
  await table.bulkPut(items.map(({ row, entry }) => ({ ...row, ...marks(entry), confirmed: null })));
}

/** The server's row without the local sync fields. */
export function plainRow<T extends { id: string }>(row: Synced<T>): T {
  const { syncState: _s, syncError: _e, outboxKey: _k, confirmed: _c, ...plain } = row;
  return plain as unknown as T;
}

/** Changes an existing row optimistically; its confirmed copy is kept from the first change. */
export async function patchRow<T extends { id: string }>(
  table: Table<Synced<T>, string>,
  id: string,
  patch: Partial<T>,
  entry: OutboxEntryBase,
): Promise<void> {
  const row = await table.get(id);
  if (!row) return;
  const confirmed = row.syncState === 'synced' ? plainRow(row) : (row.confirmed ?? null);
  await table.put({ ...row, ...patch, ...marks(entry), confirmed });
}

/**
 * The server's row, confirmed for `entry`; `replaces` is the optimistic row it stands in for. A
 * row a later entry has changed since keeps showing that change, over the new confirmed copy,
 * so settling never needs a rebase.
 */
export async function confirmRow<T extends { id: string }>(
  table: Table<Synced<T>, string>,
  row: T,
  entry: OutboxEntryBase,
  replaces?: string,
): Promise<void> {
  if (replaces && replaces !== row.id) await table.delete(replaces);
  const current = await table.get(row.id);
  if (current && current.syncState !== 'synced' && current.outboxKey !== entry.key) {
    await table.put({ ...current, confirmed: row });
    return;
  }
  await table.put({ ...row, syncState: 'synced', syncError: null, outboxKey: null });
}

/**
 * confirmRow for many, in order, with the same end state as calling it once per item: the rows
 * are read at once, the calls played in memory, and what they leave written at once (a delete
 * of the rows they removed, a bulkPut of the rest; reads and deletes by key range, bulk.ts).
 */
export async function confirmRows<T extends { id: string }>(
  table: Table<Synced<T>, string>,
  items: readonly { row: T; entry: OutboxEntryBase; replaces?: string | undefined }[],
): Promise<void> {
  if (items.length === 0) return;
  const ids = [...new Set(items.map((i) => i.row.id))];
  const stored = await getMany(table, ids);
  // What each id holds after the calls so far: a row, or null once deleted.
  const state = new Map<string, Synced<T> | null>();
  ids.forEach((id, i) => {
    state.set(id, stored[i] ?? null);
  });
  const touched = new Set<string>();
  for (const { row, entry, replaces } of items) {
    if (replaces && replaces !== row.id) {
      state.set(replaces, null);
      touched.add(replaces);
    }
    const current = state.get(row.id) ?? null;
    touched.add(row.id);
    if (current && current.syncState !== 'synced' && current.outboxKey !== entry.key) {
      state.set(row.id, { ...current, confirmed: row });
      continue;
    }
    state.set(row.id, { ...row, syncState: 'synced', syncError: null, outboxKey: null } as Synced<T>);
  }
  const deletes: string[] = [];
  const puts: Synced<T>[] = [];
  for (const id of touched) {
    const r = state.get(id);
    if (r) puts.push(r);
    else deletes.push(id);
  }
  await deleteMany(table, deletes);
  await table.bulkPut(puts);
}
