// Courier item images: POST /api/files/courier-images (multipart `file`, an image by content,
// at most 5 MB) answers its download `url`; GET serves it with the detected type. The uuid in
// the name makes the link unguessable, like a storage download link.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { IMAGE_MAX_BYTES } from '@/domain/constants';
import { requireUser } from '../../auth/guard';
import { files } from '../../db/schema';
import type { AppEnv, Deps } from '../../deps';
import { clientAborted } from '../../http/client-abort';
import { ApiError, invalid } from '../../http/errors';
import { idempotentWrite, sha256 } from '../../http/idempotency';
import { detectImageType } from './image-type';

export const FOLDER = 'courier-images';

/** Keeps a readable, URL-safe original name: letters, digits, dot, dash, underscore. */
export function safeFileName(original: string): string {
  const cleaned = original.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '');
  return cleaned.slice(-80) || 'image';
}

async function readUpload(c: Context<AppEnv>): Promise<File> {
  const form = await c.req.parseBody().catch(() => {
    if (clientAborted(c)) throw new ApiError('request/client-closed');
    throw invalid([{ path: 'file', message: 'Send the image as multipart form data in the field "file"' }]);
  });
  const file = form.file;
  if (!(file instanceof File)) throw invalid([{ path: 'file', message: 'Please upload an item image.' }]);
  if (file.size > IMAGE_MAX_BYTES) throw new ApiError('file/too-large');
  return file;
}

export function fileRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .post(`/api/files/${FOLDER}`, async (c) => {
      const user = requireUser(c);
      const file = await readUpload(c);
      const data = new Uint8Array(await file.arrayBuffer());
      const contentType = detectImageType(data);
      if (!contentType) throw new ApiError('file/not-image');
      // Named by the hash of the uploader and the bytes: a retried upload is the same file, and
      // the name stays unguessable to anyone who does not hold the image and the account id.
      const hash = createHash('sha256').update(user.id).update(data).digest('hex').slice(0, 40);
      const name = `${hash}-${safeFileName(file.name)}`;
      // The multipart boundary differs on every retry: the key is bound to the file instead.
      const bodyHash = sha256(`${sha256(data)}:${file.name}`);
      return idempotentWrite(
        c,
        deps,
        user.id,
        async (tx) => {
          const now = new Date(deps.clock.now());
          await tx
            .insert(files)
            .values({
              name: `${FOLDER}/${name}`,
              userId: user.id,
              contentType,
              size: data.length,
              data,
              createdAt: now,
            })
            .onConflictDoNothing();
          return { status: 201, body: { url: `${deps.config.publicUrl}/api/files/${FOLDER}/${name}` } };
        },
        bodyHash,
      );
    })
    .get(`/api/files/${FOLDER}/:name`, async (c) => {
      const [file] = await deps.db
        .select()
        .from(files)
        .where(eq(files.name, `${FOLDER}/${c.req.param('name')}`));
      if (!file) throw new ApiError('file/not-found');
      return c.body(new Uint8Array(file.data), 200, {
        'Content-Type': file.contentType,
        'Content-Length': String(file.size),
        'Cache-Control': 'private, max-age=31536000, immutable',
        'Content-Security-Policy': "default-src 'none'",
        'Content-Disposition': 'inline',
      });
    });
}
