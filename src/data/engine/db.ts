// The local mirror: one Dexie database per device holding reference data, the signed-in
// user's collections, the outbox and the analytics buffer. Schema changes get a new version,
// with a fixture of the previous one in tests/data/fixtures (opened by the new code in tests).
// Tabs of two releases share the database: a connection closes for good when a newer release
// opens it (versionchange), and one that finds the database newer than itself never uses it;
// both say "Reload to update" (upgrade.ts) rather than run the outbox in a format they do not know.
import Dexie, { type Table, type Transaction } from 'dexie';
import type { AnalyticsEvent } from '@/domain/analytics/schema';
import type { Order } from '@/domain/booking/schema';
import { COURIER_HIDDEN_DEFAULTS } from '@/domain/courier/schema';
import type { Listing } from '@/domain/listing/schema';
import type { Message, ThreadRead } from '@/domain/message/schema';
import type { FailureTime, OutboxEntry, SyncState } from '@/domain/outbox/entry';
import type { ProfileResponse } from '@/domain/profile/schema';
import type { Airline, Airport } from '@/domain/reference/schema';
import type { Watch } from '@/domain/watch/schema';
import { markUpgradeRequired } from './upgrade';

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
  {
    // v5: no new index. Entries that may have gone out over REST keep their Idempotency-Key,
    // rows changed in the v3 era get the confirmed copy v4 rows have, and the next pull is a
    // whole snapshot (upgradeToV5).
    version: 5,
    stores: {},
  },
  {
    // v6: watched routes, and messages between a booking's two sides. The watches (the user's,
    // changed locally by watch and unwatch) and the listings they cover (`watched`, the pull's
    // collection), found by route and date offline; each thread's messages and read state. Pull
    // cookies go (the v6 upgrade below): a cookie of v5 names a state whose watched rows and messages this
    // device never stored.
    version: 6,
    stores: {
      watches: 'id, outboxKey, syncState',
      watched: 'id, [from+to+departure]',
      messages: 'id, bookingId, [bookingId+seq], outboxKey, syncState',
      reads: 'id, outboxKey, syncState',
    },
  },
] as const;

/** This code's schema version: named in every push and pull. */
export const SCHEMA_VERSION: number = DB_VERSIONS[DB_VERSIONS.length - 1]?.version ?? 0;

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
  watches!: Table<WatchRow, string>;
  watched!: Table<WatchedRow, string>;
  messages!: Table<MessageRow, string>;
  reads!: Table<ThreadReadRow, string>;

  constructor(name: string) {
    super(name);
    const [v1, v2, v3, v4, v5, v6] = DB_VERSIONS;
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
        await confirmV3Rows(tx, entries);
        for (const entry of entries) upgradeEntryToV4(entry, (photo) => photos.push(photo));
        await tx.table('outbox').bulkPut(entries);
        await tx.table('photos').bulkPut(photos);
      });
    this.version(v5.version).stores(v5.stores).upgrade(upgradeToV5);
    this.version(v6.version)
      .stores(v6.stores)
      .upgrade((tx) => tx.table('meta').where('key').startsWith('pullCookie:').delete());
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
  ] as const;
}

/**
 * v3 rows changed by a pending entry have no `confirmed` copy (v4 added it). A status update's
 * order row is confirmed with the status it replaced (only its v3 payload still knows it); the
 * other rows get theirs in upgradeToV5. Runs before the entries lose their payload.
 */
async function confirmV3Rows(tx: Transaction, entries: Record<string, unknown>[]): Promise<void> {
  for (const entry of entries) {
    if (entry.kind !== 'status-update') continue;
    const payload = (entry.payload ?? {}) as { listingId?: unknown; prevStatus?: unknown };
    if (typeof payload.listingId !== 'string' || typeof payload.prevStatus !== 'string') continue;
    const row = (await tx.table('orders').get(payload.listingId)) as Record<string, unknown> | undefined;
    if (!row || row.outboxKey !== entry.key || row.confirmed !== undefined) continue;
    const { syncState: _s, syncError: _e, outboxKey: _k, confirmed: _c, ...plain } = row;
    await tx.table('orders').put({ ...row, confirmed: { ...plain, status: payload.prevStatus } });
  }
}

/** Rows changed by a pending entry and still without a `confirmed` copy (written before v4). */
async function confirmUnconfirmedRows(tx: Transaction): Promise<void> {
  for (const name of SYNCED_TABLES) {
    await tx
      .table(name)
      .where('syncState')
      .anyOf(['pending', 'failed'])
      .modify((row: Record<string, unknown>) => {
        if (row.confirmed !== undefined) return;
        // A row only this device has (the optimistic row of an add or a booking) has nothing
        // behind it; any other is the server's row with a local change on top: the best copy of
        // what the server said until the next pull (a whole snapshot) brings the real one.
        const { syncState: _s, syncError: _e, outboxKey: _k, ...plain } = row;
        row.confirmed = String(row.id).startsWith('local-') ? null : plain;
      });
  }
}

/**
 * v5: (1) every entry not numbered yet may have been sent by the v3 release over REST under its
 * key (an entry upgraded by v4 lost that trace): it keeps the key as its Idempotency-Key;
 * (2) rows without a confirmed copy get one; (3) a booking upgraded with no price finds it in its
 * optimistic row or the search results, or shows the price as unknown; (4) pull cookies go, so
 * the next pull brings every row as the server has it.
 */
async function upgradeToV5(tx: Transaction): Promise<void> {
  const outbox = tx.table('outbox');
  const entries: Record<string, unknown>[] = await outbox.toArray();
  for (const entry of entries) {
    if (entry.mutationId === null && entry.idempotencyKey == null) entry.idempotencyKey = entry.key;
    const local = entry.local as { costPerKg?: unknown } | undefined;
    if (entry.kind === 'book' && local && local.costPerKg === 0)
      local.costPerKg = await priceOfBooking(tx, entry);
  }
  await outbox.bulkPut(entries);
  await confirmUnconfirmedRows(tx);
  await tx.table('meta').where('key').startsWith('pullCookie:').delete();
}

/** The price per KG of a queued booking: from its optimistic row, else its listing's search result; NaN: unknown. */
async function priceOfBooking(tx: Transaction, entry: Record<string, unknown>): Promise<number> {
  const args = (entry.args ?? {}) as { weight?: unknown; listingId?: unknown };
  const row = (await tx.table('bookings').get(`local-${String(entry.key)}`)) as
    | { cost?: unknown; weight?: unknown }
    | undefined;
  const weight = Number(row?.weight ?? args.weight);
  const cost = Number(row?.cost);
  if (Number.isFinite(cost) && cost > 0 && weight > 0) return cost / weight;
  if (typeof args.listingId === 'string') {
    const result = (await tx.table('searchResults').where('id').equals(args.listingId).first()) as
      | { cost?: unknown }
      | undefined;
    const perKg = Number(result?.cost);
    if (Number.isFinite(perKg) && perKg > 0) return perKg;
  }
  return Number.NaN;
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
  // The v3 release sent every entry over REST with its key as the Idempotency-Key.
  entry.idempotencyKey = String(entry.key);
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
