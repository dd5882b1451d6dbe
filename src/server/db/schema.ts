// The one Drizzle pg-core schema: every table the API reads or writes, with an index for each
// query it runs. Weights are stored in grams so capacity sums are exact integers.
// Not expressible here: migration 0014's triggers on listings, bookings, ratings, rating_totals,
// users and courier_requests NOTIFY 'carry_poke' with the id of every user whose pull holds the
// changed row (live pokes, src/server/live); a new synced table needs one too.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  age: integer('age').notNull(),
  gender: text('gender').notNull(),
  passwordHash: text('password_hash').notNull(),
  createdAt: at('created_at').notNull(),
});

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
  (t) => [index('sessions_user_idx').on(t.userId)],
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
     * Grams held by this listing's bookings whose status holds space (HOLDS_SPACE). Kept by the
     * trigger bookings_hold_space (migration 0008) on every insert, status change and delete of a
     * booking, in the same transaction: search reads it instead of summing bookings per listing.
     */
    heldGrams: integer('held_grams').notNull().default(0),
    /** Rupees per KG. */
    cost: doublePrecision('cost').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('listings_route_idx').on(t.from, t.to, t.departure),
    index('listings_user_idx').on(t.userId, t.departure),
    uniqueIndex('listings_flight_unique').on(t.userId, t.flightNo, t.departure),
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
    status: text('status').notNull(),
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
  },
  (t) => [
    index('bookings_listing_idx').on(t.listingId, t.status),
    index('bookings_pending_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'pending'`),
    index('bookings_traveller_idx').on(t.travellerId, t.createdAt),
    index('bookings_carrier_idx').on(t.carrierId, t.createdAt),
  ],
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
  },
  (t) => [
    index('match_requests_route_idx').on(t.from, t.to, t.departure),
    uniqueIndex('match_requests_user_route_unique').on(t.userId, t.from, t.to, t.departure),
  ],
);

export const contactMessages = pgTable('contact_messages', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  message: text('message').notNull(),
  createdAt: at('created_at').notNull(),
});

export const courierRequests = pgTable(
  'courier_requests',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('pending'),
    /** The validated request as sent (courierRequestSchema output). */
    details: jsonb('details').notNull(),
    itemImageUrl: text('item_image_url').notNull(),
    paymentAcknowledged: boolean('payment_acknowledged').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('courier_requests_user_idx').on(t.userId),
    // The file a request names (its url after /api/files/): the clean-up of unreferenced images
    // probes it per file instead of scanning every request.
    index('courier_requests_image_name_idx').using(
      'btree',
      sql`regexp_replace(${t.itemImageUrl}, '^.*/api/files/', '')`,
    ),
  ],
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
  },
  (t) => [index('sync_clients_user_idx').on(t.userId)],
);

/**
 * A state of a user's rows a pull sent, as a manifest of row ids and digests per collection,
 * named by the pull's cookie (a digest of the manifest): the next pull that names it gets only
 * what changed since (rows to put, ids to delete). Kept per user, not per client, so clients in
 * the same state share one and a user keeps a few at most (VIEWS_PER_USER in
 * src/server/routes/sync/pull-guard.ts); `created_at` is when it was last sent. Older ones are
 * pruned with the sync results.
 */
export const syncViews = pgTable(
  'sync_views',
  {
    userId: text('user_id').notNull(),
    cookie: text('cookie').notNull(),
    manifest: jsonb('manifest').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.cookie] }),
    index('sync_views_created_idx').on(t.createdAt),
    index('sync_views_user_idx').on(t.userId, t.createdAt),
  ],
);

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

/** The server's VAPID key pair (one row), made on first start unless VAPID_* give one. */
export const vapidKeys = pgTable('vapid_keys', {
  id: integer('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: at('created_at').notNull(),
});

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
    index('push_subscriptions_session_idx').on(t.sessionHash),
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
 * after its commit by the notifier (src/server/notify/worker.ts), which claims due rows with
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
  },
  (t) => [index('outbound_messages_due_idx').on(t.nextAttemptAt).where(sql`${t.failedAt} is null`)],
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
