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

/**
 * The mark on a cookie given to a protocol-1 pull: a tab of the first release, which stores only
 * listings, bookings and orders of what it is sent, yet stores the cookie in the meta row the new
 * release's tabs on the same database read too. Such a cookie is past rows that tab dropped
 * (messages, reads, watches, courier requests): a later protocol pull that presents it gets the
 * whole snapshot, never a patch from there. A protocol-1 pull reads either kind.
 */
const FIRST_RELEASE_MARK = 'p1~';

/** The cookie a pull in `protocol` presented, as this format reads it (null: the whole snapshot). */
export function presentedCookie(protocol: number, cookie: string | undefined): PullCookie | null {
  if (protocol <= 1 && cookie?.startsWith(FIRST_RELEASE_MARK))
    return parseCookie(cookie.slice(FIRST_RELEASE_MARK.length));
  return parseCookie(cookie);
}

/** The cookie a pull in `protocol` is given for the state `text` names. */
export function givenCookie(protocol: number, text: string): string {
  return protocol <= 1 ? `${FIRST_RELEASE_MARK}${text}` : text;
}
