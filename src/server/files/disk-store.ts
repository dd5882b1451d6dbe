// Image bytes as files under one folder (DATA_DIR/files on the embedded database), named by
// their SHA-256 (ab/abcdef...): written to tmp/ while received, renamed into place by the
// transaction that records them, streamed back from disk.

import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdirSync, open as openFd, rmSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { assertKey, type FileStore, hashThrough, type StagedBytes } from './file-store';

export function diskFileStore(root: string): FileStore & { pathOf(key: string): string } {
  const tmp = join(root, 'tmp');
  // One process holds a data folder: whatever tmp/ holds is left by one that stopped mid-upload.
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const pathOf = (key: string) => {
    assertKey(key);
    return join(root, key.slice(0, 2), key);
  };

  return {
    kind: 'disk',
    pathOf,
    async stage(body): Promise<StagedBytes> {
      const temp = join(tmp, randomUUID());
      const out = createWriteStream(temp);
      // Without a listener, an 'error' (a full disk, or a write still queued when an aborted
      // upload destroys the stream) would be uncaught and end the process. Waits below use
      // events.once and finished, which reject with it instead.
      out.on('error', () => {});
      let kept = false;
      const discard = async () => {
        if (!kept) await rm(temp, { force: true });
      };
      try {
        const hashed = await hashThrough(body, (piece) => {
          if (!out.write(piece)) return once(out, 'drain').then(() => undefined);
        });
        out.end();
        await finished(out);
        return {
          ...hashed,
          async keep() {
            const path = pathOf(hashed.sha256);
            await mkdir(dirname(path), { recursive: true });
            // Same name, same bytes: replacing a file already there changes nothing.
            await rename(temp, path);
            kept = true;
          },
          discard,
        };
      } catch (err) {
        out.destroy();
        await discard();
        throw err;
      }
    },
    async open(_db, key) {
      const fd = await new Promise<number | null>((done, fail) =>
        openFd(pathOf(key), 'r', (err, fd) => {
          if (err?.code === 'ENOENT') done(null);
          else if (err) fail(err);
          else done(fd);
        }),
      );
      if (fd === null) return null;
      // The callback API reads with less overhead per piece than a FileHandle's promises. Pieces
      // of 64 KB (the default) keep each turn of the event loop short for other requests.
      const stream = createReadStream('', { fd });
      return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
    },
    async remove(_tx, key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
