// One path for the server's word on an entry, whichever brings it first: the push's answer or a
// pull's results (the push answer may be lost, or slower than a pull started at the same
// moment). Applied: the entry goes and its rows are confirmed (settle); refused: the kind deals
// with it (a wrong hand-off code) or the entry and its rows are marked failed with the server's
// message, for Retry and Discard. The second to arrive finds no entry for that id and does
// nothing. Runs inside the caller's transaction over mutationTables(); the caller drops the
// settled entries in bulk (one request per batch, not one per entry), then rebases if asked.
import { NOT_FAILING, type OutboxEntry } from '@/domain/outbox/entry';
import type { PushResult } from '@/domain/sync/protocol';
import type { AppDb } from './db';
import { type LocalContext, refuseEntry, settleEntry } from './mutators';

export interface ResultApplied {
  outcome: 'sent' | 'failed';
  /** The entry is done with: the caller deletes it. */
  drop: boolean;
  /** The kind dropped a refused entry itself: its rows must go back to what the server confirmed. */
  rebase: boolean;
}

async function markRowsFailed(db: AppDb, key: string, message: string): Promise<void> {
  const mark = (row: { syncState: string; syncError: string | null }) => {
    row.syncState = 'failed';
    row.syncError = message;
  };
  await db.listings.where('outboxKey').equals(key).modify(mark);
  await db.bookings.where('outboxKey').equals(key).modify(mark);
  await db.orders.where('outboxKey').equals(key).modify(mark);
  await db.watches.where('outboxKey').equals(key).modify(mark);
  await db.messages.where('outboxKey').equals(key).modify(mark);
  await db.reads.where('outboxKey').equals(key).modify(mark);
}

/**
 * Applies `result` to `entry` (as stored now). `rows`: whether the rows may change too (false
 * when the answer belongs to an ended session: only the entry is settled).
 */
export async function applyResult(
  ctx: LocalContext,
  entry: OutboxEntry,
  result: PushResult,
  rows: boolean,
): Promise<ResultApplied> {
  const { db } = ctx;
  if (result.ok) {
    if (rows) await settleEntry(ctx, entry, result.body);
    return { outcome: 'sent', drop: true, rebase: false };
  }
  if (rows && (await refuseEntry(ctx, entry, result.code, result.message))) {
    // The kind dealt with the refusal itself (a wrong hand-off code): the entry goes, and its
    // rows return to what the server confirmed (the caller's rebase), as a Discard leaves them.
    return { outcome: 'failed', drop: true, rebase: true };
  }
  await db.outbox.update(entry.key, {
    state: 'failed',
    attempts: entry.attempts + 1,
    failingSince: null,
    ...NOT_FAILING,
    lastError: result.message,
    lastErrorCode: result.code,
  });
  // Its rows keep showing the change, marked failed with the server's reason.
  if (rows) await markRowsFailed(db, entry.key, result.message);
  return { outcome: 'failed', drop: false, rebase: false };
}
