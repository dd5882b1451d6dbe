// An exclusive lock on the embedded database's folder: PGlite has no postmaster to refuse a
// second process, and two processes on one folder each see only their own writes until one
// overwrites the other's. The lock is a file created exclusively, naming the holder; a lock
// whose process is gone (killed, crashed) is taken over.
import { closeSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export const LOCK_FILE = 'carry.lock';

export class DataDirLockedError extends Error {}

interface Holder {
  pid: number;
  host: string;
  since: string;
}

function readHolder(file: string): Holder | null {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Holder;
    return typeof holder.pid === 'number' ? holder : null;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Folders this process holds: a lock with our pid that is not among them is a previous run's. */
const held = new Set<string>();

/** Whether `holder` may still be using the folder (another host's process cannot be checked). */
function holds(holder: Holder | null, file: string): holder is Holder {
  if (!holder) return false;
  if (holder.host !== hostname()) return true;
  // Our own pid in a lock we did not take: a previous run in a container that reuses pids.
  if (holder.pid === process.pid) return held.has(file);
  return isRunning(holder.pid);
}

/** Takes the lock on `dir` (which exists) or throws DataDirLockedError; returns its release. */
export function lockDataDir(dir: string): () => void {
  const file = join(dir, LOCK_FILE);
  const mine = JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, mine);
      closeSync(fd);
      held.add(file);
      const release = () => {
        held.delete(file);
        if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
      };
      process.once('exit', release);
      return () => {
        process.off('exit', release);
        release();
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readHolder(file);
      if (holds(holder, file)) {
        throw new DataDirLockedError(
          `The data folder ${dir} is in use by process ${holder.pid} on ${holder.host} (since ${holder.since}). ` +
            `Stop that process or set DATA_DIR to another folder; if no such process runs, delete ${file}.`,
        );
      }
      // A stale lock: moved aside (atomic), so only one of two starting processes removes it.
      const aside = `${file}.stale-${process.pid}`;
      try {
        renameSync(file, aside);
        rmSync(aside, { force: true });
      } catch {
        // Another process took it over first; the next attempt sees its lock.
      }
    }
  }
  throw new DataDirLockedError(`Could not take the lock on the data folder ${dir} (${file}).`);
}
