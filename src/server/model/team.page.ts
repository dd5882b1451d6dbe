// The console's pages: keyset cursors (the last row's sort key, opaque to the client) so a page
// costs the same at row 50 and at row 100,000, and the `next` cursor is there only when more follow.
import { and, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

export interface Page<T> {
  items: T[];
  next: string | null;
}

type Key = [number, string];

export function encodeCursor(key: Key): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** The cursor's key, or null for the first page (a cursor that does not parse starts over). */
export function decodeCursor(cursor: string): Key | null {
  if (!cursor) return null;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(key) && typeof key[0] === 'number' && typeof key[1] === 'string')
      return [key[0], key[1]];
  } catch {
    // Not ours: the first page.
  }
  return null;
}

/** Rows after `cursor` in (at DESC, id DESC) order. */
export function afterCursor(at: AnyPgColumn, id: AnyPgColumn, cursor: string): SQL | undefined {
  const key = decodeCursor(cursor);
  if (!key) return undefined;
  const when = new Date(key[0]);
  return or(lt(at, when), and(sql`${at} = ${when}`, lt(id, key[1])));
}

/** Fetched `limit + 1` rows: the page, and a cursor when the extra row says more follow. */
export function pageOf<R, T>(rows: R[], limit: number, keyOf: (row: R) => Key, map: (row: R) => T): Page<T> {
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  const last = shown.at(-1);
  return { items: shown.map(map), next: more && last ? encodeCursor(keyOf(last)) : null };
}
