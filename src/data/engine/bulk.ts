// Reads and deletes of many rows by key in a few IndexedDB requests instead of one per key.
// Dexie's bulkGet and bulkDelete send a request per key: for the 1,000 entries of a drained
// queue, each such call cost 100-350 ms in Chromium, where a read or a delete of a key range is
// one request (5-25 ms). Both helpers read the key range the keys span in one request and work
// from it; when that range holds many other rows too (keys spread over a large table), they fall
// back to the request per key. Same results as bulkGet / bulkDelete; call them inside a
// transaction over the table, so the range read and what follows see the same rows.
import type { Table } from 'dexie';

/** Below this many keys, a request per key costs about as much as the range's read. */
const FEW = 16;
/** The range read is worth it while the range holds at most this many rows per key asked. */
const SPREAD = 4;

/** Keys as IndexedDB orders strings (by UTF-16 code unit, as `<` compares them), once each. */
function sortedUnique(keys: readonly string[]): string[] {
  return [...new Set(keys)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** bulkGet: the rows of `keys`, in their order, undefined where none. */
export async function getMany<T>(
  table: Table<T, string>,
  keys: readonly string[],
): Promise<(T | undefined)[]> {
  const sorted = sortedUnique(keys);
  const lo = sorted[0];
  const hi = sorted.at(-1);
  if (keys.length < FEW || lo === undefined || hi === undefined) return table.bulkGet([...keys]);
  const range = table.where(':id').between(lo, hi, true, true);
  if ((await range.count()) > sorted.length * SPREAD) return table.bulkGet([...keys]);
  const rows = await range.toArray();
  const pk = table.schema.primKey.keyPath as string;
  const byKey = new Map(rows.map((r) => [(r as Record<string, unknown>)[pk] as string, r]));
  return keys.map((k) => byKey.get(k));
}

/**
 * bulkDelete: the rows of `keys` go. The keys stored between the lowest and the highest are
 * read (keys only), and each run of them that are all to go is deleted as one range: the rows
 * between, not asked for, stay.
 */
export async function deleteMany<T>(table: Table<T, string>, keys: readonly string[]): Promise<void> {
  const sorted = sortedUnique(keys);
  const lo = sorted[0];
  const hi = sorted.at(-1);
  if (keys.length < FEW || lo === undefined || hi === undefined) {
    await table.bulkDelete([...keys]);
    return;
  }
  const stored = (await table.where(':id').between(lo, hi, true, true).primaryKeys()) as string[];
  if (stored.length > sorted.length * SPREAD) {
    await table.bulkDelete([...keys]);
    return;
  }
  const doomed = new Set(sorted);
  // Runs of consecutive stored keys that all go, as [first, last].
  const runs: [string, string][] = [];
  let run: [string, string] | null = null;
  for (const key of stored) {
    if (!doomed.has(key)) {
      run = null;
      continue;
    }
    if (run) run[1] = key;
    else {
      run = [key, key];
      runs.push(run);
    }
  }
  // Scattered between rows that stay: a range each would be no fewer requests.
  if (runs.length * 2 > sorted.length) {
    await table.bulkDelete([...keys]);
    return;
  }
  for (const [first, last] of runs) await table.where(':id').between(first, last, true, true).delete();
}

/** Whether two stored rows hold the same (JSON-like values; a property set to undefined counts as absent). */
export function sameRow(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => sameRow(x, b[i]));
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const ka = Object.keys(ra).filter((k) => ra[k] !== undefined);
  const kb = Object.keys(rb).filter((k) => rb[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(rb, k) && sameRow(ra[k], rb[k]));
}

/**
 * bulkPut of the rows that differ from what is stored: a row stored exactly as given (the push's
 * answer confirmed it, and the pull that follows brings it again) is not written again. Writing
 * it would store the same value: skipping it changes nothing but the time.
 */
export async function putChanged<T>(table: Table<T, string>, rows: readonly T[]): Promise<void> {
  if (rows.length === 0) return;
  const pk = table.schema.primKey.keyPath as string;
  const ids = rows.map((r) => (r as Record<string, unknown>)[pk] as string);
  // A key given twice: the last one given wins, as bulkPut leaves it.
  if (new Set(ids).size < ids.length) {
    await table.bulkPut([...rows]);
    return;
  }
  const stored = await getMany(table, ids);
  const changed = rows.filter((r, i) => !sameRow(stored[i], r));
  await table.bulkPut(changed);
}

/**
 * clear() then bulkPut(rows), writing only what differs: the stored rows not among `rows` go,
 * the rows not stored exactly as given are put (a whole snapshot that brings back the rows the
 * push's answer has just confirmed rewrites none of them).
 */
export async function replaceAll<T>(table: Table<T, string>, rows: readonly T[]): Promise<void> {
  const pk = table.schema.primKey.keyPath as string;
  const keep = new Set(rows.map((r) => (r as Record<string, unknown>)[pk] as string));
  const stored = (await table.toCollection().primaryKeys()) as string[];
  const gone = stored.filter((k) => !keep.has(k));
  // Nothing stored worth keeping: clear and put, as before.
  if (gone.length === stored.length) {
    await table.clear();
    await table.bulkPut([...rows]);
    return;
  }
  await deleteMany(table, gone);
  await putChanged(table, rows);
}
