// The shape of a queued change: what the local store keeps until the server has acknowledged it.

/** The Background Sync tag under which the page asks the service worker to replay the outbox. */
export const OUTBOX_SYNC_TAG = 'carry-outbox';

export const OUTBOX_KINDS = ['add-listing', 'book', 'status-update', 'contact', 'courier'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/** queued: waiting or backing off; sending: under the replay lock; failed: needs the user. */
export type OutboxState = 'queued' | 'sending' | 'failed';

/** The local copy of a record the outbox will send. */
export type SyncState = 'synced' | 'pending' | 'failed';

export interface OutboxEntry<P = unknown> {
  /** uuid; sent as the Idempotency-Key header. */
  key: string;
  kind: OutboxKind;
  payload: P;
  /** Email of the user who queued it: replay only runs for that user's session. */
  user: string;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  state: OutboxState;
}

/** Backoff before attempt `attempts + 1`: exponential from 1 s, capped at 5 min, full jitter. */
export function backoffMs(attempts: number, random: number): number {
  const cap = 5 * 60 * 1000;
  const base = Math.min(cap, 1000 * 2 ** Math.max(0, attempts - 1));
  return Math.round(base / 2 + (base / 2) * random);
}
