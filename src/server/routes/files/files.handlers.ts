// Courier item images: POST /api/files/courier-images (multipart `file`, an image by content,
// at most 5 MB, within the uploader's quota) answers its download `url`; GET serves it with the
// detected type. The name in the link makes it unguessable, like a storage download link. The
// database keeps the metadata; the bytes go to the file store (../../files), streamed in and out.
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { IMAGE_MAX_BYTES } from '@/domain/constants';
import { requireUser } from '../../auth/guard';
import type { AppEnv, Deps } from '../../deps';
import { lockBlob } from '../../files/blob-lock';
import { FOLDER } from '../../files/folders';
import { clientAborted } from '../../http/client-abort';
import { ApiError, invalid } from '../../http/errors';
import { idempotentWrite, sha256 } from '../../http/idempotency';
import { checkFileQuota } from '../../model/files.checks';
import { readLegacyFile } from '../../model/files.legacy';
import { fileNamed, keepUpload } from '../../model/files.queries';
import { detectImageType } from './files.image-type';
import { type MultipartFile, multipartBoundary, multipartFileField, notMultipart } from './files.multipart';

/** Downloads are immutable: a name always means the same bytes. */
const CACHE_FOREVER = 'public, max-age=31536000, immutable';

/** Keeps a readable, URL-safe original name: letters, digits, dot, dash, underscore. */
export function safeFileName(original: string): string {
  const cleaned = original.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '');
  return cleaned.slice(-80) || 'image';
}

/** If-None-Match names this entity tag (or any). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');
}

export async function upload(c: Context<AppEnv>, deps: Deps) {
  const user = requireUser(c);
  const boundary = multipartBoundary(c.req.header('content-type'));
  if (!boundary) throw notMultipart();
  const part: MultipartFile = { filename: null };
  const staged = await deps.files
    .stage(multipartFileField(c.req.raw.body, boundary, 'file', IMAGE_MAX_BYTES, part))
    .catch((err) => {
      if (clientAborted(c)) throw new ApiError('request/client-closed');
      throw err;
    });
  try {
    if (part.filename === null) throw invalid([{ path: 'file', message: 'Please upload an item image.' }]);
    const contentType = detectImageType(staged.head);
    if (!contentType) throw new ApiError('file/not-image');
    // Named by the hash of the uploader and the bytes: a retried upload is the same file, and
    // the name stays unguessable to anyone who does not hold the image and the account id.
    const hash = createHash('sha256').update(`${user.id}:${staged.sha256}`).digest('hex');
    const name = `${FOLDER}/${hash.slice(0, 40)}-${safeFileName(part.filename)}`;
    // The multipart boundary differs on every retry: the key is bound to the file instead.
    const bodyHash = sha256(`${staged.sha256}:${part.filename}`);
    return await idempotentWrite(
      c,
      deps,
      user.id,
      async (tx) => {
        await lockBlob(tx, staged.sha256);
        // Counted here, not before the body is read: the same image again (a retry whose answer
        // was lost) is no new image, and must not be refused once the quota is used up.
        const known = await fileNamed(tx, name);
        if (!known) await checkFileQuota(tx, deps, user.id, staged.size);
        const now = new Date(deps.clock.now());
        await keepUpload(tx, {
          name,
          userId: user.id,
          contentType,
          size: staged.size,
          sha256: staged.sha256,
          createdAt: now,
        });
        await staged.keep(tx);
        return { status: 201, body: { url: `${deps.config.publicUrl}/api/files/${name}` } };
      },
      bodyHash,
      // The same bytes under the same name make the same link: an answer stored for this key
      // whose file the clean-up has deleted since is no dead link to hand out; it is stored again.
      async (tx, stored) => stored.status === 201 && !(await fileNamed(tx, name)),
    );
  } finally {
    await staged.discard();
  }
}

export async function download(c: Context<AppEnv>, deps: Deps) {
  const name = `${FOLDER}/${c.req.param('name')}`;
  const file = await fileNamed(deps.db, name);
  if (!file) throw new ApiError('file/not-found');
  // A file from an earlier release still has its bytes in the row: moved out on its first read.
  const key = file.sha256 ?? (await readLegacyFile(deps, name));
  if (!key) throw new ApiError('file/not-found');
  const etag = `"${key}"`;
  const cache = { ETag: etag, 'Cache-Control': CACHE_FOREVER };
  if (matches(c.req.header('if-none-match'), etag)) return c.body(null, 304, cache);
  const headers = {
    ...cache,
    'Content-Type': file.contentType,
    'Content-Length': String(file.size),
    'Content-Security-Policy': "default-src 'none'",
    'Content-Disposition': 'inline',
  };
  // HEAD: the headers only, no file opened for a body nobody reads.
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  const body = await deps.files.open(deps.db, key);
  if (!body) throw new ApiError('file/not-found');
  return c.body(body, 200, headers);
}
