// The local mirror: one Dexie database per device holding reference data, the signed-in
// user's collections, the outbox and the analytics buffer. Schema changes get a new version.
import Dexie, { type Table } from 'dexie';
import type { AnalyticsEvent } from '@/domain/analytics/schema';
import type { Order } from '@/domain/booking/schema';
import type { Listing } from '@/domain/listing/schema';
import type { OutboxEntry, SyncState } from '@/domain/outbox/entry';
import type { ProfileResponse } from '@/domain/profile/schema';
import type { Airline, Airport } from '@/domain/reference/schema';

/** A record the user can change locally: its sync state and the outbox entry behind it. */
export type Synced<T> = T & { syncState: SyncState; syncError: string | null; outboxKey: string | null };
export type ListingRow = Synced<Listing>;
/** A search result under its search's key; `rank` keeps the server's order. */
export type SearchResultRow = Listing & { searchKey: string; rank: number };
export type OrderRow = Synced<Order>;
export type ProfileRow = ProfileResponse & { email: string; fetchedAt: number };
export type AnalyticsRow = AnalyticsEvent & { seq?: number };
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

  constructor(name: string) {
    super(name);
    const [v1, v2, v3] = DB_VERSIONS;
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
  }
}

export function openDb(name = 'carry'): AppDb {
  return new AppDb(name);
}

/** The tables whose rows carry a sync state, typed alike so they can be walked together. */
export function syncedTables(db: AppDb): Table<Synced<{ id: string }>, string>[] {
  return [db.listings, db.bookings, db.orders] as unknown as Table<Synced<{ id: string }>, string>[];
}

/** Tables holding the signed-in user's own data (cleared on logout or a change of user). */
export function userTables(db: AppDb) {
  return [db.listings, db.searchResults, db.bookings, db.orders, db.profile] as const;
}
