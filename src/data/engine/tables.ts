// What each table of the local mirror holds: the row types of the schema (db.ts), shared by the
// engine, the feature commands and the legacy upgrades.
import type { AnalyticsEvent } from '@/domain/analytics/schema';
import type { Order } from '@/domain/booking/schema';
import type { CourierRow } from '@/domain/courier/status';
import type { Listing } from '@/domain/listing/schema';
import type { Message, ThreadRead } from '@/domain/message/schema';
import type { FailureTime, SyncState } from '@/domain/outbox/entry';
import type { ProfileResponse } from '@/domain/profile/schema';
import type { Watch } from '@/domain/watch/schema';

/**
 * A record the user can change locally: its sync state, the newest outbox entry behind it, and
 * what the server last confirmed (`confirmed`: the server's row, or null for a row only this
 * device has; absent on a synced row). Discard and rebase restore `confirmed`.
 */
export type Synced<T> = T & {
  syncState: SyncState;
  /** A failed row's refusal code (the client words it; a row failed under an older release: the
   * server's message); null otherwise. */
  syncError: string | null;
  outboxKey: string | null;
  confirmed?: T | null;
};
export type ListingRow = Synced<Listing>;
/** A search result under its search's key; `rank` keeps the server's order. */
export type SearchResultRow = Listing & {
  searchKey: string;
  rank: number;
  /** The space the server reported, kept while a queued booking shows less. */
  confirmedAvailable?: number;
};
export type OrderRow = Synced<Order>;
/** A watched route: queued watches show at once (pending), an unwatch removes the row. */
export type WatchRow = Synced<Watch>;
/** A listing of a watched route as the last pull had it (the pull's `watched`). */
export type WatchedRow = Listing;
/**
 * A message of one of my threads. A message this device queued shows at once under its own id
 * (the id the server stores it under), `syncState` pending ("sending") until the server takes it,
 * failed with the server's reason (Retry, Discard through its `outboxKey`); its `seq` is 0 and its
 * `sentAt` the time it was queued until then.
 */
export type MessageRow = Synced<Message>;
/** A thread's read state, keyed by booking id: mine (pending while queued) and the other side's. */
export type ThreadReadRow = Synced<ThreadRead>;
/**
 * A courier request of mine: queued ones show at once (pending, no history beyond "submitted",
 * no matches until the server answers); the pull's `couriers` brings the rest.
 */
export type CourierRequestRow = Synced<CourierRow>;
export type ProfileRow = ProfileResponse & { email: string; fetchedAt: number };
export type AnalyticsRow = AnalyticsEvent & { seq?: number };
/**
 * A courier photo waiting for (or done with) its upload, on its own lane beside the outbox.
 * `id` is its user and the SHA-256 of the bytes, `user:hash` (a retried upload is the same file on
 * the server); rows stored before were named by the hash alone. Not indexed beyond `id, user`.
 */
export interface PhotoRow extends FailureTime {
  id: string;
  user: string;
  bytes: ArrayBuffer;
  type: string;
  name: string;
  /** Size of the picked file before it was downscaled, for the form and the waiting list. */
  originalSize: number;
  size: number;
  /** Bytes the server has acknowledged so far in the current attempt (progress). */
  sent: number;
  url: string | null;
  /**
   * When the device last got `url` (its clock). The server deletes an upload no request names a
   * day after it was stored: a photo whose request still waits is uploaded again before
   * PHOTO_REFRESH_MS (photos.ts). Absent on rows of earlier releases: taken as fresh.
   */
  uploadedAt?: number;
  /** The server will never take it (not an image, too large): its request failed with why. */
  refused: boolean;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  createdAt: number;
}
export interface MetaRow {
  key: string;
  value: unknown;
}
