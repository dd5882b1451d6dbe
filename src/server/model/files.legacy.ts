// Files uploaded by releases that kept the bytes in the `files` row: the first download moves
// them into the file store and clears the column, so each such file passes through the
// database once more, and never again.
import { and, eq, isNotNull } from 'drizzle-orm';
import { files } from '../db/schema';
import type { Deps } from '../deps';
import { lockBlob } from '../files/blob-lock';

/** Moves the row's bytes into the store; answers their key (null if the row is gone). */
export async function readLegacyFile(deps: Deps, name: string): Promise<string | null> {
  const [row] = await deps.db
    .select({ data: files.data, sha256: files.sha256 })
    .from(files)
    .where(eq(files.name, name));
  if (!row) return null;
  if (row.sha256 || !row.data) return row.sha256;
  const bytes = new Uint8Array(row.data);
  const staged = await deps.files.stage([bytes]);
  try {
    await deps.db.transaction(async (tx) => {
      await lockBlob(tx, staged.sha256);
      await staged.keep(tx);
      await tx
        .update(files)
        .set({ sha256: staged.sha256, data: null })
        .where(and(eq(files.name, name), isNotNull(files.data)));
    });
  } finally {
    await staged.discard();
  }
  return staged.sha256;
}
