// A version of the seeded reference tables (airports, airlines) per database handle: seeding
// moves it on, and everything built from those tables in memory (the answers of /api/get/*, the
// time zone index) is rebuilt when it no longer matches.
import type { Db } from './client';

const versions = new WeakMap<Db, number>();

export function referenceVersion(db: Db): number {
  return versions.get(db) ?? 0;
}

/** Call after writing the reference tables: the copies in memory are rebuilt on next use. */
export function markReferenceChanged(db: Db): void {
  versions.set(db, referenceVersion(db) + 1);
}
