// watch and unwatch on the device. A watch shows in the list at once (pending) and the listings
// earlier searches saw on its route and dates are mirrored at once, so it answers offline before
// its first pull; the pull then brings the server's `watched` rows. Unwatch removes the watch and
// every mirrored row no other watch covers.
import Dexie from 'dexie';
import * as v from 'valibot';
import { type Watch, watchAnswerSchema, watchCovers, watchWindow } from '@/domain/watch/schema';
import type { AppDb, LocalMutator, WatchedRow } from '../engine';
import { confirmRow, putLocalRow } from '../engine';

/** Mirrored rows no remaining watch covers go (after an unwatch, or a refused watch). */
export async function pruneWatched(db: AppDb): Promise<void> {
  const watches = await db.watches.toArray();
  await db.watched.filter((row) => !watches.some((w) => watchCovers(w, row))).delete();
}

/** The listings any earlier search saw on the watch's route and dates, as the server last said. */
async function seedFromSearches(db: AppDb, w: Watch): Promise<void> {
  const { first, last } = watchWindow(w);
  const seen = await db.searchResults
    .where('[from+to+departure]')
    .between([w.from, w.to, first], [w.from, w.to, last], true, true)
    .toArray();
  const rows = new Map<string, WatchedRow>();
  for (const r of seen) {
    const { searchKey: _k, rank: _r, confirmedAvailable, ...listing } = r;
    rows.set(r.id, { ...listing, available: confirmedAvailable ?? r.available });
  }
  const have = new Set((await db.watched.bulkGet([...rows.keys()])).flatMap((r) => (r ? [r.id] : [])));
  await db.watched.bulkPut([...rows.values()].filter((r) => !have.has(r.id)));
}

export const watch: LocalMutator<'watch'> = {
  label: (a) => ({
    key: 'watch',
    values: { from: a.from, to: a.to, date: a.departure, days: a.days },
  }),
  async apply({ db }, entry) {
    const { id, from, to, departure, days } = entry.args;
    const row: Watch = { id, from, to, departure, days, createdAt: entry.createdAt };
    await putLocalRow(db.watches, row, entry);
    await seedFromSearches(db, row);
  },
  async settle({ db }, entry, body) {
    const server = v.safeParse(watchAnswerSchema, body);
    if (server.success) await confirmRow(db.watches, server.output.watch, entry);
  },
  // Before a rebase: rows only a dropped (discarded, refused) watch covered go; apply seeds again.
  restore: ({ db }) => pruneWatched(db),
};

export const unwatch: LocalMutator<'unwatch'> = {
  label: () => ({ key: 'unwatch' }),
  async apply({ db }, entry) {
    await db.watches.delete(entry.args.id);
    await pruneWatched(db);
  },
  // Gone on the server too; the next pull's patch says so again.
  settle: () => Dexie.Promise.resolve(),
};
