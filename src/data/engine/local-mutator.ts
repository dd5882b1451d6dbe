// What a local mutator is: the device side of one mutation kind. `apply` is the optimistic
// effect (run when the change is queued, and again on every rebase over newer server rows);
// `settle` writes the server's answer as the new confirmed rows. Both run inside the caller's
// transaction over mutationTables(). The optional parts say what else the kind needs from the
// generic pusher, scheduler and waiting list (which name no kind): a photo to wait for, its args
// completed just before the first send, and what a rebase must give back. The features write one
// per kind and hand the engine the whole set (LocalMutators) when the store is made.
import type { OutboxEntryOf } from '@/domain/outbox/entry';
import type { MutationArgs, MutationKind } from '@/domain/sync/mutations';
import type { AppDb } from './db';

export interface LocalContext {
  db: AppDb;
  now: number;
}

/** An entry and the body the server answered it with. */
export interface Settled<K extends MutationKind> {
  entry: OutboxEntryOf<K>;
  body: Record<string, unknown>;
}

/**
 * What the waiting list calls a change, in no language: the client renders `sync.change.<key>` of
 * its catalogue with `values` (docs/i18n.md). `date` values are ISO days ('2099-05-01'), formatted
 * in the user's language by the client.
 */
export type ChangeLabelKey =
  | 'addListing'
  | 'block'
  | 'book'
  | 'cancelBooking'
  | 'complete'
  | 'contact'
  | 'courier'
  | 'editListing'
  | 'message'
  | 'paymentClaim'
  | 'paymentConfirmed'
  | 'paymentDisputed'
  | 'paymentReceived'
  | 'rate'
  | 'readMessages'
  | 'removeUpi'
  | 'report'
  | 'reportMessage'
  | 'setLocale'
  | 'setUpi'
  | 'statusUpdate'
  | 'unblock'
  | 'unreadable'
  | 'unwatch'
  | 'watch'
  | 'withdrawCourier'
  | 'withdrawListing';

export interface ChangeLabel {
  key: ChangeLabelKey;
  values?: Record<string, string | number>;
}

export interface LocalMutator<K extends MutationKind> {
  /** A short name for the waiting list (a message id and its parameters, in no language). */
  label(args: MutationArgs<K>): ChangeLabel;
  apply(ctx: LocalContext, entry: OutboxEntryOf<K>): Promise<void>;
  /**
   * apply for several entries of this kind at once, in their order, with the same effect as
   * applying them one after another, in fewer requests (a rebase over a long queue). Absent: one
   * by one.
   */
  applyAll?(ctx: LocalContext, entries: readonly OutboxEntryOf<K>[]): Promise<void>;
  settle(ctx: LocalContext, entry: OutboxEntryOf<K>, body: Record<string, unknown>): Promise<void>;
  /**
   * settle for several entries of this kind at once, in their order, with the same effect as
   * settling them one after another, in fewer requests (a long queue's drain). Absent: one by one.
   */
  settleAll?(ctx: LocalContext, settled: readonly Settled<K>[]): Promise<void>;
  /**
   * The server refused the entry with `code`: true when this kind has dealt with it (the entry is
   * then dropped rather than kept as failed for Retry and Discard). Absent: always kept.
   */
  refused?(ctx: LocalContext, entry: OutboxEntryOf<K>, code: string, message: string): Promise<boolean>;
  /**
   * The photo (photos table id) that must be uploaded before the entry is first sent; null or
   * absent: none. The photo lane uploads it, and drops it once no entry of its user needs it.
   */
  waitsFor?(entry: OutboxEntryOf<K>): string | null;
  /** The entry's local extras waiting for photo `id` instead (a photo moved to its own user). */
  waitFor?(entry: OutboxEntryOf<K>, id: string): OutboxEntryOf<K>['local'];
  /**
   * Refusal codes that mean the server no longer has the entry's uploaded photo: Retry uploads it
   * again from the device's copy (the waiting list offers "Upload the photo again").
   */
  photoGone?: readonly string[];
  /** The args sent the first time, from what the entry waited for (the uploaded photo's url). */
  prepare?(entry: OutboxEntryOf<K>, ready: { photoUrl: string | null }): MutationArgs<K>;
  /**
   * Before a rebase applies the entries again: undo what `apply` changed beyond the synced rows
   * (which the rebase puts back itself), e.g. the space a booking took from search results. Once
   * per rebase, for every kind.
   */
  restore?(ctx: LocalContext): Promise<void>;
}

/** One local mutator per kind of src/domain/sync/mutations: a missing kind does not compile. */
export type LocalMutators = { [K in MutationKind]: LocalMutator<K> };
