// What a pull reads before it knows whether rows are needed (GET /api/sync/pull,
// routes/sync/sync.pull.handlers.ts): the client row, the user's change-log top and floor, the
// transactions running, and the change-log entries newer than the state a cookie names, in one
// call of sync_pull_state() (migrations 0016, 0022).
import type { Db } from '../db/client';
import { run, type Statement } from '../db/statement';
import type { PullCookie } from '../db/sync-cookie';

export interface PullState {
  /** The client row's user and last-applied id (none before its first push). */
  clientUser: string | null;
  last: number;
  /** The user's highest version in this snapshot, or their floor if higher. */
  top: number;
  floor: number;
  /** Transactions in progress when this snapshot was taken, and its xmin. */
  running: string[];
  xmin: string;
  /** The user's entries newer than the state the cookie names (empty without a cookie). */
  changed: { collection: string; row_id: string }[];
}

/** $1 client id, $2 user id, $3 the cookie's version, $4 its running transactions, $5 its xmin. */
const PULL_STATE: Statement = {
  name: 'sync_pull_state',
  text: 'SELECT * FROM sync_pull_state($1, $2, $3::bigint, $4::text::xid8[], $5::text::xid8)',
};

/**
 * Everything a pull reads before it knows whether rows are needed, in one call of
 * sync_pull_state() (migrations 0016, 0022; the first statement of the transaction, so it takes the
 * snapshot): the client row, the user's top version and floor, the running transactions, and
 * the entries newer than the state `cookie` names: above its version, or written by a
 * transaction that was running then. A named statement (src/server/db/statement.ts): parsed once
 * per connection, no SQL built per pull.
 */
export async function pullStateOf(
  db: Db,
  clientId: string,
  userId: string,
  cookie: PullCookie | null,
): Promise<PullState> {
  const [row] = await run<{
    client_user: string | null;
    last_mutation: string | number | null;
    top: string | number;
    floor_version: string | number | null;
    running: string[] | string;
    snapshot_xmin: string;
    changed: string | PullState['changed'];
  }>(db, PULL_STATE, [
    clientId,
    userId,
    cookie ? cookie.version : null,
    `{${cookie?.running.join(',') ?? ''}}`,
    cookie?.fromXid ?? null,
  ]);
  if (!row) throw new Error('sync_pull_state returned no row');
  const floor = Number(row.floor_version ?? 0);
  return {
    clientUser: row.client_user,
    last: Number(row.last_mutation ?? 0),
    top: Math.max(Number(row.top), floor),
    floor,
    running: textArray(row.running),
    xmin: String(row.snapshot_xmin),
    changed: typeof row.changed === 'string' ? JSON.parse(row.changed) : row.changed,
  };
}

/** A text[] as the driver gave it: parsed, or in PostgreSQL's literal form `{a,b}` (digits only here). */
function textArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value.map(String);
  const inner = value.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',') : [];
}
