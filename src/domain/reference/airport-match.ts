// Airports as people type them: the IATA code first, then a city code ("NYC": all its airports)
// or a city or other name said in full ("goa", "Calcutta", "Bengaluru"), then a city or other name
// that starts with the text, then the airport's name, then anything containing it. Within a tier,
// airports of the preferred countries first (the user's), then busier ones. Case and diacritics
// are ignored. Pure: the picker, its tests and the benchmark share it.
import type { Airport } from './schema';

/** Lower case, no diacritics, words separated by one space: "São Paulo" -> "sao paulo". */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

interface Entry {
  airport: Airport;
  code: string;
  metro: string;
  /** The city and other names, folded, each on its own (for whole-name matches). */
  names: string[];
  /** " city | other names ", folded: a word starts where " " + text is found. */
  places: string;
  /** " airport name ", folded. */
  title: string;
}

export interface AirportIndex {
  entries: Entry[];
  byCode: Map<string, Airport>;
  /**
   * The last query of 3 or more letters and every entry it matched, in the index's order: a
   * keystroke that adds to it ("ben" -> "beng") only looks again at those (see `candidates`).
   */
  last?: { q: string; hits: Entry[] };
}

/** Folds every airport's names once; matching then only compares strings. */
export function indexAirports(airports: readonly Airport[]): AirportIndex {
  const entries = airports.map((airport): Entry => {
    // Rows an older release mirrored lack the newer fields until the next refresh.
    const names = [airport.city, ...(airport.alt ?? [])].map(fold).filter(Boolean);
    return {
      airport,
      code: airport.code.toLowerCase(),
      metro: (airport.metro ?? '').toLowerCase(),
      names,
      places: ` ${names.join(' | ')} `,
      title: ` ${fold(airport.name)} `,
    };
  });
  return { entries, byCode: new Map(airports.map((a) => [a.code, a])) };
}

/**
 * 0 is the best tier; -1 is no match. A whole match comes first: the airport's own code (0), then
 * a city code or a city or other name said in full (1); then a code that starts with two letters
 * typed (2), a city or other name starting with the text (3), the airport's name (4), anything
 * containing it (5).
 */
function tier(e: Entry, q: string, spaced: string): number {
  if (e.code === q) return 0;
  if (e.metro === q || e.names.includes(q)) return 1;
  if (q.length < 3 && e.code.startsWith(q)) return 2;
  if (e.places.includes(spaced)) return 3;
  if (e.title.includes(spaced)) return 4;
  if (q.length >= 3 && (e.places.includes(q) || e.title.includes(q))) return 5;
  return -1;
}

/**
 * Where a match stands: the whole matches of airports in the preferred countries first (the code
 * before a city's name: "GOI" is Dabolim before Mopa, which shares its city code), then whole
 * matches elsewhere ("goa" is Goa for an Indian user, Genoa's code after it; "LHR" still leads, as
 * no Indian city is called that), then the partial tiers, each with the preferred countries first.
 */
function standing(t: number, preferred: boolean): number {
  if (t > 1) return t + 2;
  return preferred ? t : t + 2;
}

/**
 * The entries worth testing for `q`. Every tier of a query of 3 or more letters needs the folded
 * text found in the code, the names or the title, so an entry that did not match "ben" cannot
 * match "beng": typing on narrows the last hits instead of the whole list.
 */
function candidates(index: AirportIndex, q: string): Entry[] {
  const last = index.last;
  return last && q.startsWith(last.q) ? last.hits : index.entries;
}

export interface MatchOptions {
  /** Country codes to put first, most preferred first (the user's country). */
  countries: readonly string[];
  /** A code to leave out (To leaves out From). */
  exclude?: string;
  limit?: number;
}

/** The airports `query` names, best first; none for a blank query (see `suggestAirports`). */
export function matchAirports(index: AirportIndex, query: string, opts: MatchOptions): Airport[] {
  const q = fold(query);
  if (!q) return [];
  const spaced = ` ${q}`;
  const found: { airport: Airport; key: number }[] = [];
  const hits: Entry[] = [];
  const countries = opts.countries;
  for (const e of candidates(index, q)) {
    const t = tier(e, q, spaced);
    if (t < 0) continue;
    hits.push(e);
    if (e.airport.code === opts.exclude) continue;
    const at = countries.indexOf(e.airport.cc);
    // One number orders standing, then country preference, then rank (below 10,000).
    const key = standing(t, at >= 0) * 1e8 + (at < 0 ? countries.length : at) * 1e5 - e.airport.rank;
    found.push({ airport: e.airport, key });
  }
  // Shorter queries match by rules longer ones do not (a code's first letters): not a base.
  index.last = q.length >= 3 ? { q, hits } : undefined;
  found.sort((a, b) => a.key - b.key || (a.airport.code < b.airport.code ? -1 : 1));
  return found.slice(0, opts.limit ?? 50).map((f) => f.airport);
}

export interface Suggestions {
  recent: Airport[];
  /** The busiest airports of the first preferred country. */
  popular: Airport[];
}

/** What an empty picker offers: the recent choices, then the country's busiest airports. */
export function suggestAirports(
  index: AirportIndex,
  recentCodes: readonly string[],
  opts: MatchOptions,
): Suggestions {
  const recent = recentCodes.flatMap((c) => {
    const a = index.byCode.get(c);
    return a && c !== opts.exclude ? [a] : [];
  });
  const taken = new Set([...recentCodes, opts.exclude]);
  const country = opts.countries[0];
  const popular = index.entries
    .map((e) => e.airport)
    .filter((a) => a.cc === country && !taken.has(a.code))
    .sort((a, b) => b.rank - a.rank)
    .slice(0, opts.limit ?? 10);
  return { recent, popular };
}
