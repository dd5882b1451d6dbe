// Reads of the seeded reference data. The airport table only changes at start (seeding), so
// each app keeps one copy of the code -> time zone map instead of querying per request.
import type { Db } from '../../db/client';
import { airlines, airports } from '../../db/schema';

export interface ReferenceIndex {
  timeZoneOf(code: string): string | undefined;
  hasAirline(code: string): boolean;
}

const cache = new WeakMap<Db, Promise<ReferenceIndex>>();

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
  let index = cache.get(db);
  if (!index) {
    index = load(db);
    cache.set(db, index);
    // A failed load must not be cached for the life of the process.
    index.catch(() => cache.delete(db));
  }
  return index;
}

export async function listAirports(db: Db) {
  const rows = await db.select().from(airports).orderBy(airports.name);
  return rows.map((a) => ({
    id: a.code,
    code: a.code,
    name: a.name,
    city: a.city,
    country: a.country,
    timeZone: a.timeZone,
  }));
}

export async function listAirlines(db: Db) {
  const rows = await db.select().from(airlines).orderBy(airlines.name);
  return rows.map((a) => ({ id: a.code, code: a.code, name: a.name }));
}
