// The courier images' metadata (the bytes are the file store's, src/server/files): what a
// download reads, and what an upload stores.
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { files } from '../db/schema';

/** A stored file's type, size and content key (null: its bytes are still in the row). */
export async function fileNamed(db: Db | Tx, name: string) {
  const [file] = await db
    .select({ contentType: files.contentType, size: files.size, sha256: files.sha256 })
    .from(files)
    .where(eq(files.name, name));
  return file;
}

/** An upload's metadata; uploading a file again restarts its day before the clean-up of
 * unreferenced images (model/files.prune.ts). */
export async function keepUpload(tx: Tx, row: Omit<typeof files.$inferInsert, 'data'> & { createdAt: Date }) {
  await tx
    .insert(files)
    .values(row)
    .onConflictDoUpdate({ target: files.name, set: { createdAt: row.createdAt } });
}
