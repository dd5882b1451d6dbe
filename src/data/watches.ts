// Watched routes: the watch and unwatch commands (queued like every change, refused here as the
// server would refuse them: a 6th watch, the same route and date twice), the list of watches, and
// the search answered from the mirror of a watched route with no network, with its age.
import {
  describeWatch,
  isWatchCurrent,
  WATCHES_MAX,
  type Watch,
  type WatchArgs,
  watchCovers,
} from '@/domain/watch/schema';
import {
  appendAndApply,
  getMeta,
  loadSession,
  META,
  mutationTables,
  newEntry,
  SessionMissingError,
  type Store,
  serverNowKnown,
  type WatchRow,
} from './engine';

export type WatchResult =
  | { ok: true; id: string }
  | { ok: false; code: 'watch/quota-reached' | 'watch/duplicate' };

const utcToday = (store: Store) => new Date(serverNowKnown(store)).toISOString().slice(0, 10);

/** The watches that count (not past their last day, not refused), by date. */
export async function watchesQuery(store: Store): Promise<WatchRow[]> {
  const today = utcToday(store);
  const rows = await store.db.watches.toArray();
  return rows
    .filter((w) => isWatchCurrent(w, today))
    .sort((a, b) => a.departure.localeCompare(b.departure) || a.createdAt - b.createdAt);
}

/** The current watch covering a search's route and date, if any (a refused one covers nothing). */
export async function watchOf(
  store: Store,
  flight: { from: string; to: string; departure: string },
): Promise<WatchRow | undefined> {
  return (await watchesQuery(store)).find((w) => w.syncState !== 'failed' && watchCovers(w, flight));
}

/** Queues a watch of the route and dates; refused at once beyond WATCHES_MAX or for a repeat. */
export async function watchRoute(store: Store, input: Omit<WatchArgs, 'id'>): Promise<WatchResult> {
  const email = (await loadSession(store))?.email;
  if (!email) throw new SessionMissingError();
  const { db } = store;
  const args: WatchArgs = { id: crypto.randomUUID(), ...input };
  const result = await db.transaction('rw', mutationTables(db), async (): Promise<WatchResult> => {
    const current = (await watchesQuery(store)).filter((w) => w.syncState !== 'failed');
    if (current.some((w) => w.from === args.from && w.to === args.to && w.departure === args.departure))
      return { ok: false, code: 'watch/duplicate' };
    if (current.length >= WATCHES_MAX) return { ok: false, code: 'watch/quota-reached' };
    await appendAndApply(store, newEntry(store, 'watch', args, {}, email));
    return { ok: true, id: args.id };
  });
  if (result.ok) store.wake();
  return result;
}

/** Queues an unwatch; the watch and the rows only it covered leave the device at once. */
export async function unwatchRoute(store: Store, id: string): Promise<void> {
  const email = (await loadSession(store))?.email;
  if (!email) throw new SessionMissingError();
  const { db } = store;
  await db.transaction('rw', mutationTables(db), async () => {
    await appendAndApply(store, newEntry(store, 'unwatch', { id }, {}, email));
  });
  store.wake();
}

/** When the server last confirmed the mirror of watched routes (a pull's answer), or null. */
export async function watchedAsOfQuery(store: Store): Promise<number | null> {
  const value = await getMeta<number>(store.db, META.watchedAsOf);
  return typeof value === 'number' ? value : null;
}

export { describeWatch, type Watch };
