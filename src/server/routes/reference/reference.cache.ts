// The answers of /api/get/airports (~380 KB of JSON) and /api/get/airlines, built once per
// version of the reference tables: queried, serialised, gzipped and brotli-compressed (in
// zlib's thread pool, off the event loop) on first use, then served from memory.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Db } from '../../db/client';
import { referenceVersion } from '../../db/reference-version';
import { listAirlines, listAirports } from '../../model/reference.queries';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export interface EncodedBody {
  /** Weak: the same entity tag for each of the encodings. */
  etag: string;
  identity: Uint8Array;
  gzip: Uint8Array;
  br: Uint8Array;
}

const LISTS = { airports: listAirports, airlines: listAirlines } as const;
export type ReferenceList = keyof typeof LISTS;

const cache = new WeakMap<Db, Map<ReferenceList, { version: number; body: Promise<EncodedBody> }>>();

async function build(db: Db, list: ReferenceList): Promise<EncodedBody> {
  const identity = Buffer.from(JSON.stringify(await LISTS[list](db)));
  const [gz, br] = await Promise.all([
    gzipAsync(identity, { level: 9 }),
    brotliAsync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  ]);
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  return { etag: `W/"${hash}"`, identity, gzip: gz, br };
}

/** The list's answer for the reference tables as last seeded, built at most once per version. */
export function referenceBody(db: Db, list: ReferenceList): Promise<EncodedBody> {
  const version = referenceVersion(db);
  let lists = cache.get(db);
  if (!lists) {
    lists = new Map();
    cache.set(db, lists);
  }
  const cached = lists.get(list);
  if (cached?.version === version) return cached.body;
  const entry = { version, body: build(db, list) };
  lists.set(list, entry);
  // A failed build is tried again by the next request.
  entry.body.catch(() => {
    if (lists.get(list) === entry) lists.delete(list);
  });
  return entry.body;
}
