// GET /api/get/airports and /api/get/airlines: public reference data, cacheable for 5 minutes
// and revalidated by ETag (304). Every scheduled airport is ~380 KB of JSON, ~75 KB gzipped, on
// a first sync over an airport's link: the answers are built and compressed once per seed
// (reference.cache.ts) and sent as the client's Accept-Encoding prefers (brotli, gzip, none).
import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../deps';
import { type ReferenceList, referenceBody } from './reference.cache';

/** The encodings the client accepts (q > 0), by name. */
function accepted(header: string | undefined): Set<string> {
  const names = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) names.add(name);
  }
  return names;
}

function sameTag(ifNoneMatch: string | undefined, etag: string): boolean {
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return (ifNoneMatch ?? '').split(',').some((t) => bare(t) === bare(etag) || t.trim() === '*');
}

export async function send(c: Context<AppEnv>, deps: Deps, list: ReferenceList) {
  const body = await referenceBody(deps.db, list);
  const headers: Record<string, string> = {
    ETag: body.etag,
    'Cache-Control': 'public, max-age=300',
    Vary: 'Accept-Encoding',
  };
  if (sameTag(c.req.header('if-none-match'), body.etag)) return c.body(null, 304, headers);
  const encodings = accepted(c.req.header('accept-encoding'));
  const [encoding, bytes] = encodings.has('br')
    ? ['br', body.br]
    : encodings.has('gzip')
      ? ['gzip', body.gzip]
      : [null, body.identity];
  if (encoding) headers['Content-Encoding'] = encoding;
  headers['Content-Type'] = 'application/json';
  headers['Content-Length'] = String(bytes.length);
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, headers);
}
