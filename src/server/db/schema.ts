// The one Drizzle pg-core schema: every table the API reads or writes, with an index for each
// query it runs. Weights are stored in grams so capacity sums are exact integers.
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

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    address: text('address'),
    at: at('at').notNull(),
  },
  (t) => [
    index('login_attempts_email_idx').on(t.email, t.at),
    index('login_attempts_address_idx').on(t.address, t.at),
    // The prune on successful login (at < window start) reads only the expired rows.
    index('login_attempts_at_idx').on(t.at),
  ],
);

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
  },
  (t) => [
    index('bookings_listing_idx').on(t.listingId, t.status),
    // Held space per listing (listings.queries.ts) as an index-only scan. The predicate is
    // HOLDS_SPACE in src/domain/booking/status.ts; Drizzle cannot express INCLUDE, so the
    // weight is a second key column.
    index('bookings_held_idx')
      .on(t.listingId, t.weightGrams)
      .where(sql`${t.status} in ('pending', 'accepted', 'completed')`),
    index('bookings_traveller_idx').on(t.travellerId, t.createdAt),
    index('bookings_carrier_idx').on(t.carrierId, t.createdAt),
  ],
);

/** Searches that found nothing: the team follows them up by hand. */
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
  },
  (t) => [index('match_requests_route_idx').on(t.from, t.to, t.departure)],
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
  (t) => [index('courier_requests_user_idx').on(t.userId)],
);

/** Uploaded images, kept in the database so every instance serves the same files. */
export const files = pgTable('files', {
  name: text('name').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  createdAt: at('created_at').notNull(),
});

/** One row per (scope, key): the first response of a write, replayed for any repeat. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    status: integer('status').notNull(),
    body: jsonb('body').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
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
