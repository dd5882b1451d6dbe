// Reference data (airports, airlines): mirrored at most every five minutes, kept across logout.
import { REFERENCE_DATA_MAX_AGE_MS } from '@/domain/constants';
import { type OneAtATime, oneAtATime } from '@/domain/one-at-a-time';
import { airlinesResponseSchema, airportsResponseSchema } from '@/domain/reference/schema';
import { callParsed, getMeta, type Store, setMeta } from './engine';

/** The meta key of when the reference data was last fetched. */
const FETCHED_AT = 'referenceFetchedAt';
/** The meta key of the shape of the mirrored rows, and the shape this release reads: rows of an
 * older shape (airports without their other names, country code and rank) are fetched again at
 * once, not after the five minutes. */
const FORMAT = 'referenceFormat';
export const REFERENCE_FORMAT = 2;

/**
 * Rows written per IndexedDB request batch. A first sync writes ~3,000 airports: one bulkPut of
 * them all was one main-thread task of about 100 ms (400 ms and more on a slow phone), blocking
 * the first screen of a new phone. In batches inside the one transaction, each batch's last
 * success event ends a task, so the page renders and answers input in between; readers still see
 * the old rows or all the new ones (one commit, one liveQuery notification).
 */
export const REFERENCE_WRITE_BATCH = 100;

interface Refreshes {
  runs: OneAtATime<void>;
  /** Whether the refresh a call starts is forced: read when it starts, so it is that call's. */
  force: boolean;
}
const refreshes = new WeakMap<Store, Refreshes>();

/**
 * Throws only when the fetch failed and there is nothing cached to fall back on. Several screens
 * and hooks ask at once on mount: callers share the refresh already running (oneAtATime's join).
 */
export function refreshReference(store: Store, opts: { force?: boolean } = {}): Promise<void> {
  let refresh = refreshes.get(store);
  if (!refresh) {
    const state: Refreshes = {
      runs: oneAtATime(() => refreshNow(store, { force: state.force })),
      force: false,
    };
    refresh = state;
    refreshes.set(store, state);
  }
  refresh.force = opts.force ?? false;
  return refresh.runs.join();
}

async function refreshNow(store: Store, opts: { force?: boolean }): Promise<void> {
  const { db } = store;
  const fetchedAt = (await getMeta<number>(db, FETCHED_AT)) ?? null;
  const sameFormat = (await getMeta<number>(db, FORMAT)) === REFERENCE_FORMAT;
  const fresh = sameFormat && fetchedAt !== null && store.now() - fetchedAt < REFERENCE_DATA_MAX_AGE_MS;
  if (fresh && !opts.force && (await db.airports.count()) > 0) return;
  try {
    const [airports, airlines] = await Promise.all([
      // The format in the URL: the service worker's cached answer of an older shape is not reused.
      callParsed(store.http, 'GET', `/api/get/airports?v=${REFERENCE_FORMAT}`, airportsResponseSchema),
      callParsed(store.http, 'GET', '/api/get/airlines', airlinesResponseSchema),
    ]);
    await db.transaction('rw', db.airports, db.airlines, db.meta, async () => {
      await db.airports.clear();
      await db.airlines.clear();
      for (let i = 0; i < airports.length; i += REFERENCE_WRITE_BATCH)
        await db.airports.bulkPut(airports.slice(i, i + REFERENCE_WRITE_BATCH));
      for (let i = 0; i < airlines.length; i += REFERENCE_WRITE_BATCH)
        await db.airlines.bulkPut(airlines.slice(i, i + REFERENCE_WRITE_BATCH));
      await setMeta(db, FETCHED_AT, store.now());
      await setMeta(db, FORMAT, REFERENCE_FORMAT);
    });
  } catch (err) {
    if ((await db.airports.count()) === 0 || (await db.airlines.count()) === 0) throw err;
  }
}
