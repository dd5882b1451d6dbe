// Reference data, seeded at every start (idempotent upserts) from reference-data.json, which
// scripts/gen-reference.mjs builds from OurAirports and OpenFlights with hand-kept corrections:
// every airport with an IATA code and scheduled passenger service, and every active airline
// with an IATA code (one that stopped flying before `today` is left out).
import { createRequire } from 'node:module';
import { notInArray, sql } from 'drizzle-orm';
import type { Db } from './client';
import { markReferenceChanged } from './reference-version';
import { airlines, airports } from './schema';

const require = createRequire(import.meta.url);

export interface AirportRecord {
  code: string;
  name: string;
  city: string;
  country: string;
  cc: string;
  timeZone: string;
  rank: number;
  alt: string[];
  metro?: string;
}
export interface AirlineRecord {
  code: string;
  name: string;
  country: string;
  /** The last day it flew (merged or shut down), YYYY-MM-DD. */
  until?: string;
}
interface ReferenceData {
  airports: AirportRecord[];
  airlines: AirlineRecord[];
}

export function referenceData(): ReferenceData {
  return require('./reference-data.json') as ReferenceData;
}

export function pickAirports(records: readonly AirportRecord[]) {
  return records.map((r) => ({
    code: r.code,
    name: r.name,
    city: r.city,
    country: r.country,
    countryCode: r.cc,
    timeZone: r.timeZone,
    rank: r.rank,
    alt: r.alt,
    metro: r.metro ?? '',
  }));
}

/** The airlines flying on `today` (YYYY-MM-DD): those with a last day before it are left out. */
export function pickAirlines(records: readonly AirlineRecord[], today: string) {
  return records
    .filter((r) => !r.until || r.until >= today)
    .map((r) => ({ code: r.code, name: r.name, country: r.country }));
}

export async function seedReferenceData(
  db: Db,
  now: Date = new Date(),
): Promise<{ airports: number; airlines: number }> {
  const data = referenceData();
  const airportRows = pickAirports(data.airports);
  const airlineRows = pickAirlines(data.airlines, now.toISOString().slice(0, 10));
  await db
    .insert(airports)
    .values(airportRows)
    .onConflictDoUpdate({
      target: airports.code,
      set: {
        name: sql`excluded.name`,
        city: sql`excluded.city`,
        country: sql`excluded.country`,
        timeZone: sql`excluded.time_zone`,
        countryCode: sql`excluded.country_code`,
        rank: sql`excluded.rank`,
        alt: sql`excluded.alt`,
        metro: sql`excluded.metro`,
      },
    });
  await db
    .insert(airlines)
    .values(airlineRows)
    .onConflictDoUpdate({
      target: airlines.code,
      set: { name: sql`excluded.name`, country: sql`excluded.country` },
    });
  // The selection is the truth: records dropped from it (e.g. a defunct airline) go too.
  // Listings keep codes as text, so nothing references these rows.
  await db.delete(airports).where(
    notInArray(
      airports.code,
      airportRows.map((a) => a.code),
    ),
  );
  await db.delete(airlines).where(
    notInArray(
      airlines.code,
      airlineRows.map((a) => a.code),
    ),
  );
  markReferenceChanged(db);
  return { airports: airportRows.length, airlines: airlineRows.length };
}
