// The local mirror: one Dexie database per device holding reference data, the signed-in
// user's collections, the outbox and the analytics buffer. Schema changes get a new version
// (db-versions.ts), with a fixture of the previous one in tests/data/fixtures (opened by the new
// code in tests) and the rows it finds carried over (db-upgrades.ts).
// Tabs of two releases share the database: a connection closes for good when a newer release
// opens it (versionchange), and one that finds the database newer than itself never uses it;
// both say "Reload to update" (upgrade-required.ts) rather than run the outbox in a format they do not know.
import Dexie, { type Table } from 'dexie';
import type { OutboxEntry } from '@/domain/outbox/entry';
import type { Airline, Airport } from '@/domain/reference/schema';
import { upgradeToV2, upgradeToV4, upgradeToV5, upgradeToV6, upgradeToV7 } from './db-upgrades';
import { DB_VERSIONS, SCHEMA_VERSION } from './db-versions';
import type {
  AnalyticsRow,
  CourierRequestRow,
  ListingRow,
  MessageRow,
  MetaRow,
  OrderRow,
  PhotoRow,
  ProfileRow,
  SearchResultRow,
  ThreadReadRow,
  WatchedRow,
  WatchRow,
} from './tables';
import { markUpgradeRequired } from './upgrade-required';

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
  watches!: Table<WatchRow, string>;
  watched!: Table<WatchedRow, string>;
  messages!: Table<MessageRow, string>;
  reads!: Table<ThreadReadRow, string>;
  couriers!: Table<CourierRequestRow, string>;

  constructor(name: string) {
    super(name);
    const [v1, v2, v3, v4, v5, v6, v7] = DB_VERSIONS;
    this.version(v1.version).stores(v1.stores);
    // What each upgrade does to the rows already stored: db-upgrades.ts.
    this.version(v2.version).stores(v2.stores).upgrade(upgradeToV2);
    // Indexes only: IndexedDB builds them from the rows already stored.
    this.version(v3.version).stores(v3.stores);
    this.version(v4.version).stores(v4.stores).upgrade(upgradeToV4);
    this.version(v5.version).stores(v5.stores).upgrade(upgradeToV5);
    this.version(v6.version).stores(v6.stores).upgrade(upgradeToV6);
    this.version(v7.version).stores(v7.stores).upgrade(upgradeToV7);
    // A newer release is opening the database: close for good (no automatic reopen, which
    // Dexie would do at the newer version) and ask for a reload.
    this.on('versionchange', () => {
      this.close({ disableAutoOpen: true });
      markUpgradeRequired(this);
      return false;
    });
    // Opened a database a newer release wrote (Dexie opens it at its own version): do not use it.
    // (Dexie stores version n as n * 10, plus its own patches of the same version.)
    this.on(
      'ready',
      () => {
        const onDisk = Math.floor(this.backendDB().version / 10);
        if (onDisk <= SCHEMA_VERSION) return;
        markUpgradeRequired(this);
        // Failing here fails the open: every operation rejects instead of using the newer tables.
        throw new Dexie.VersionError(`The database is version ${onDisk}; this code knows ${SCHEMA_VERSION}.`);
      },
      true, // sticky: checked on every open, not only the first
    );
  }
}

export function openDb(name = 'carry'): AppDb {
  return new AppDb(name);
}

/** Every table a local mutator may write: the scope of push, pull, rebase and discard. */
export function mutationTables(db: AppDb) {
  return [
    db.outbox,
    db.listings,
    db.bookings,
    db.orders,
    db.searchResults,
    db.profile,
    db.photos,
    db.meta,
    db.watches,
    db.watched,
    db.messages,
    db.reads,
    db.couriers,
  ];
}

/** Tables holding the signed-in user's own data (cleared on logout or a change of user). */
export function userTables(db: AppDb) {
  return [
    db.listings,
    db.searchResults,
    db.bookings,
    db.orders,
    db.profile,
    db.watches,
    db.watched,
    db.messages,
    db.reads,
    db.couriers,
  ] as const;
}
