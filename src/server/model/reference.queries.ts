// Reads of the seeded reference data. The airport table only changes at start (seeding), so
// each app keeps one copy of the code -> time zone map instead of querying per request (built
// again after a reseed).
import type { Db } from '../db/client';
import { referenceVersion } from '../db/reference-version';
import { airlines, airports } from '../db/schema';

export interface ReferenceIndex {
  timeZoneOf(code: string): string | undefined;
  hasAirline(code: string): boolean;
}

const cache = new WeakMap<Db, { version: number; index: Promise<ReferenceIndex> }>();

async function load(db: Db): Promise<ReferenceIndex> {
  const [airportRows, airlineRows] = await Promise.all([
    db.select({ code: airports.code, timeZone: airports.timeZone }).from(airports),
    db.select({ code: airlines.code }).from(airlines),
  ]);
  const zones = new Map(airportRows.map((a) => [a.code, a.timeZone]));
  const codes = new Set(airlineRows.map((a) => a.code));
  return { timeZoneOf: (code) => zones.get(code), hasAirline: (code) => codes.has(code) };
}

export function referenceIndex(db: Db): Promise<ReferenceIndex> {
  const version = referenceVersion(db);
  const cached = cache.get(db);
  if (cached?.version === version) return cached.index;
  const index = load(db);
  const entry = { version, index };
  cache.set(db, entry);
  // A failed load must not be cached for the life of the process.
  index.catch(() => {
    if (cache.get(db) === entry) cache.delete(db);
  });
  return index;
}

// Ordered to the last column: every process (and every rebuild) makes the same bytes, so the
// same ETag.
export async function listAirports(db: Db) {
  const rows = await db.select().from(airports).orderBy(airports.name, airports.code);
  // Empty other names and city codes are left out: ~3,200 rows, each byte counts on a first sync.
  return rows.map((a) => ({
    id: a.code,
    code: a.code,
    name: a.name,
    city: a.city,
    country: a.country,
    cc: a.countryCode,
    timeZone: a.timeZone,
    rank: a.rank,
    ...(a.alt.length > 0 ? { alt: a.alt } : {}),
    ...(a.metro ? { metro: a.metro } : {}),
  }));
}

export async function listAirlines(db: Db) {
  const rows = await db.select().from(airlines).orderBy(airlines.name, airlines.code);
  return rows.map((a) => ({ id: a.code, code: a.code, name: a.name }));
}
