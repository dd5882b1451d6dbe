// The server's clock as the device knows it: every API answer carries the server's `Date`, so
// the device keeps the difference to its own clock (in memory, and in meta for the next start
// and the service worker). A device whose clock is wrong then judges a departure as the server
// will, while the server alone decides: the device only spares the user a refusal it can see.
// It asks of the store only what it reads and keeps, so the store can wire it in without a loop.
import type { AppDb } from './db';
import { getMeta, META, setMeta } from './meta';

/** The part of the store the clock uses (store.ts's Store is one). */
export interface ClockHolder {
  db: AppDb;
  now(): number;
  /** The server's clock minus the device's, once known. */
  serverOffsetMs: number | null;
}

/**
 * `Date` has whole seconds: the server's instant lies somewhere in the second it names, so
 * offsets within this of the kept one are the same clock, and are not written again.
 */
const SAME_CLOCK_MS = 1500;

/** Keeps the offset an answer dated `serverMs` tells (the answer has just arrived). */
export function noteServerDate(store: ClockHolder, serverMs: number): void {
  // The middle of the second `Date` names is the best guess of the server's instant.
  const offset = serverMs + 500 - store.now();
  const known = store.serverOffsetMs;
  if (known !== null && Math.abs(offset - known) < SAME_CLOCK_MS) return;
  store.serverOffsetMs = offset;
  void setMeta(store.db, META.serverOffsetMs, offset).catch(() => undefined);
}

/** Now on the server's clock, as far as the device knows it (its own clock until it knows). */
export async function serverNow(store: ClockHolder): Promise<number> {
  if (store.serverOffsetMs === null) {
    const kept = await getMeta<number>(store.db, META.serverOffsetMs);
    if (typeof kept === 'number' && store.serverOffsetMs === null) store.serverOffsetMs = kept;
  }
  return serverNowKnown(store);
}

/** serverNow without reading meta: for a screen rendering after the store has heard the server. */
export function serverNowKnown(store: ClockHolder): number {
  return store.now() + (store.serverOffsetMs ?? 0);
}
