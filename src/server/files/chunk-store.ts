// Image bytes in the database, for DATABASE_URL (every process reaches them): rows of 256 KB in
// `file_chunks`, written in the transaction that records the file and read back one row at a
// time as the client takes them, so no query ever carries a whole image.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { fileChunks } from '../db/schema';
import { assertKey, type FileStore, hashThrough, type StagedBytes } from './file-store';

export const CHUNK_BYTES = 256 * 1024;

async function readChunk(db: Db, key: string, idx: number): Promise<Uint8Array | null> {
  const [row] = await db
    .select({ data: fileChunks.data })
    .from(fileChunks)
    .where(and(eq(fileChunks.sha256, key), eq(fileChunks.idx, idx)));
  return row ? new Uint8Array(row.data) : null;
}

export function chunkFileStore(): FileStore {
  return {
    kind: 'database',
    async stage(body): Promise<StagedBytes> {
      // Received pieces are regrouped into whole chunks (the last one shorter).
      const chunks: Uint8Array[] = [];
      let current = new Uint8Array(CHUNK_BYTES);
      let filled = 0;
      const hashed = await hashThrough(body, (piece) => {
        let offset = 0;
        while (offset < piece.length) {
          const n = Math.min(CHUNK_BYTES - filled, piece.length - offset);
          current.set(piece.subarray(offset, offset + n), filled);
          filled += n;
          offset += n;
          if (filled === CHUNK_BYTES) {
            chunks.push(current);
            current = new Uint8Array(CHUNK_BYTES);
            filled = 0;
          }
        }
      });
      if (filled > 0 || chunks.length === 0) chunks.push(current.slice(0, filled));
      return {
        ...hashed,
        async keep(tx) {
          const [present] = await tx
            .select({ idx: fileChunks.idx })
            .from(fileChunks)
            .where(and(eq(fileChunks.sha256, hashed.sha256), eq(fileChunks.idx, 0)));
          if (present) return;
          for (const [idx, data] of chunks.entries())
            await tx.insert(fileChunks).values({ sha256: hashed.sha256, idx, data });
        },
        async discard() {
          chunks.length = 0;
        },
      };
    },
    async open(db, key) {
      assertKey(key);
      const first = await readChunk(db, key, 0);
      if (!first) return null;
      let next = 1;
      let pending: Uint8Array | null = first;
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          const chunk = pending ?? (await readChunk(db, key, next++));
          pending = null;
          if (chunk) controller.enqueue(chunk);
          else controller.close();
        },
      });
    },
    async remove(tx, key) {
      assertKey(key);
      await tx.delete(fileChunks).where(eq(fileChunks.sha256, key));
    },
  };
}
