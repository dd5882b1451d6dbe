// The shape of a queued change: a mutation of the registry (src/domain/sync/mutations) as the
// device keeps it until the server has applied it. Entries are a discriminated union on `kind`.
import type { MutationArgs, MutationKind } from '../sync/mutations';

/** The Background Sync tag under which the page asks the service worker to replay the outbox. */
export const OUTBOX_SYNC_TAG = 'carry-outbox';

export type OutboxKind = MutationKind;

/** queued: waiting or backing off; sending: in a push; failed: refused, needs the user. */
export type OutboxState = 'queued' | 'sending' | 'failed';

/** The local copy of a record the outbox will send. */
export type SyncState = 'synced' | 'pending' | 'failed';

/** What a kind keeps on the device beside its arguments (never sent). */
export interface LocalExtras {
  /** The listing's price per KG, for the optimistic booking's total. */
  book: { costPerKg: number };
  /** The photo (photos table id) that must be uploaded before the request can go. */
  courier: { photo: string | null };
}
export type ExtrasOf<K extends MutationKind> = K extends keyof LocalExtras
  ? LocalExtras[K]
  : Record<string, never>;

export interface OutboxEntryBase {
  /** uuid; the optimistic rows of this entry are marked with it (and named local-<key>). */
  key: string;
  /** Email of the user who queued it: only that user's session sends it. */
  user: string;
  /** Local order of creation (strictly increasing). */
  createdAt: number;
  /**
   * The id the server knows it by, given when the entry first goes into a push (ids increase per
   * client in the order they are sent); null until then, and again after a Retry.
   */
  mutationId: number | null;
  attempts: number;
  nextAttemptAt: number;
  /** When the current run of transient failures began (for "stuck after an hour"); null when none. */
  failingSince: number | null;
  lastError: string | null;
  /** The server's error code for a refusal: programs branch on it, never on the message. */
  lastErrorCode: string | null;
  state: OutboxState;
  /**
   * The Idempotency-Key a release before the sync protocol may have sent this change under
   * over REST (its key): pushed with the mutation, so the server answers what it stored for that
   * key instead of applying the change again. Set only by the database upgrade.
   */
  idempotencyKey?: string | null;
}

export type OutboxEntryOf<K extends MutationKind> = OutboxEntryBase & {
  kind: K;
  args: MutationArgs<K>;
  local: ExtrasOf<K>;
};

export type OutboxEntry = { [K in MutationKind]: OutboxEntryOf<K> }[MutationKind];

/** A change failing transiently for this long shows as stuck (Retry, Discard); retries go on. */
export const STUCK_AFTER_MS = 60 * 60 * 1000;

/** Backoff before attempt `attempts + 1`: exponential from 1 s, capped at 5 min, full jitter. */
export function backoffMs(attempts: number, random: number): number {
  const cap = 5 * 60 * 1000;
  const base = Math.min(cap, 1000 * 2 ** Math.max(0, attempts - 1));
  return Math.round(base / 2 + (base / 2) * random);
}
