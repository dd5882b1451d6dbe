// What a local mutator is: the device side of one mutation kind. `apply` is the optimistic
// effect (run when the change is queued, and again on every rebase over newer server rows);
// `settle` writes the server's answer as the new confirmed rows. Both run inside the caller's
// transaction over mutationTables().
import type { OutboxEntryOf } from '@/domain/outbox/entry';
import type { MutationArgs, MutationKind } from '@/domain/sync/mutations';
import type { AppDb } from '../db';

export interface LocalContext {
  db: AppDb;
  now: number;
}

export interface LocalMutator<K extends MutationKind> {
  /** A short human name for the waiting list. */
  label(args: MutationArgs<K>): string;
  apply(ctx: LocalContext, entry: OutboxEntryOf<K>): Promise<void>;
  settle(ctx: LocalContext, entry: OutboxEntryOf<K>, body: Record<string, unknown>): Promise<void>;
  /**
   * The server refused the entry with `code`: true when this kind has dealt with it (the entry is
   * then dropped rather than kept as failed for Retry and Discard). Absent: always kept.
   */
  refused?(ctx: LocalContext, entry: OutboxEntryOf<K>, code: string, message: string): Promise<boolean>;
}
