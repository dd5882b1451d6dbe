// What a courier request may name: only the signed-in user's email, and only an image the same
// user uploaded (a link this server gave out), never any string as its image.
import { and, eq } from 'drizzle-orm';
import type { CourierRequest } from '@/domain/courier/schema';
import { requireSelf } from '../auth/guard';
import type { Db, Tx } from '../db/client';
import { files } from '../db/schema';
import type { SessionUser } from '../deps';
import { FOLDER } from '../files/folders';
import { ApiError } from '../http/errors';

const UPLOAD_PATH_RE = new RegExp(`^/api/files/${FOLDER}/([A-Za-z0-9._-]+)$`);

/** The stored file name an upload link names, or null for anything else. */
export function uploadedFileName(url: string, publicUrl: string): string | null {
  const path = publicUrl && url.startsWith(`${publicUrl}/`) ? url.slice(publicUrl.length) : url;
  const name = UPLOAD_PATH_RE.exec(path)?.[1];
  return name ? `${FOLDER}/${name}` : null;
}

/** 403 for another email, 400 'courier/image-not-uploaded' for an image not uploaded by `user`. */
export async function checkCourierRequest(
  db: Db | Tx,
  user: SessionUser,
  input: CourierRequest,
  publicUrl: string,
): Promise<void> {
  requireSelf(user, input.emailAddress);
  const name = uploadedFileName(input.itemImageUrl, publicUrl);
  const [own] = name
    ? await db
        .select({ name: files.name })
        .from(files)
        .where(and(eq(files.name, name), eq(files.userId, user.id)))
        // Held until the request commits: the clean-up of unreferenced images waits for it.
        .for('share')
    : [];
  if (!own) throw new ApiError('courier/image-not-uploaded');
}
