// One path for the server's word on an entry, whichever brings it first: the push's answer or a
// pull's results (the push answer may be lost, or slower than a pull started at the same
// moment). Applied: the entry goes and its rows are confirmed (settle); refused: the kind deals
// with it (a wrong hand-off code) or the entry and its rows are marked failed with the server's
// code, for Retry and Discard. The second to arrive finds no entry for that id and does
// nothing. Runs inside the caller's transaction over mutationTables(); the caller drops the
// settled entries in bulk (one request per batch, not one per entry), then rebases if asked.
// applyResults takes a whole push answer: applied entries settle by kind in runs (a kind's
// settleAll), refused ones are written back and their rows marked in bulk.
import { NOT_FAILING, type OutboxEntry } from '@/domain/outbox/entry';
import type { PushResult } from '@/domain/sync/protocol';
import type { AppDb } from './db';
import { handlesRefusal, refuseEntry, type SyncContext, settleEntries } from './kinds';

export interface ResultApplied {
  outcome: 'sent' | 'failed';
  /** The entry is done with: the caller deletes it. */
  drop: boolean;
  /** The kind dropped a refused entry itself: its rows must go back to what the server confirmed. */
  rebase: boolean;
}

/** Marks the rows of the entries in `codes` (outbox key -> the refusal's code) failed. */
async function markRowsFailed(db: AppDb, codes: Map<string, string>): Promise<void> {
  if (codes.size === 0) return;
  const keys = [...codes.keys()];
  const mark = (row: { syncState: string; syncError: string | null; outboxKey: string | null }) => {
    row.syncState = 'failed';
    row.syncError = codes.get(row.outboxKey ?? '') ?? null;
  };
  // One query per table for the whole batch, not one per entry.
  await db.listings.where('outboxKey').anyOf(keys).modify(mark);
  await db.bookings.where('outboxKey').anyOf(keys).modify(mark);
  await db.orders.where('outboxKey').anyOf(keys).modify(mark);
  await db.watches.where('outboxKey').anyOf(keys).modify(mark);
  await db.messages.where('outboxKey').anyOf(keys).modify(mark);
  await db.reads.where('outboxKey').anyOf(keys).modify(mark);
  await db.couriers.where('outboxKey').anyOf(keys).modify(mark);
}

/** The entry as stored once the server refused it, for Retry and Discard. */
function refusedEntry(entry: OutboxEntry, result: PushResult & { ok: false }): OutboxEntry {
  return {
    ...entry,
    state: 'failed',
    attempts: entry.attempts + 1,
    failingSince: null,
    ...NOT_FAILING,
    lastError: result.message,
    lastErrorCode: result.code,
  };
}

/**
 * Applies `result` to `entry` (as stored now). `rows`: whether the rows may change too (false
 * when the answer belongs to an ended session: only the entry is settled).
 */
export async function applyResult(
  ctx: SyncContext,
  entry: OutboxEntry,
  result: PushResult,
  rows: boolean,
): Promise<ResultApplied> {
  const [applied] = await applyResults(ctx, [{ entry, result }], rows);
  return applied as ResultApplied;
}

export interface Answered {
  /** The entry as stored now. */
  entry: OutboxEntry;
  result: PushResult;
}

/**
 * applyResult for many entries at once, in their order, with the same outcome each: the applied
 * ones settle through their kind (a run of one kind in one call, settleEntries), and the refused
 * ones are written back and their rows marked in bulk at the end (one request per table for the
 * whole batch, rather than seven per entry). Deferring the marks changes nothing: a row marked
 * for entry A carries A's key, so it is A's latest change, and no later entry's settling touches
 * its sync state (confirmRow keeps a row another entry changed as it is, failed or pending).
 */
export async function applyResults(
  ctx: SyncContext,
  answered: readonly Answered[],
  rows: boolean,
): Promise<ResultApplied[]> {
  const { db } = ctx;
  const out: ResultApplied[] = [];
  const refused: OutboxEntry[] = [];
  const codes = new Map<string, string>();
  // Only Dexie work is awaited here, and only when there is some: the transaction's zone does not
  // survive a run of native awaits with no request in between (PrematureCommitError).
  let run: { entry: OutboxEntry; body: Record<string, unknown> }[] = [];
  for (const { entry, result } of answered) {
    if (result.ok) {
      if (rows && run.length && run[0]?.entry.kind !== entry.kind) {
        await settleEntries(ctx, run);
        run = [];
      }
      run.push({ entry, body: result.body });
      out.push({ outcome: 'sent', drop: true, rebase: false });
      continue;
    }
    if (rows && run.length) {
      await settleEntries(ctx, run);
      run = [];
    }
    if (
      rows &&
      handlesRefusal(ctx.mutators, entry) &&
      (await refuseEntry(ctx, entry, result.code, result.message))
    ) {
      // The kind dealt with the refusal itself (a wrong hand-off code): the entry goes, and its
      // rows return to what the server confirmed (the caller's rebase), as a Discard leaves them.
      out.push({ outcome: 'failed', drop: true, rebase: true });
      continue;
    }
    refused.push(refusedEntry(entry, result));
    // Its rows keep showing the change, marked failed with the refusal's code (the client words it).
    if (rows) codes.set(entry.key, result.code);
    out.push({ outcome: 'failed', drop: false, rebase: false });
  }
  if (rows && run.length) await settleEntries(ctx, run);
  if (refused.length) await db.outbox.bulkPut(refused);
  if (codes.size) await markRowsFailed(db, codes);
  return out;
}
