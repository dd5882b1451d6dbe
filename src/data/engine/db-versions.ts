// Every schema version of the local mirror, oldest first, with what it added: kept whole so the
// upgrade path can be tested (a fixture of each previous release in tests/data/fixtures).
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
  {
    // v7: the sender's courier requests (the pull's `couriers`), with their status, history and
    // matching listings. Pull cookies go (the v7 upgrade): a cookie of v6 names a state whose
    // courier requests this device never stored.
    version: 7,
    stores: {
      couriers: 'id, outboxKey, syncState',
    },
  },
] as const;

/** This code's schema version: named in every push and pull. */
export const SCHEMA_VERSION: number = DB_VERSIONS[DB_VERSIONS.length - 1]?.version ?? 0;
