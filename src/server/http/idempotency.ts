// Writes run in one transaction together with their Idempotency-Key record: the key is claimed
// first (a concurrent duplicate waits on the unique key, then finds the stored answer), the
// work runs, the answer is stored. A failure rolls the claim back, so a retry runs afresh.
// A key is bound to its request (method, path, body hash): reused for another request it is
// refused with 422, never answered with the other request's reply. Keys expire after
// `idempotencyRetentionMs` (docs/api.md: "Idempotency keys").
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { IDEMPOTENCY_HEADER } from '@/domain/constants';
import type { AppConfig, Clock } from '../config';
import type { Db, Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { run, type Statement } from '../db/statement';
import { bodyText } from './body';
import { ApiError, invalid, type Reply, sendReply } from './errors';

export type { Reply } from './errors';

const KEY_RE = /^[\x21-\x7e]{1,200}$/;

/** What a keyed write needs of the app's dependencies (src/server/deps.ts gives them). */
interface KeyDeps {
  db: Db;
  clock: Clock;
  config: Pick<AppConfig, 'idempotencyRetentionMs'>;
}

export function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('base64url');
}

/**
 * Runs `work` in a transaction, exactly once per (scope, Idempotency-Key) when a key is sent.
 * `bodyHash` identifies the request's content; by default the hash of the raw body (JSON
 * routes), a multipart upload passes its own (its boundary changes on every retry).
 * `outdated`: whether a stored answer no longer holds (an upload's link to a file the clean-up
 * has deleted since): then the work runs again and its answer replaces the stored one.
 */
export async function idempotentWrite(
  c: Context,
  deps: KeyDeps,
  scope: string,
  work: (tx: Tx) => Promise<Reply>,
  bodyHash?: string,
  outdated?: (tx: Tx, stored: Reply) => Promise<boolean>,
): Promise<Response> {
  const keyed = await keyedRequest(c, bodyHash);
  if (keyed === null) {
    return sendReply(c, await deps.db.transaction(work));
  }
  const { key, request } = keyed;
  const outcome = await deps.db.transaction(async (tx) => {
    const claim = await claimIdempotencyKey(tx, deps, scope, key, request);
    if (claim.stored && !(outdated && (await outdated(tx, claim.stored))))
      return { replayed: true, reply: claim.stored };
    const reply = await work(tx);
    await storeIdempotentReply(tx, scope, key, reply);
    return { replayed: false, reply };
  });
  if (outcome.replayed) c.header('Idempotent-Replayed', 'true');
  return sendReply(c, outcome.reply);
}

/**
 * The request's Idempotency-Key (400 when malformed) and the request it binds, or null without
 * one. `bodyHash` as for idempotentWrite.
 */
export async function keyedRequest(
  c: Context,
  bodyHash?: string,
): Promise<{ key: string; request: KeyedRequest } | null> {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key === undefined) return null;
  if (!KEY_RE.test(key)) throw invalid([{ path: IDEMPOTENCY_HEADER, message: 'Invalid Idempotency-Key' }]);
  return {
    key,
    request: { method: c.req.method, path: c.req.path, bodyHash: bodyHash ?? sha256(await bodyText(c)) },
  };
}

/** The request a key is bound to; an empty bodyHash matches any request (see below). */
export interface KeyedRequest {
  method: string;
  path: string;
  bodyHash: string;
}

/**
 * Claims (scope, key) in `tx`, or finds the answer stored for it. A concurrent claim of the same
 * key waits on the unique key until the other transaction ends, then finds its answer (or, if it
 * rolled back, claims the key afresh). An expired record is taken over as if the key were new.
 * A record made for a pushed mutation (src/server/routes/sync) has an empty bodyHash and answers
 * any request with its key, and a pushed mutation accepts any record of its key.
 */
export async function claimIdempotencyKey(
  tx: Tx,
  deps: KeyDeps,
  scope: string,
  key: string,
  request: KeyedRequest | null,
): Promise<{ stored: Reply | null }> {
  const nowMs = deps.clock.now();
  const fresh = request ?? { method: 'PUSH', path: '', bodyHash: '' };
  const claimed = await run(tx, CLAIM_KEY, [
    scope,
    key,
    fresh.method,
    fresh.path,
    fresh.bodyHash,
    new Date(nowMs).toISOString(),
    new Date(nowMs - deps.config.idempotencyRetentionMs).toISOString(),
  ]);
  if (claimed.length > 0) return { stored: null };
  const [stored] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  // Status 0 is a claim whose transaction has not committed: only possible mid-flight.
  if (!stored || stored.status === 0) throw new ApiError('idempotency/conflict');
  // '' marks a record from before requests were bound to their keys, or one of a push.
  const same =
    request === null ||
    stored.bodyHash === '' ||
    (stored.method === request.method &&
      stored.path === request.path &&
      stored.bodyHash === request.bodyHash);
  if (!same) throw new ApiError('idempotency/key-reused');
  return { stored: { status: stored.status as ContentfulStatusCode, body: stored.body as Reply['body'] } };
}

/**
 * $1 scope, $2 key, $3 method, $4 path, $5 body hash, $6 now, $7 the oldest a live record may
 * be: a new claim (status 0), or an expired record taken over; no row when a live one holds the
 * key. Named statements (src/server/db/statement.ts): every keyed write runs both.
 */
const CLAIM_KEY: Statement = {
  name: 'idempotency_claim',
  text: `INSERT INTO idempotency_keys AS k (scope, key, method, path, body_hash, status, body, created_at)
    VALUES ($1, $2, $3, $4, $5, 0, '{}'::jsonb, $6::timestamptz)
    ON CONFLICT (scope, key) DO UPDATE SET method = EXCLUDED.method, path = EXCLUDED.path,
      body_hash = EXCLUDED.body_hash, status = 0, body = '{}'::jsonb, created_at = EXCLUDED.created_at
    WHERE k.created_at < $7::timestamptz
    RETURNING k.key`,
};

/** $1 scope, $2 key, $3 status, $4 the body as JSON text. */
const STORE_REPLY: Statement = {
  name: 'idempotency_store',
  text: `UPDATE idempotency_keys SET status = $3::integer, body = $4::text::jsonb WHERE scope = $1 AND key = $2`,
};

/** Stores the answer of a claimed key, in the claim's transaction. */
export async function storeIdempotentReply(tx: Tx, scope: string, key: string, reply: Reply): Promise<void> {
  await run(tx, STORE_REPLY, [scope, key, reply.status, JSON.stringify(reply.body)]);
}

/** Deletes the records older than the retention period; main.ts runs it every hour. */
export async function pruneIdempotencyKeys(db: Db, nowMs: number, retentionMs: number): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(nowMs - retentionMs)))
    .returning({ one: sql`1` });
  return gone.length;
}
