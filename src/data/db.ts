// The local mirror: one Dexie database per device holding reference data, the signed-in
// user's collections, the outbox and the analytics buffer. Schema changes get a new version.
import Dexie, { type Table } from 'dexie';
import type { AnalyticsEvent } from '@/domain/analytics/schema';
import type { Order } from '@/domain/booking/schema';
import { COURIER_HIDDEN_DEFAULTS } from '@/domain/courier/schema';
import type { Listing } from '@/domain/listing/schema';
import type { FailureTime, OutboxEntry, SyncState } from '@/domain/outbox/entry';
import type { ProfileResponse } from '@/domain/profile/schema';
import type { Airline, Airport } from '@/domain/reference/schema';

/**
 * A record the user can change locally: its sync state, the newest outbox entry behind it, and
 * what the server last confirmed (`confirmed`: the server's row, or null for a row only this
 * device has; absent on a synced row). Discard and rebase restore `confirmed`.
 */
export type Synced<T> = T & {
  syncState: SyncState;
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

/** Every schema version, oldest first; kept so the upgrade path can be tested. */
export const DB_VERSIONS = [
  {
    version: 1,
    stores: {
      airports: 'code',
      airlines: 'code',
      listings: 'id, email',
      bookings: 'id',
      orders: 'id',
      profile: 'email',
      outbox: 'key, createdAt',
      analytics: '++seq',
      meta: 'key',
    },
  },
  {
    // v2: search results become their own table, and local rows are indexed by outbox key.
    version: 2,
    stores: {
      listings: 'id, email, outboxKey, syncState',
      bookings: 'id, outboxKey, syncState',
      orders: 'id, outboxKey, syncState',
      searchResults: '[searchKey+id], searchKey, [from+to+departure]',
      outbox: 'key, createdAt, user, state',
    },
  },
  {
    // v3: the replayer takes the oldest sendable entry straight from an index instead of sorting
    // the whole outbox per entry, and booking finds a listing's search results by id.
    version: 3,
    stores: {
      searchResults: '[searchKey+id], searchKey, [from+to+departure], id',
      outbox: 'key, createdAt, user, state, [user+state+createdAt]',
    },
  },
  {
    // v4: the sync protocol. Entries carry typed `args` (was `payload`) and a mutation id given at
    // push time; courier photos move to their own table and upload lane.
    version: 4,
    stores: {
      outbox: 'key, createdAt, user, state, [user+state+createdAt], [user+createdAt]',
      photos: 'id, user',
    },
  },
] as const;

const SYNCED_TABLES = ['listings', 'bookings', 'orders'] as const;

export class AppDb extends Dexie {
  airports!: Table<Airport, string>;
  airlines!: Table<Airline, string>;
  listings!: Table<ListingRow, string>;
  searchResults!: Table<SearchResultRow, [string, string]>;
  bookings!: Table<OrderRow, string>;
  orders!: Table<OrderRow, string>;
  profile!: Table<ProfileRow, string>;
  outbox!: Table<OutboxEntry, string>;
  analytics!: Table<AnalyticsRow, number>;
  meta!: Table<MetaRow, string>;
  photos!: Table<PhotoRow, string>;

  constructor(name: string) {
    super(name);
    const [v1, v2, v3, v4] = DB_VERSIONS;
    this.version(v1.version).stores(v1.stores);
    // Version 1 rows were written before sync state existed: they came from the server.
    this.version(v2.version)
      .stores(v2.stores)
      .upgrade(async (tx) => {
        for (const table of SYNCED_TABLES) {
          await tx
            .table(table)
            .toCollection()
            .modify((row: Record<string, unknown>) => {
              row.syncState ??= 'synced';
              row.syncError ??= null;
              row.outboxKey ??= null;
            });
        }
        await tx
          .table('outbox')
          .toCollection()
          .modify((entry: Record<string, unknown>) => {
            entry.state ??= 'queued';
            entry.attempts ??= 0;
            entry.nextAttemptAt ??= 0;
            entry.lastError ??= null;
          });
      });
    // Indexes only: IndexedDB builds them from the rows already stored.
    this.version(v3.version).stores(v3.stores);
    this.version(v4.version)
      .stores(v4.stores)
      .upgrade(async (tx) => {
        const photos: PhotoRow[] = [];
        const entries: Record<string, unknown>[] = await tx.table('outbox').toArray();
        for (const entry of entries) upgradeEntryToV4(entry, (photo) => photos.push(photo));
        await tx.table('outbox').bulkPut(entries);
        await tx.table('photos').bulkPut(photos);
      });
  }
}

export function openDb(name = 'carry'): AppDb {
  return new AppDb(name);
}

/** The tables whose rows carry a sync state, typed alike so they can be walked together. */
export function syncedTables(db: AppDb) {
  return [db.listings, db.bookings, db.orders] as const;
}

/** Every table a local mutator may write: the scope of push, pull, rebase and discard. */
export function mutationTables(db: AppDb) {
  return [db.outbox, db.listings, db.bookings, db.orders, db.searchResults, db.profile, db.photos, db.meta];
}

/** Tables holding the signed-in user's own data (cleared on logout or a change of user). */
export function userTables(db: AppDb) {
  return [db.listings, db.searchResults, db.bookings, db.orders, db.profile] as const;
}

type LegacyCourierPayload = {
  form?: Record<string, unknown>;
  image?: { bytes: ArrayBuffer; type: string; name: string };
  itemImageUrl?: string | null;
};

/** A version 3 entry (`payload`) in the version 4 shape (`args`, `local`, `mutationId`). */
function upgradeEntryToV4(entry: Record<string, unknown>, addPhoto: (photo: PhotoRow) => unknown): void {
  const payload = (entry.payload ?? {}) as Record<string, unknown>;
  delete entry.payload;
  entry.mutationId = null;
  entry.failingSince = null;
  entry.lastErrorCode = null;
  if (entry.state === 'sending') entry.state = 'queued';
  if (entry.kind === 'status-update') {
    entry.args = { listingId: payload.listingId, status: payload.status };
    entry.local = {};
  } else if (entry.kind === 'book') {
    entry.args = payload;
    entry.local = { costPerKg: 0 };
  } else if (entry.kind === 'courier') {
    const legacy = payload as LegacyCourierPayload;
    const url = legacy.itemImageUrl ?? null;
    entry.args = { ...COURIER_HIDDEN_DEFAULTS, ...legacy.form, itemImageUrl: url ?? '' };
    const photoId = `legacy-${String(entry.key)}`;
    entry.local = { photo: legacy.image ? photoId : null };
    if (legacy.image) {
      const size = legacy.image.bytes.byteLength;
      addPhoto({
        id: photoId,
        user: String(entry.user),
        ...legacy.image,
        originalSize: size,
        size,
        sent: url ? size : 0,
        url,
        refused: false,
        attempts: 0,
        nextAttemptAt: 0,
        lastError: null,
        createdAt: Number(entry.createdAt) || 0,
      });
    }
  } else {
    entry.args = payload;
    entry.local = {};
  }
}
