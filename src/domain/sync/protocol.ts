// The sync wire protocol: POST /api/sync/push (a batch of numbered mutations from one client)
// and GET /api/sync/pull (the user's rows, the last mutation id the server applied and the
// stored results the client has not acknowledged yet). Both name the client's protocol and
// schema version; each side refuses a protocol it does not speak (426 sync/upgrade-required).
import * as v from 'valibot';
import { orderSchema } from '../booking/schema';
import { courierRowSchema } from '../courier/status';
import { listingSchema } from '../listing/schema';
import { messageSchema, threadReadSchema } from '../message/schema';
import { profileResponseSchema } from '../profile/schema';
import { watchSchema } from '../watch/schema';

/** Most mutations in one push; a client sends more in several pushes. */
export const PUSH_BATCH_MAX = 1000;

/**
 * The most a client puts in one push's mutations (their JSON, in UTF-8 bytes): it starts another
 * push before this, so a push stays under the server's JSON body limit (JSON_BODY_MAX_BYTES, 1 MB)
 * with room for the envelope, however long the texts (250 messages of 2,000 Devanagari characters
 * would be 1.5 MB).
 */
export const PUSH_BATCH_BYTES = 768 * 1024;

/**
 * The protocol this code speaks. 1: the first release (no versions named, no results in a pull);
 * 2: pulls carry results, pushed mutations may carry an Idempotency-Key of the REST era.
 * Bump it for any change an older peer would misread, and keep MIN_SYNC_PROTOCOL at the oldest
 * one the server still answers correctly. Protocol 1 is still answered, except for a client id
 * that has pushed in protocol 2: that is a tab of the first release left open after an update,
 * whose pull would delete refused entries of the new tabs sharing its database and store a
 * cookie past the messages it does not know (503 sync/old-release, sync.protocol.ts).
 */
export const SYNC_PROTOCOL = 2;
export const MIN_SYNC_PROTOCOL = 1;
/** The protocol from which a client id is answered in no older one (migration 0028). */
export const MIN_APP_SYNC_PROTOCOL = 2;

/** Whether the other side's protocol is one this code answers (an absent one is version 1). */
export function speaksProtocol(version: number | undefined): boolean {
  const v = version ?? 1;
  return v >= MIN_SYNC_PROTOCOL && v <= SYNC_PROTOCOL;
}

const versionSchema = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1_000_000));
/** Same rule as the REST header (src/server/http/idempotency.ts): printable ASCII, 1-200. */
const idempotencyKeySchema = v.pipe(v.string(), v.regex(/^[\x21-\x7e]{1,200}$/));

export const clientIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{8,64}$/, 'Invalid client id'));

/**
 * Arguments are checked per kind by the server (MUTATION_ARGS), so a bad one fails alone.
 * `user` is the email the device queued the mutations for: a session of anyone else is refused,
 * so one user's changes never land in another's account, even on a client's first push.
 */
export const pushRequestSchema = v.object({
  clientId: clientIdSchema,
  user: v.pipe(v.string(), v.maxLength(254)),
  /** The client's sync protocol (absent: 1) and its local database's schema version. */
  protocol: v.optional(versionSchema),
  schema: v.optional(versionSchema),
  mutations: v.pipe(
    v.array(
      v.object({
        id: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER)),
        kind: v.pipe(v.string(), v.maxLength(50)),
        args: v.unknown(),
        /**
         * The Idempotency-Key an earlier release sent this change under over REST (its entry key):
         * if the server stored an answer for it, that answer is the mutation's, and it is not
         * applied again.
         */
        idempotencyKey: v.optional(idempotencyKeySchema),
      }),
    ),
    v.maxLength(PUSH_BATCH_MAX),
  ),
});
export type PushRequest = v.InferOutput<typeof pushRequestSchema>;

/**
 * GET /api/sync/pull's query string (each value a string, as a URL carries it). `user` is the
 * email the device pulls for, as in a push.
 */
export const pullQuerySchema = v.object({
  clientId: clientIdSchema,
  user: v.optional(v.string()),
  cookie: v.optional(v.pipe(v.string(), v.maxLength(2000))),
  /** '1': the client applies patches; without it, the whole snapshot whenever anything changed. */
  diff: v.optional(v.picklist(['0', '1'])),
  /** The highest mutation id whose answer the client holds: the results above it come along. */
  acked: v.optional(v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number))),
  protocol: v.optional(v.pipe(v.string(), v.regex(/^\d{1,7}$/), v.transform(Number))),
  schema: v.optional(v.pipe(v.string(), v.regex(/^\d{1,7}$/))),
});

/**
 * One answer per mutation the server got to, in order: applied (with the server's reply body),
 * or refused for good (recorded as applied with this error, never retried). Mutations after a
 * transient failure get no answer: the client sends them again later, with the same ids.
 */
export const pushResultSchema = v.variant('ok', [
  v.object({ id: v.number(), ok: v.literal(true), body: v.record(v.string(), v.unknown()) }),
  v.object({
    id: v.number(),
    ok: v.literal(false),
    code: v.string(),
    message: v.string(),
    /** Seconds from the answer until a retry can pass (a locked hand-off), as REST's Retry-After. */
    retryAfter: v.optional(v.number()),
  }),
]);
export type PushResult = v.InferOutput<typeof pushResultSchema>;

export const pushResponseSchema = v.object({
  /** The server's protocol (absent: 1); a client refuses an answer in one it does not speak. */
  protocol: v.optional(v.number()),
  lastMutationId: v.number(),
  results: v.array(pushResultSchema),
  /**
   * Seconds before the mutations left unanswered may pass: the batch stopped at one held by a
   * rate (a message over the per-minute rate). Absent: they go again after the usual back-off.
   */
  retryAfter: v.optional(v.number()),
});
export type PushResponse = v.InferOutput<typeof pushResponseSchema>;

const snapshotSchema = v.object({
  listings: v.array(listingSchema),
  bookings: v.array(orderSchema),
  orders: v.array(orderSchema),
  profile: v.nullable(profileResponseSchema),
  /**
   * The user's watched routes and the listings they cover (what a search result card needs).
   * Optional: a server of an earlier release sends neither, and an older client ignores both.
   */
  watches: v.optional(v.array(watchSchema)),
  watched: v.optional(v.array(listingSchema)),
  /**
   * Messages of the user's threads (capped: MESSAGES_PER_THREAD_IN_PULL per thread,
   * MESSAGES_IN_PULL in all, newest kept) and each thread's read state. Optional: a server
   * before messages sends neither, and an older client ignores them.
   */
  messages: v.optional(v.array(messageSchema)),
  reads: v.optional(v.array(threadReadSchema)),
  /** The sender's courier requests (issue 30). Optional: a server before them sends none. */
  couriers: v.optional(v.array(courierRowSchema)),
});
export type PullSnapshot = v.InferOutput<typeof snapshotSchema>;

/** One collection's changes since the state a cookie names: rows to put, ids to delete. */
const changesSchema = <T extends v.GenericSchema>(row: T) =>
  v.object({ put: v.array(row), del: v.array(v.string()) });

const patchSchema = v.object({
  listings: changesSchema(listingSchema),
  bookings: changesSchema(orderSchema),
  orders: changesSchema(orderSchema),
  watches: v.optional(changesSchema(watchSchema)),
  watched: v.optional(changesSchema(listingSchema)),
  messages: v.optional(changesSchema(messageSchema)),
  reads: v.optional(changesSchema(threadReadSchema)),
  couriers: v.optional(changesSchema(courierRowSchema)),
  /** Present only when the profile changed. */
  profile: v.optional(v.nullable(profileResponseSchema)),
});
export type PullPatch = v.InferOutput<typeof patchSchema>;

/**
 * The pull answer. `cookie` names the state sent. A pull that sends the same cookie back gets
 * neither `snapshot` nor `patch` when nothing changed; one that asks for a diff (`diff=1`) and
 * names a state the server still knows gets `patch`, only what changed since; any other gets
 * the whole `snapshot`. `user` is whose rows these are.
 */
/**
 * The operator's settings the device decides by as the server will (every pull carries them; the
 * device keeps the last ones for offline): hours before departure a traveller may still cancel an
 * accepted booking (CANCEL_CUTOFF_HOURS).
 */
export const serverRulesSchema = v.object({
  cancelCutoffHours: v.optional(v.pipe(v.number(), v.minValue(0))),
});
export type ServerRules = v.InferOutput<typeof serverRulesSchema>;

export const pullResponseSchema = v.object({
  protocol: v.optional(v.number()),
  user: v.string(),
  lastMutationId: v.number(),
  cookie: v.string(),
  snapshot: v.nullable(snapshotSchema),
  patch: v.optional(v.nullable(patchSchema)),
  /**
   * The stored answers of this client's mutations above the id it said it acknowledged
   * (`acked`), up to lastMutationId, oldest first: an answer a push lost reaches its entry here.
   * Absent for a client that sends no `acked`.
   */
  results: v.optional(v.array(pushResultSchema)),
  /** Absent from an older server: the device keeps what it had, else the defaults. */
  rules: v.optional(serverRulesSchema),
});
export type PullResponse = v.InferOutput<typeof pullResponseSchema>;
