// How many poke streams a process may hold: each is a socket, a file descriptor, and a process
// that runs out of them cannot accept a login, answer a health check or open a file. Node raises
// its soft open-files limit to the hard limit as it starts (POSIX; it has no setrlimit for
// programs to call), so the limit read here is already the highest this process can have; only
// the system raises the hard one (systemd LimitNOFILE=, docker --ulimit nofile=, limits.conf).
// The streams get what is left after a reserve for everything else.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface OpenFilesLimit {
  /** The limit in force (Infinity: unlimited). */
  soft: number;
  /** What the soft limit could be raised to without privileges (Infinity: unlimited). */
  hard: number;
}

/** At least this many descriptors, or a quarter of the limit, stay for requests, the database and files. */
export const RESERVED_DESCRIPTORS = 256;

const value = (s: string | undefined) => (s === 'unlimited' ? Number.POSITIVE_INFINITY : Number(s));

/** The "Max open files" line of /proc/<pid>/limits. */
export function parseProcLimits(text: string): OpenFilesLimit | null {
  const m = text.match(/^Max open files\s+(\S+)\s+(\S+)/m);
  if (!m) return null;
  const limit = { soft: value(m[1]), hard: value(m[2]) };
  return Number.isNaN(limit.soft) || Number.isNaN(limit.hard) ? null : limit;
}

/** This process's limit: /proc on Linux, else a shell's `ulimit` (inherited from it); null if neither. */
export function readOpenFilesLimit(): OpenFilesLimit | null {
  try {
    return parseProcLimits(readFileSync('/proc/self/limits', 'utf8'));
  } catch {
    // Not Linux.
  }
  try {
    const out = execFileSync('sh', ['-c', 'ulimit -Sn; ulimit -Hn'], { encoding: 'utf8', timeout: 2000 });
    const [soft, hard] = out.trim().split(/\s+/);
    const limit = { soft: value(soft), hard: value(hard) };
    return Number.isNaN(limit.soft) || Number.isNaN(limit.hard) ? null : limit;
  } catch {
    // No POSIX shell (Windows has no such limit on sockets).
    return null;
  }
}

/** The streams a limit of `soft` descriptors leaves room for. */
export function streamBudget(soft: number): number {
  if (!Number.isFinite(soft)) return Number.POSITIVE_INFINITY;
  return Math.max(0, soft - Math.max(RESERVED_DESCRIPTORS, Math.floor(soft / 4)));
}
