// Validated answers: a list a user reads again and again (their orders, bookings, listings) costs
// what changed since, not the whole list. Every row such a list shows is a row of one of the
// user's sync collections, and every change to it logs an entry in sync_changes in the writer's
// own transaction (migration 0016). So an answer read at the state a pull cookie names
// (db/sync-cookie.ts: the user's top version and the transactions still running) stays the answer
// until the user has an entry of that collection newer than the cookie. Each call asks the
// database exactly that (sync_collection_state, migration 0023: one call, an index probe per
// test), then:
// - nothing newer and the client's If-None-Match names that state: 304, no body;
// - nothing newer and this process holds the serialised answer: those bytes, no query, no JSON;
// - otherwise the list is read and serialised once, kept, and sent with the new state's ETag.
// The copy is per process, bounded by bytes (least recently used out first); correctness across
// processes comes from the probe, which is in the database. The ETag names the user (a digest of
// their id), the resource and the cookie, so one user's tag never validates another's answer
// (a browser shared by two accounts sends the first one's tag for the same URL).
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/client';
import { formatCookie, type PullCookie, parseCookie } from '../db/sync-cookie';
import type { AppEnv } from './app-env';

/** Bytes of serialised answers one process keeps (a carrier's 200 orders are about 130 KB). */
export const ANSWER_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * The answers' format: part of every ETag, so a release that changes what a list holds does not
 * validate a tag an older release gave. Raise it with any change to a cached answer's shape.
 */
const ANSWER_FORMAT = 'a1';

/** A cached list: its name (in its ETag and cache key) and the sync collection of its rows. */
export interface CachedResource {
  /** One per route. */
  name: string;
  /** The sync collection (sync_changes.collection) whose entries are every change it shows. */
  collection: string;
}

interface Entry {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  /** The newest state known to give the same answer: advanced by each probe that finds nothing. */
  checked: PullCookie;
}

/** Least recently used out first, by bytes (lru-cache); an answer over the whole budget is not kept. */
export class ByteLru extends LRUCache<string, Entry> {
  constructor(maxBytes: number) {
    super({ maxSize: maxBytes, sizeCalculation: (entry) => Math.max(1, entry.body.byteLength) });
  }

  get bytes() {
    return this.calculatedSize;
  }
}

/** What answering needs of the app's dependencies (src/server/deps.ts gives them). */
interface AnswerDeps {
  db: Db;
}

/** One cache per app (createApp's deps): two apps in one process keep theirs apart, as two
 * processes do. */
const caches = new WeakMap<AnswerDeps, ByteLru>();
export function answerCacheOf(deps: AnswerDeps): ByteLru {
  let cache = caches.get(deps);
  if (!cache) {
    cache = new ByteLru(ANSWER_CACHE_BYTES);
    caches.set(deps, cache);
  }
  return cache;
}

export interface CollectionState {
  /** Whether the user has an entry of the collection newer than the cookie asked about. */
  changed: boolean;
  /** The state this snapshot saw, as a cookie and as its text. */
  cookie: PullCookie;
  text: string;
}

/** The probe each call makes: whether `collection` has changed for the user since `since`, and
 * the state now (exported for the benchmarks, through src/server/index.ts). */
export async function collectionState(
  db: Db,
  userId: string,
  collection: string,
  since: PullCookie | null,
): Promise<CollectionState> {
  const result = (await db.execute(sql`
    SELECT * FROM sync_collection_state(${userId}, ${collection}, ${since ? since.version : null}::bigint,
      ${`{${since?.running.join(',') ?? ''}}`}::xid8[], ${since?.fromXid ?? null}::xid8)`)) as unknown as {
    rows: {
      top: string | number;
      floor_version: string | number | null;
      running: string[];
      snapshot_xmin: string;
      changed: boolean;
    }[];
  };
  const row = result.rows[0];
  if (!row) throw new Error('sync_collection_state returned no row');
  const floor = Number(row.floor_version ?? 0);
  const top = Math.max(Number(row.top), floor);
  // The same text a pull would give for this state, and its reading.
  const text = formatCookie(top, row.running, row.snapshot_xmin);
  const cookie = parseCookie(text) as PullCookie;
  // A cookie below the floor may miss a pruned deletion; one above the top is not this user's.
  const usable = since !== null && since.version >= floor && since.version <= top;
  return { changed: !usable || row.changed, cookie, text };
}

/** Binds a tag to its user without spelling out their id. */
const userTag = (userId: string) => createHash('sha256').update(userId).digest('base64url').slice(0, 22);

function etagOf(resource: CachedResource, userId: string, cookieText: string): string {
  return `"${ANSWER_FORMAT}.${resource.name}.${userTag(userId)}.${cookieText}"`;
}

/** The cookie in an If-None-Match tag this user was given for this resource, if any. */
function askedCookie(header: string | undefined, resource: CachedResource, userId: string) {
  if (!header) return null;
  const prefix = `"${ANSWER_FORMAT}.${resource.name}.${userTag(userId)}.`;
  for (const raw of header.split(',')) {
    // If-None-Match compares weakly: W/"x" names the same answer as "x".
    const tag = raw.trim().replace(/^W\//, '');
    if (!tag.startsWith(prefix) || !tag.endsWith('"')) continue;
    const cookie = parseCookie(tag.slice(prefix.length, -1));
    if (cookie) return { tag, cookie };
  }
  return null;
}

/**
 * Headers of every answer: the browser keeps it but asks each time (no-cache), keeps it for this
 * user only (private), and keys it by the credentials the answer depends on.
 */
function validators(c: Context<AppEnv>, etag: string) {
  c.header('ETag', etag);
  c.header('Cache-Control', 'private, no-cache');
  // Appended: the CORS middleware, when on, has said Vary: Origin already.
  c.header('Vary', 'Cookie, Authorization', { append: true });
}

const utf8 = new TextEncoder();
const JSON_TYPE = { 'Content-Type': 'application/json' };

/**
 * Answers `resource` for `userId`: 304 when the client's tag still holds, the kept bytes when
 * this process's copy does, else `load()` serialised as JSON (and kept).
 */
export async function validatedAnswer(
  c: Context<AppEnv>,
  deps: AnswerDeps,
  userId: string,
  resource: CachedResource,
  load: () => Promise<unknown>,
): Promise<Response> {
  const { db } = deps;
  const cache = answerCacheOf(deps);
  const key = `${resource.name}\u0000${userId}`;
  const kept = cache.get(key);
  const asked = askedCookie(c.req.header('if-none-match'), resource, userId);
  // What to check: this process's copy if it has one, else the state the client holds.
  const since = kept?.checked ?? asked?.cookie ?? null;
  const state = await collectionState(db, userId, resource.collection, since);
  if (kept && !state.changed) {
    kept.checked = state.cookie;
    validators(c, kept.etag);
    if (asked?.tag === kept.etag) return c.body(null, 304);
    return c.body(kept.body, 200, JSON_TYPE);
  }
  if (!kept && asked && !state.changed) {
    validators(c, asked.tag);
    return c.body(null, 304);
  }
  // Read after the probe: the rows are at least as new as the state the tag names, and anything
  // newer than that state is an entry the next probe finds.
  const body = utf8.encode(JSON.stringify(await load()));
  const etag = etagOf(resource, userId, state.text);
  cache.set(key, { body, etag, checked: state.cookie });
  validators(c, etag);
  return c.body(body, 200, JSON_TYPE);
}
