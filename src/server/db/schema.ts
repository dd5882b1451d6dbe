// The one Drizzle pg-core schema: every table the API reads or writes, with an index for each
// query it runs. Weights are stored in grams so capacity sums are exact integers.
// Not expressible here: the bookings_earnings triggers that keep earnings_months (0034); the triggers on listings, bookings, ratings, rating_totals, users,
// courier_requests, watches, messages and message_reads (as migration 0024 left them) log every
// change to a row a user's pull holds in sync_changes (for each user who sees it), and that
// table's trigger NOTIFYs 'carry_poke' with the user's id (live pokes, src/server/live). A new
// synced table needs such a trigger too: sync_log_row() (0024), told there which users see a row.
// A deleted session NOTIFYs 'carry_poke' with 'session-end:<token hash>' (0026): every process
// ends that session's poke streams.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { BOOKING_STATUSES } from '@/domain/booking/status';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The domain's status list as a PostgreSQL enum (migration 0020): rows read back typed. */
export const bookingStatus = pgEnum('booking_status', BOOKING_STATUSES);

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    age: integer('age').notNull(),
    gender: text('gender').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: at('created_at').notNull(),
    /**
     * Signed into every device cookie: a password reset and "log out other devices" raise it, so
     * every device cookie made before stops being a known device (migration 0027).
     */
    deviceGeneration: integer('device_generation').notNull().default(0),
    /** Where travellers pay this user as a carrier (a VPA, src/domain/payment/upi.ts); null: cash. */
    upiId: text('upi_id'),
    /** The account's language, 'en' or 'hi' (migration 0039); null: never chosen, English. */
    locale: text('locale'),
    /** Set by the team (migration 0033): login is refused and every session has ended. */
    suspendedAt: at('suspended_at'),
    suspendedReason: text('suspended_reason'),
  },
  (t) => [
    index('users_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('users_email_prefix_idx').using('btree', sql`${t.email} text_pattern_ops`),
    index('users_name_prefix_idx').using('btree', sql`lower(${t.name}) text_pattern_ops`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the token: a leaked table does not leak usable sessions. */
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Throttle counters, one row per key ('login-pair:<email>|<client>', 'login-ok:<client>',
 * 'login-address:<ip>', 'login-backoff:<email>', 'signup-address:<ip>', 'events-address:<ip>'):
 * attempts in the window that began at `window_start`, and attempts still running. One upsert
 * reads and counts (src/server/auth/throttle.ts), so parallel requests cannot all pass the check
 * before any is counted.
 */
export const throttles = pgTable(
  'throttles',
  {
    key: text('key').primaryKey(),
    windowStart: at('window_start').notNull(),
    attempts: integer('attempts').notNull(),
    inFlight: integer('in_flight').notNull(),
    touchedAt: at('touched_at').notNull(),
    /** A backoff counter ('login-backoff:<email>'): no attempt is evaluated before this time. */
    blockedUntil: at('blocked_until'),
  },
  (t) => [index('throttles_touched_idx').on(t.touchedAt)],
);

/** Secrets the server makes for itself at first start (the device-cookie HMAC key). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

export const airports = pgTable('airports', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  city: text('city').notNull(),
  country: text('country').notNull(),
  timeZone: text('time_zone').notNull(),
  /** ISO 3166 code of `country` (migration 0031). */
  countryCode: text('country_code').notNull().default(''),
  /** Busier first: a hand-kept traffic order, else OurAirports' size. */
  rank: integer('rank').notNull().default(0),
  /** Other and former names ("Bangalore", "Calcutta"). */
  alt: text('alt').array().notNull().default(sql`'{}'`),
  /** The city code of its metropolitan area ("NYC" for JFK), or ''. */
  metro: text('metro').notNull().default(''),
});

export const airlines = pgTable('airlines', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  country: text('country').notNull(),
});

export const listings = pgTable(
  'listings',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    from: text('from_code').notNull(),
    to: text('to_code').notNull(),
    departure: text('departure').notNull(),
    time: text('time').notNull(),
    airline: text('airline').notNull(),
    flightNo: text('flight_no').notNull(),
    weightGrams: integer('weight_grams').notNull(),
    /**
     * Grams held by this listing's bookings whose status holds space (HOLDS_SPACE; in SQL the
     * function booking_status_holds_space, migration 0020). Kept by the trigger
     * bookings_hold_space (migrations 0008, 0020) on every insert, status change and delete of a
     * booking, in the same transaction: search reads it instead of summing bookings per listing.
     */
    heldGrams: integer('held_grams').notNull().default(0),
    /** Rupees per KG. */
    cost: doublePrecision('cost').notNull(),
    createdAt: at('created_at').notNull(),
    /** When its carrier withdrew it: out of search, watched mirrors and booking from then on. */
    withdrawnAt: at('withdrawn_at'),
  },
  (t) => [
    index('listings_route_idx').on(t.from, t.to, t.departure),
    index('listings_user_idx').on(t.userId, t.departure),
    // Among the listings still open (migration 0035): a withdrawn one frees its flight to list again.
    uniqueIndex('listings_flight_unique')
      .on(t.userId, t.flightNo, t.departure)
      .where(sql`${t.withdrawnAt} IS NULL`),
  ],
);

export const bookings = pgTable(
  'bookings',
  {
    id: text('id').primaryKey(),
    listingId: text('listing_id')
      .notNull()
      .references(() => listings.id),
    carrierId: text('carrier_id')
      .notNull()
      .references(() => users.id),
    travellerId: text('traveller_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    weightGrams: integer('weight_grams').notNull(),
    /** Total rupees: weight times the listing's price per KG at booking time. */
    cost: doublePrecision('cost').notNull(),
    status: bookingStatus('status').notNull(),
    carrierName: text('carrier_name').notNull(),
    carrierEmail: text('carrier_email').notNull(),
    carrierPhone: text('carrier_phone').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    /** When the carrier accepted it (View Details' status history). */
    acceptedAt: at('accepted_at'),
    /** When it became rejected, cancelled or completed. */
    endedAt: at('ended_at'),
    /** Six digits made on accept (src/domain/handoff/code.ts); shown to the traveller only. */
    handoffCode: text('handoff_code'),
    /** Wrong codes since the last lock; the fifth locks completion until handoffLockedUntil. */
    handoffFailures: integer('handoff_failures').notNull().default(0),
    handoffLockedUntil: at('handoff_locked_until'),
    /**
     * When a pending booking expires unanswered (bookingExpiry: 24 hours after it was made, or 2
     * hours before departure, whichever is first), and which of the two that was.
     */
    expiresAt: at('expires_at'),
    expiredReason: text('expired_reason'),
    /** Rupees per KG at booking time: a later edit of the listing never changes it (or `cost`).
     * Every booking made has it (0034 backfilled older ones); rows seeded by hand may lack it. */
    pricePerKg: doublePrecision('price_per_kg'),
    /** The carrier's UPI ID, copied from their profile while the booking is open; null: cash. */
    carrierUpi: text('carrier_upi'),
    /** The payment record (migration 0034): claimed by the traveller, received, or disputed. */
    paymentState: text('payment_state').$type<'claimed' | 'received' | 'disputed'>(),
    paymentMethod: text('payment_method').$type<'upi' | 'cash'>(),
    /** For UPI, the booking's own transaction reference (`tr`) or the traveller's UPI reference. */
    paymentRef: text('payment_ref'),
    /** The UPI transaction reference the traveller gave with "I paid". */
    paymentClaimRef: text('payment_claim_ref'),
    paymentClaimedAt: at('payment_claimed_at'),
    /** When the carrier marked the payment received. */
    paidAt: at('paid_at'),
    /** Who moved it to rejected or cancelled ('carrier' or 'traveller'), and why (src/domain/booking/reasons.ts). */
    endedBy: text('ended_by'),
    reasonCode: text('reason_code'),
    reasonText: text('reason_text'),
    /** Completed before its flight's departure. */
    completedEarly: boolean('completed_early').notNull().default(false),
    /** When the carrier last changed the flight or its time while this booking was held. */
    flightChangedAt: at('flight_changed_at'),
  },
  (t) => [
    index('bookings_listing_idx').on(t.listingId, t.status),
    index('bookings_pending_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'pending'`),
    index('bookings_traveller_idx').on(t.travellerId, t.createdAt),
    index('bookings_carrier_idx').on(t.carrierId, t.createdAt),
    index('bookings_created_idx').on(t.createdAt.desc(), t.id.desc()),
    check(
      'bookings_payment_state_check',
      sql`${t.paymentState} IS NULL OR ${t.paymentState} IN ('claimed', 'received', 'disputed')`,
    ),
    check(
      'bookings_payment_method_check',
      sql`${t.paymentMethod} IS NULL OR ${t.paymentMethod} IN ('upi', 'cash')`,
    ),
  ],
);

/**
 * Completed bookings summed by user, side and month of completion in India's time (issue 31):
 * rupees received, claimed by the traveller, still owed. Kept by the bookings_earnings triggers
 * (migration 0034) in the writing transaction; GET /api/earnings reads a page of months by key.
 */
export const earningsMonths = pgTable(
  'earnings_months',
  {
    userId: text('user_id').notNull(),
    side: text('side').notNull().$type<'carrier' | 'traveller'>(),
    /** 'YYYY-MM'. */
    month: text('month').notNull(),
    bookings: integer('bookings').notNull(),
    received: numeric('received', { precision: 14, scale: 2 }).notNull(),
    claimed: numeric('claimed', { precision: 14, scale: 2 }).notNull(),
    owed: numeric('owed', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.side, t.month] })],
);

/** A carrier's dispute of a traveller's "I paid" (issue 31), for the team to follow up. */
export const paymentDisputes = pgTable(
  'payment_disputes',
  {
    id: text('id').primaryKey(),
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id),
    raisedBy: text('raised_by')
      .notNull()
      .references(() => users.id),
    claimedRef: text('claimed_ref'),
    createdAt: at('created_at').notNull(),
    resolvedAt: at('resolved_at'),
  },
  (t) => [index('payment_disputes_open_idx').on(t.createdAt).where(sql`${t.resolvedAt} IS NULL`)],
);

/**
 * Searches that found nothing: the team follows them up by hand. One row per user, route and
 * date; a repeat of the search counts up `search_count` and keeps the latest flight and contact.
 */
export const matchRequests = pgTable(
  'match_requests',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    from: text('from_code').notNull(),
    to: text('to_code').notNull(),
    departure: text('departure').notNull(),
    flightNo: text('flight_no').notNull(),
    airline: text('airline').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    createdAt: at('created_at').notNull(),
    searchCount: integer('search_count').notNull().default(1),
    lastSearchedAt: at('last_searched_at'),
    /** When the team wrote to the searcher, and when a matching listing was mailed (migration 0033). */
    contactedAt: at('contacted_at'),
    notifiedAt: at('notified_at'),
  },
  (t) => [
    index('match_requests_route_idx').on(t.from, t.to, t.departure),
    index('match_requests_departure_idx').on(t.departure, t.from, t.to),
    uniqueIndex('match_requests_user_route_unique').on(t.userId, t.from, t.to, t.departure),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    message: text('message').notNull(),
    createdAt: at('created_at').notNull(),
    /** The team's answer, mailed to `email`; it closes the query (migration 0033). */
    reply: text('reply'),
    repliedBy: text('replied_by'),
    closedAt: at('closed_at'),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('contact_messages_open_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`${t.closedAt} is null`),
  ],
);

export const courierRequests = pgTable(
  'courier_requests',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** COURIER_STATUSES (src/domain/courier/status.ts); every change is kept in courier_request_events. */
    status: text('status').notNull().default('submitted'),
    /** The validated request as sent (courierRequestSchema output), without the ID number. */
    details: jsonb('details').notNull(),
    itemImageUrl: text('item_image_url').notNull(),
    paymentAcknowledged: boolean('payment_acknowledged').notNull(),
    createdAt: at('created_at').notNull(),
    /** The route and date window (0032); NULL on requests stored before. */
    from: text('from_code'),
    to: text('to_code'),
    firstDay: text('first_day'),
    lastDay: text('last_day'),
    weightGrams: integer('weight_grams'),
    /** The Government ID number, AES-256-GCM sealed (auth/id-sealing.ts); its last 4 apart. */
    idNumberSealed: text('id_number_sealed'),
    idLast4: text('id_last4').notNull().default(''),
    /** The booking made for it (Book this): its status follows the booking's (0032). */
    bookingId: text('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    /** Why the status last changed: copied into the history with it. */
    statusNote: text('status_note').notNull().default(''),
    updatedAt: at('updated_at'),
  },
  (t) => [
    index('courier_requests_user_idx').on(t.userId),
    // The file a request names (its url after /api/files/): the clean-up of unreferenced images
    // probes it per file instead of scanning every request.
    index('courier_requests_image_name_idx').using(
      'btree',
      sql`regexp_replace(${t.itemImageUrl}, '^.*/api/files/', '')`,
    ),
    index('courier_requests_route_idx')
      .on(t.from, t.to, t.lastDay)
      .where(sql`${t.status} IN ('submitted', 'matched')`),
    index('courier_requests_booking_idx').on(t.bookingId).where(sql`${t.bookingId} IS NOT NULL`),
    // The team console's pages, newest first, all or of one status (0036).
    index('courier_requests_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('courier_requests_status_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    check(
      'courier_requests_status_check',
      sql`${t.status} IN ('submitted', 'matched', 'booked', 'delivered', 'closed')`,
    ),
  ],
);

/** A courier request's history: one row per status it took, with its note (0032's trigger). */
export const courierRequestEvents = pgTable(
  'courier_request_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: text('request_id')
      .notNull()
      .references(() => courierRequests.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    note: text('note').notNull().default(''),
    at: at('at').notNull(),
  },
  (t) => [index('courier_request_events_request_idx').on(t.requestId, t.id)],
);

/**
 * Uploaded images: the metadata. The bytes live in the file store under `sha256` (files under
 * DATA_DIR on PGlite, `file_chunks` with DATABASE_URL); `data` holds them only for rows from
 * earlier releases until their first download moves them out.
 */
export const files = pgTable(
  'files',
  {
    name: text('name').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data'),
    /** Hex SHA-256 of the bytes: their key in the file store (null while still in `data`). */
    sha256: text('sha256'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('files_user_created_idx').on(t.userId, t.createdAt),
    index('files_sha256_idx').on(t.sha256),
    index('files_created_idx').on(t.createdAt),
  ],
);

/** Image bytes with DATABASE_URL, in rows of up to 256 KB, read one at a time. */
export const fileChunks = pgTable(
  'file_chunks',
  {
    sha256: text('sha256').notNull(),
    idx: integer('idx').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sha256, t.idx] })],
);

/**
 * One row per (scope, key): the first response of a write, replayed for a repeat of the same
 * request (method, path and body hash; '' on rows from before they were recorded). Rows older
 * than IDEMPOTENCY_KEY_RETENTION_MS are pruned.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull().default(''),
    path: text('path').notNull().default(''),
    bodyHash: text('body_hash').notNull().default(''),
    status: integer('status').notNull(),
    body: jsonb('body').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id'),
    name: text('name').notNull(),
    props: jsonb('props').notNull().default(sql`'{}'::jsonb`),
    at: at('at').notNull(),
    receivedAt: at('received_at').notNull(),
  },
  (t) => [index('analytics_events_name_idx').on(t.name, t.at)],
);

/** One rating per (booking, rater): the traveller rates the carrier and the carrier the traveller. */
export const ratings = pgTable(
  'ratings',
  {
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id),
    raterId: text('rater_id')
      .notNull()
      .references(() => users.id),
    rateeId: text('ratee_id')
      .notNull()
      .references(() => users.id),
    stars: integer('stars').notNull(),
    comment: text('comment').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.raterId] }),
    // The profile's latest comments about a user.
    index('ratings_ratee_idx').on(t.rateeId, t.updatedAt),
  ],
);

/**
 * Each user's rating totals, kept in the rating's transaction, so search, listings and orders
 * join one row per user by key instead of averaging the ratings table on every read. Repeat
 * bookings between the same two people weigh once: `total` sums the latest rating of each rater,
 * `people` counts those raters (the average is total / people), `count` every rating given.
 */
export const ratingTotals = pgTable('rating_totals', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id),
  total: integer('total').notNull(),
  count: integer('count').notNull(),
  people: integer('people').notNull().default(0),
});

/**
 * One row per sync client (a device's copy of the app for one user): the user it is bound to
 * and the last mutation id the server applied for it, advanced in each mutation's transaction.
 */
export const syncClients = pgTable(
  'sync_clients',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    lastMutationId: bigint('last_mutation_id', { mode: 'number' }).notNull(),
    updatedAt: at('updated_at').notNull(),
    /** The sync protocol it last pushed in (migration 0028): a later protocol-1 request is an old tab. */
    protocol: integer('protocol').notNull().default(1),
  },
  (t) => [index('sync_clients_user_idx').on(t.userId)],
);

/** PostgreSQL's 64-bit transaction id, as text (it can pass 2^53). */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/** The versions of sync_changes (migration 0016). */
export const syncVersion = pgSequence('sync_version');

/**
 * The per-user change log that makes a diff pull cost what changed (migration 0016): one entry
 * per row a user's pull holds or held, upserted by triggers in the writer's own transaction
 * (sync_log(), called for every user who sees the changed row) with a new `version` from the
 * sequence `sync_version` and the writer's top-level transaction id `xid`. `deleted` marks a row
 * gone from the user's view (a tombstone, pruned after the retention; see syncFloors). Each entry
 * written NOTIFYs 'carry_poke' with its user (live pokes, src/server/live). A new synced table
 * needs a trigger that calls sync_log() (sync_log_row(), migration 0024, for most).
 */
export const syncChanges = pgTable(
  'sync_changes',
  {
    userId: text('user_id').notNull(),
    /** 'listings', 'bookings', 'orders', 'profile' (src/server/routes/sync/sync.collections.ts). */
    collection: text('collection').notNull(),
    rowId: text('row_id').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(sql`nextval('sync_version')`),
    deleted: boolean('deleted').notNull(),
    xid: xid8('xid').notNull().default(sql`pg_current_xact_id()`),
    changedAt: at('changed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.collection, t.rowId] }),
    index('sync_changes_user_version_idx').on(t.userId, t.version),
    index('sync_changes_user_xid_idx').on(t.userId, t.xid),
    index('sync_changes_tombstone_idx').on(t.changedAt).where(sql`${t.deleted}`),
  ],
);

/**
 * Per user, the highest version of a tombstone the retention pruned: a pull cookie below it may
 * miss a deletion, so it gets the whole snapshot.
 */
export const syncFloors = pgTable('sync_floors', {
  userId: text('user_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * The answer to each pushed mutation (applied with its reply, or refused with its code), so a
 * push repeated after a lost answer gets the same answers and changes nothing. Rows older than
 * the idempotency retention are pruned (the push then acknowledges such an id with an empty body).
 */
export const syncResults = pgTable(
  'sync_results',
  {
    clientId: text('client_id').notNull(),
    mutationId: bigint('mutation_id', { mode: 'number' }).notNull(),
    ok: boolean('ok').notNull(),
    body: jsonb('body').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.mutationId] }),
    index('sync_results_created_idx').on(t.createdAt),
  ],
);

/**
 * A traveller's watched route (migration 0017): the listings from `from` to `to` departing
 * between first_day and last_day (the date less and plus `days`) are mirrored on their devices.
 * The id is the device's (a watch is named before the server sees it). Triggers poke the owner
 * on a change of the watch, and every watcher of a listing's route and date on a change of the
 * listing or of its carrier's rating.
 */
export const watches = pgTable(
  'watches',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    from: text('from_code').notNull(),
    to: text('to_code').notNull(),
    departure: text('departure').notNull(),
    days: integer('days').notNull(),
    firstDay: text('first_day').notNull(),
    lastDay: text('last_day').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('watches_user_route_unique').on(t.userId, t.from, t.to, t.departure),
    index('watches_route_idx').on(t.from, t.to, t.lastDay),
    check('watches_days_range', sql`${t.days} BETWEEN 0 AND 3`),
  ],
);

/** The server's VAPID key pair (one row), made on first start unless VAPID_* give one. */
export const vapidKeys = pgTable(
  'vapid_keys',
  {
    id: integer('id').primaryKey(),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [check('vapid_keys_single_row', sql`${t.id} = 1`)],
);

/**
 * A browser's Web Push subscription, bound to the user and the session that made it: logging out
 * (or any end of that session) deletes the session row and, by cascade, the subscription.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    endpoint: text('endpoint').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionHash: text('session_hash')
      .notNull()
      .references(() => sessions.tokenHash, { onDelete: 'cascade' }),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('push_subscriptions_user_idx').on(t.userId),
    // One per session: a browser has one subscription, and a session is one browser.
    uniqueIndex('push_subscriptions_session_idx').on(t.sessionHash),
  ],
);

/** A user's notification choices; no row means the defaults (booking e-mails on). */
export const notificationSettings = pgTable('notification_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  bookingEmails: boolean('booking_emails').notNull(),
  updatedAt: at('updated_at').notNull(),
});

/**
 * Pushes and mails waiting to go: written in the transaction of the change they tell about, sent
 * after its commit by the notifier (src/server/notify/notifier.ts), which claims due rows with
 * FOR UPDATE SKIP LOCKED and a lease (`claimed_until`), so one process sends each row. A sent row
 * is deleted; a transient failure moves `next_attempt_at` on (back-off); a row that failed for
 * good keeps `failed_at` and its last error.
 */
export const outboundMessages = pgTable(
  'outbound_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel').notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull(),
    claimedUntil: at('claimed_until'),
    lastError: text('last_error'),
    failedAt: at('failed_at'),
    createdAt: at('created_at').notNull(),
    /** Rows that go one after another (a device, a mail address, a user's events): only a lane's first is claimed. */
    lane: text('lane').notNull(),
    /** Whose backlog the row is ('user:<id>', 'reset:<email>'). */
    recipient: text('recipient').notNull(),
    /** 0: a password reset and its mail; 1: booking news. Claimed in this order first. */
    priority: smallint('priority').notNull().default(1),
    /** The recipient's rows waiting when it was queued: each one's next row goes before anyone's later ones. */
    depth: integer('depth').notNull().default(0),
  },
  (t) => [
    index('outbound_messages_due_idx').on(t.nextAttemptAt).where(sql`${t.failedAt} is null`),
    index('outbound_messages_claim_idx').on(t.priority, t.depth, t.id).where(sql`${t.failedAt} is null`),
    index('outbound_messages_lane_idx').on(t.lane, t.id).where(sql`${t.failedAt} is null`),
    index('outbound_messages_recipient_idx').on(t.recipient, t.depth).where(sql`${t.failedAt} is null`),
  ],
);

/** Password reset links: only the sha256 of the token is kept; a user has at most one (the newest). */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * Messages between a booking's traveller and its carrier (migration 0018), under the id the
 * sending device made (a replayed mutation never stores one twice). `seq` orders a thread: writes
 * to one thread hold a lock on its booking, so seq order is commit order there. Its triggers poke
 * both sides of the booking.
 */
export const messages = pgTable(
  'messages',
  {
    id: text('id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    bookingId: text('booking_id').notNull(),
    senderId: text('sender_id').notNull(),
    text: text('text').notNull(),
    sentAt: at('sent_at').notNull(),
  },
  (t) => [
    // Foreign keys under the names migration 0018 gave them (PostgreSQL's, not Drizzle's).
    foreignKey({ name: 'messages_booking_id_fkey', columns: [t.bookingId], foreignColumns: [bookings.id] }),
    foreignKey({ name: 'messages_sender_id_fkey', columns: [t.senderId], foreignColumns: [users.id] }),
    uniqueIndex('messages_seq_unique').on(t.seq),
    index('messages_booking_idx').on(t.bookingId, t.seq),
    index('messages_sender_idx').on(t.senderId, t.sentAt),
  ],
);

/**
 * The thread a device has on screen (migration 0030), one per session, until `until` (the device
 * renews it while the thread stays open): a message to its user in that thread sends no push.
 */
export const threadViews = pgTable(
  'thread_views',
  {
    sessionHash: text('session_hash')
      .primaryKey()
      .references(() => sessions.tokenHash, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    until: at('until').notNull(),
  },
  (t) => [index('thread_views_thread_idx').on(t.userId, t.bookingId)],
);

/** When a user was last told of a message in a thread (migration 0030's trigger coalesces by it). */
export const threadNotices = pgTable(
  'thread_notices',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    notifiedAt: at('notified_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.bookingId] })],
);

/** Each side's last read message per thread; only moves forward. Pokes both sides. */
export const messageReads = pgTable(
  'message_reads',
  {
    bookingId: text('booking_id').notNull(),
    userId: text('user_id').notNull(),
    lastReadId: text('last_read_id').notNull(),
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.userId] }),
    foreignKey({
      name: 'message_reads_booking_id_fkey',
      columns: [t.bookingId],
      foreignColumns: [bookings.id],
    }),
    foreignKey({ name: 'message_reads_user_id_fkey', columns: [t.userId], foreignColumns: [users.id] }),
    foreignKey({
      name: 'message_reads_last_read_id_fkey',
      columns: [t.lastReadId],
      foreignColumns: [messages.id],
    }),
  ],
);

/** Reported messages, kept for review with their thread: one report per message and reporter. */
export const messageReports = pgTable(
  'message_reports',
  {
    messageId: text('message_id').notNull(),
    reporterId: text('reporter_id').notNull(),
    bookingId: text('booking_id').notNull(),
    reason: text('reason').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.reporterId] }),
    foreignKey({
      name: 'message_reports_message_id_fkey',
      columns: [t.messageId],
      foreignColumns: [messages.id],
    }),
    foreignKey({
      name: 'message_reports_reporter_id_fkey',
      columns: [t.reporterId],
      foreignColumns: [users.id],
    }),
    foreignKey({
      name: 'message_reports_booking_id_fkey',
      columns: [t.bookingId],
      foreignColumns: [bookings.id],
    }),
    index('message_reports_created_idx').on(t.createdAt),
  ],
);

/** Addresses the operator made staff (`npm run staff -- add`); STAFF_EMAILS names more. */
export const staffMembers = pgTable('staff_members', {
  email: text('email').primaryKey(),
  addedAt: at('added_at').notNull(),
});

/** Sessions ended by a suspension: a device still presenting one is told auth/suspended. */
export const endedSessions = pgTable(
  'ended_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    endedAt: at('ended_at').notNull(),
  },
  (t) => [index('ended_sessions_user_idx').on(t.userId)],
);

/** A user's report of a message, a booking or another user, for the team to handle. */
export const reports = pgTable(
  'reports',
  {
    id: text('id').primaryKey(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id),
    subjectId: text('subject_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    messageId: text('message_id'),
    bookingId: text('booking_id'),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    status: text('status').notNull().default('open'),
    createdAt: at('created_at').notNull(),
    handledAt: at('handled_at'),
    handledBy: text('handled_by'),
  },
  (t) => [
    check('reports_kind_check', sql`${t.kind} IN ('message', 'booking', 'user')`),
    check('reports_status_check', sql`${t.status} IN ('open', 'dismissed', 'warned', 'suspended')`),
    index('reports_status_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('reports_subject_idx').on(t.subjectId),
  ],
);

/** Blocks: neither side can book the other or write to them while a row names the pair. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'blocks_pk', columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId, t.blockerId),
  ],
);

/** Every staff action (append-only: a trigger refuses UPDATE, DELETE and TRUNCATE, migration 0033). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: at('at').notNull(),
    /** The staff member; null for the operator's command line. */
    actorId: text('actor_id'),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    subjectId: text('subject_id'),
    /** Whom or what it was done to, in words (an address, a query, a route). */
    subject: text('subject').notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [index('audit_log_subject_idx').on(t.subjectId, t.id.desc())],
);
