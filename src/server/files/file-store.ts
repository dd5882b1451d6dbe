// Where image bytes live, apart from their metadata (the `files` table): files under DATA_DIR
// on the embedded database (disk-store.ts), 256 KB rows every process reaches with DATABASE_URL
// (chunk-store.ts). Either way the bytes never go through PGlite, whose queries run on the
// server's one event loop: a 5 MB bytea there stalled every other request for seconds.
import { createHash } from 'node:crypto';
import type { Db, Tx } from '../db/client';

/** Bytes received and hashed, kept aside until the transaction that records them keeps them. */
export interface StagedBytes {
  /** Hex SHA-256 of the bytes: their key in the store. */
  sha256: string;
  size: number;
  /** The first bytes, to recognise the image type. */
  head: Uint8Array;
  /** Makes the bytes readable under `sha256`; runs inside the transaction recording them. */
  keep(tx: Tx): Promise<void>;
  /** Forgets whatever was not kept; always safe to call. */
  discard(): Promise<void>;
}

export interface FileStore {
  readonly kind: 'disk' | 'database';
  stage(body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<StagedBytes>;
  /** The bytes under `key`, streamed, or null when there are none. */
  open(db: Db, key: string): Promise<ReadableStream<Uint8Array> | null>;
  /** Deletes the bytes under `key`, inside the transaction that deleted their last row. */
  remove(tx: Tx, key: string): Promise<void>;
}

export const HEAD_BYTES = 16;

/** Reads `body` through a hash, handing each piece to `sink`; answers what StagedBytes reports. */
export async function hashThrough(
  body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  sink: (piece: Uint8Array) => Promise<void> | void,
): Promise<{ sha256: string; size: number; head: Uint8Array }> {
  const hash = createHash('sha256');
  let size = 0;
  let head = new Uint8Array(0);
  for await (const value of body) {
    hash.update(value);
    if (head.length < HEAD_BYTES) {
      const joined = new Uint8Array(Math.min(HEAD_BYTES, head.length + value.length));
      joined.set(head);
      joined.set(value.subarray(0, joined.length - head.length), head.length);
      head = joined;
    }
    size += value.length;
    await sink(value);
  }
  return { sha256: hash.digest('hex'), size, head };
}

/** A key as the stores accept it: hex SHA-256 only, never a path. */
export function assertKey(key: string): void {
  if (!/^[0-9a-f]{64}$/.test(key)) throw new Error(`not a file key: ${key}`);
}
