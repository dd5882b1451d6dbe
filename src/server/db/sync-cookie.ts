// The pull cookie: the state of a user's rows a pull sent, named by numbers only, so the server
// keeps nothing per client. `r1.<version>[.<running>]`:
// - version: the user's highest change-log version the pull's snapshot saw (or the user's floor,
//   if higher). Every entry above it is newer than the state sent.
// - running: the transactions still in progress when the snapshot was taken
//   (pg_snapshot_xip), `-`-separated; usually none. One of them may have taken a version below
//   `version` and commit after the pull: its entries are selected by transaction id. When more
//   than RUNNING_MAX were running, `m<xmin>` instead: every entry written by a transaction at or
//   above the snapshot's xmin (some sent twice; a row put again is harmless).
// The `r1` prefix versions the format: anything else (an older release's manifest digest, a
// forged or mangled value) gets the whole snapshot.

/** Most running transaction ids a cookie lists before it names the snapshot's xmin instead. */
export const RUNNING_MAX = 64;

export interface PullCookie {
  version: number;
  /** Transactions running when the state was read: their entries are newer than it. */
  running: string[];
  /** Or: every transaction at or above this id. */
  fromXid: string | null;
}

/** Transaction ids of at most 19 digits: any fits xid8 (a 20-digit one could overflow it). */
const COOKIE = /^r1\.(\d{1,15})(?:\.(?:(\d{1,19}(?:-\d{1,19}){0,63})|m(\d{1,19})))?$/;

export function parseCookie(cookie: string | undefined): PullCookie | null {
  const m = cookie ? COOKIE.exec(cookie) : null;
  if (!m) return null;
  return { version: Number(m[1]), running: m[2] ? m[2].split('-') : [], fromXid: m[3] ?? null };
}

export function formatCookie(version: number, running: string[], xmin: string): string {
  if (running.length === 0) return `r1.${version}`;
  if (running.length > RUNNING_MAX) return `r1.${version}.m${xmin}`;
  return `r1.${version}.${running.join('-')}`;
}
