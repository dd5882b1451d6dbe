// The shape of a queued change: a mutation of the registry (src/domain/sync/mutations) as the
// device keeps it until the server has applied it. Entries are a discriminated union on `kind`.
import type { MutationArgs, MutationKind } from '../sync/mutations';

/** The Background Sync tag under which the page asks the service worker to replay the outbox. */
export const OUTBOX_SYNC_TAG = 'carry-outbox';

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

/**
 * How long a change (or a photo) has been failing, measured so that no jump of the device's
 * clock can stretch or shrink it: each failure adds the time since the previous attempt,
 * clamped to [0, LONGEST_WAIT_MS]. Absent on rows stored before it existed (read as none).
 */
export interface FailureTime {
  failingForMs?: number;
  /** When the last attempt that failed was made (the device's clock); null or absent: none. */
  lastAttemptAt?: number | null;
}

export interface OutboxEntryBase extends FailureTime {
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
  /** When the current run of transient failures began (null when none); "stuck" uses failingForMs. */
  failingSince: number | null;
  lastError: string | null;
  /** The server's error code for a refusal: programs branch on it, never on the message. */
  lastErrorCode: string | null;
  state: OutboxState;
  /**
   * Held on the device until this time (the device's clock): not sent before, and the user may
   * still take it back (Undo). Null or absent: not held. A destructive change is held briefly.
   */
  holdUntil?: number | null;
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

/** How long a destructive change is held before it is sent, so it can be undone. */
export const UNDO_HOLD_MS = 5000;

/** Whether `entry` is still held at `now` (a hold longer than any wait means the clock went back). */
export function isHeld(entry: { holdUntil?: number | null }, now: number): boolean {
  return entry.holdUntil != null && dueAt(entry.holdUntil, now) > now;
}

/** A change failing transiently for this long shows as stuck (Retry, Discard); retries go on. */
export const STUCK_AFTER_MS = 60 * 60 * 1000;
/** The longest back-off between two tries. */
export const BACKOFF_CAP_MS = 5 * 60 * 1000;
/** The longest Retry-After honoured (a locked hand-off asks for 15 minutes). */
export const RETRY_AFTER_CAP_MS = 15 * 60 * 1000;
/** No wait is ever longer: one that is, from now, was set before the clock went back. */
export const LONGEST_WAIT_MS = Math.max(BACKOFF_CAP_MS, RETRY_AFTER_CAP_MS);

/**
 * Backoff before attempt `attempts + 1`: exponential from 1 s, capped at 5 min, with equal
 * jitter (half the step fixed, half random), so no wait is shorter than half its step.
 */
export function backoffMs(attempts: number, random: number): number {
  const base = Math.min(BACKOFF_CAP_MS, 1000 * 2 ** Math.max(0, attempts - 1));
  return Math.round(base / 2 + (base / 2) * random);
}

/** The wait after a transient failure: the backoff, at least Retry-After (capped). */
export function retryWaitMs(attempts: number, random: number, retryAfterMs: number | null): number {
  return Math.max(backoffMs(attempts, random), Math.min(RETRY_AFTER_CAP_MS, retryAfterMs ?? 0));
}

/**
 * When something set to wait until `nextAttemptAt` is due, by the device's clock `now`. A wait
 * longer than any this code sets means the clock went back since: it is due now.
 */
export function dueAt(nextAttemptAt: number, now: number): number {
  return nextAttemptAt - now > LONGEST_WAIT_MS ? now : nextAttemptAt;
}

const clampElapsed = (from: number | null | undefined, now: number): number =>
  from === null || from === undefined ? 0 : Math.min(LONGEST_WAIT_MS, Math.max(0, now - from));

/** The failure time after one more failed attempt at `now`. */
export function afterFailure(t: FailureTime, now: number): Required<FailureTime> {
  return { failingForMs: (t.failingForMs ?? 0) + clampElapsed(t.lastAttemptAt, now), lastAttemptAt: now };
}

/** No failures counted (a success, a Retry). */
export const NOT_FAILING: Required<FailureTime> = { failingForMs: 0, lastAttemptAt: null };

/** Failing for STUCK_AFTER_MS or more, counting the wait since the last try (clamped). */
export function isStuck(t: FailureTime, now: number): boolean {
  if (t.lastAttemptAt === null || t.lastAttemptAt === undefined) return false;
  return (t.failingForMs ?? 0) + clampElapsed(t.lastAttemptAt, now) >= STUCK_AFTER_MS;
}
