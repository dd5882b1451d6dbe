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
   * Every entry's places and title, one entry after another ("\n" apart): one `indexOf` over it
   * finds the entries whose names contain a text, instead of a test of every entry.
   */
  text: string;
  /** Where each entry's part of `text` starts; the last is `text`'s length. */
  starts: Int32Array;
  /** Entries (their places in `entries`) whose code or city code is a text ("nyc"). */
  exact: Map<string, number[]>;
  /**
   * Entries whose code or a word of their names or title starts with one or two letters, by
   * `startKey` of those letters: what a query of one or two letters can match.
   */
  starting: Map<number, number[]>;
  /**
   * The last query of 3 or more letters and every entry it matched, in the index's order: a
   * keystroke that adds to it ("ben" -> "beng") only looks again at those (see `candidates`).
   */
  last?: { q: string; hits: Entry[] };
  /** Each country's airports, busiest first, made when an empty picker first offers them. */
  busiest?: Map<string, Airport[]>;
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
  const starts = new Int32Array(entries.length + 1);
  const parts: string[] = [];
  const exact = new Map<string, number[]>();
  const starting = new Map<number, number[]>();
  // Entries are added in order, so an entry already listed is the list's last.
  const add = <K>(map: Map<K, number[]>, key: K, i: number) => {
    const list = map.get(key);
    if (!list) map.set(key, [i]);
    else if (list[list.length - 1] !== i) list.push(i);
  };
  let length = 0;
  entries.forEach((e, i) => {
    starts[i] = length;
    const part = `${e.places}\n${e.title}\n`;
    parts.push(part);
    length += part.length;
    add(exact, e.code, i);
    if (e.metro) add(exact, e.metro, i);
    add(starting, startKey(e.code.slice(0, 1)), i);
    add(starting, startKey(e.code.slice(0, 2)), i);
    for (let at = 1; at < part.length; at++) {
      if (part.charCodeAt(at - 1) !== SPACE || !isLetter(part.charCodeAt(at))) continue;
      add(starting, startKey(part[at] ?? ''), i);
      if (isLetter(part.charCodeAt(at + 1))) add(starting, startKey(part.slice(at, at + 2)), i);
    }
  });
  starts[entries.length] = length;
  return {
    entries,
    byCode: new Map(airports.map((a) => [a.code, a])),
    text: parts.join(''),
    starts,
    exact,
    starting,
  };
}

const SPACE = 32;
/** Anything a folded query can hold but a space (or the index's "\n" and "|"). */
const isLetter = (c: number) => !Number.isNaN(c) && c !== SPACE && c !== 10 && c !== 124;
/** One number for a text's first one or two letters: "b" and "bo" differ. */
const startKey = (t: string) =>
  t.length < 2 ? t.charCodeAt(0) : (t.charCodeAt(0) + 1) * 65_536 + t.charCodeAt(1);

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

/** The entry whose part of the index's text holds position `at`. */
function entryAt(starts: Int32Array, at: number): number {
  let lo = 0;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] ?? 0) <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * The entries worth testing for `q`, in the index's order. Every tier needs the code or city code
 * to be `q`, or (one or two letters) the code or a word of the names or title to start with it,
 * or (three or more) the names or title to hold it: those are looked up (one or two letters) or
 * found by one search of the index's text (longer), not tested entry by entry. An entry that did
 * not match "ben" cannot match "beng" either, so typing on narrows the last hits.
 */
function candidates(index: AirportIndex, q: string): Entry[] {
  const last = index.last;
  if (last && q.startsWith(last.q)) return last.hits;
  const { entries, text, starts } = index;
  const exact = index.exact.get(q) ?? [];
  if (q.length < 3 && exact.length === 0) {
    return (index.starting.get(startKey(q)) ?? []).flatMap((i) => entries[i] ?? []);
  }
  const hit = new Uint8Array(entries.length);
  for (const i of exact) hit[i] = 1;
  if (q.length < 3) for (const i of index.starting.get(startKey(q)) ?? []) hit[i] = 1;
  else {
    for (let at = text.indexOf(q); at >= 0; ) {
      const i = entryAt(starts, at);
      hit[i] = 1;
      // The entry's other occurrences add nothing: search on after it.
      at = text.indexOf(q, starts[i + 1]);
    }
  }
  const found: Entry[] = [];
  for (let i = 0; i < hit.length; i++) {
    const e = hit[i] ? entries[i] : undefined;
    if (e) found.push(e);
  }
  return found;
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
  const country = opts.countries[0] ?? '';
  // A country's airports busiest first, sorted once (the picker opens on them every time).
  let busiest = index.busiest?.get(country);
  if (!busiest) {
    busiest = index.entries
      .map((e) => e.airport)
      .filter((a) => a.cc === country)
      .sort((a, b) => b.rank - a.rank);
    index.busiest ??= new Map();
    index.busiest.set(country, busiest);
  }
  const limit = opts.limit ?? 10;
  const popular: Airport[] = [];
  for (const a of busiest) {
    if (popular.length >= limit) break;
    if (!taken.has(a.code)) popular.push(a);
  }
  return { recent, popular };
}
