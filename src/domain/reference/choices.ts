// What a picker offers for the text typed, in groups (recent picks, then the country's busiest
// airports on an empty field: the client names them in the user's language), and how a chosen
// code reads. Airports go through airport-match;
// airlines (a short list) through rankChoices. Pure: the picker and its tests share it.
import { type AirportIndex, matchAirports, suggestAirports } from './airport-match';
import { type Choice, rankChoices } from './match';
import type { Airport } from './schema';

export interface ChoiceGroup {
  /** What the group holds, named above its options ("Recent", "Popular in India"); none for a
   * typed query's matches. */
  group?: 'recent' | 'popular';
  /** The country of a 'popular' group, as the reference data names it (empty: none known). */
  country?: string;
  choices: Choice[];
}

export interface ChoiceSource {
  find(query: string, recent: readonly string[], exclude?: string): ChoiceGroup[];
  get(value: string): Choice | undefined;
}

/** Enough to scroll with a thumb; typing narrows the rest. */
const MAX_SHOWN = 50;
/**
 * A typed query's matches: the ten best, as airline sites show (the right one is first; each more
 * option costs every keystroke its render).
 */
const MAX_MATCHES = 10;

/** "Bengaluru" / "Kempegowda International Airport, India" / BLR. */
export function airportChoice(a: Airport): Choice {
  const city = a.city || a.name;
  return {
    value: a.code,
    label: `${city}, ${a.name} (${a.code}), ${a.country}`,
    title: city,
    detail: a.country ? `${a.name}, ${a.country}` : a.name,
    short: `${city} (${a.code})`,
  };
}

/** Airports by code, city code, city (and its other names) and name; `countries` first. */
export function airportSource(
  index: AirportIndex,
  countries: readonly string[],
  countryName = '',
): ChoiceSource {
  // One Choice per airport, made once: an option that stays in the list keeps the same object,
  // so its memoised row does not render again on the next keystroke.
  const made = new Map<string, Choice>();
  const choiceOf = (a: Airport): Choice => {
    let c = made.get(a.code);
    if (!c) {
      c = airportChoice(a);
      made.set(a.code, c);
    }
    return c;
  };
  return {
    find(query, recent, exclude) {
      const opts = { countries, ...(exclude ? { exclude } : {}) };
      if (query.trim()) {
        return [{ choices: matchAirports(index, query, { ...opts, limit: MAX_MATCHES }).map(choiceOf) }];
      }
      const s = suggestAirports(index, recent, opts);
      const groups: ChoiceGroup[] = [];
      if (s.recent.length) groups.push({ group: 'recent', choices: s.recent.map(choiceOf) });
      if (s.popular.length)
        groups.push({ group: 'popular', country: countryName, choices: s.popular.map(choiceOf) });
      return groups;
    },
    get(value) {
      const a = index.byCode.get(value);
      return a ? choiceOf(a) : undefined;
    },
  };
}

/** A short list (airlines) ranked by rankChoices, recent first. */
export function listSource(choices: readonly Choice[]): ChoiceSource {
  const byValue = new Map(choices.map((c) => [c.value, c]));
  return {
    find(query, recent, exclude) {
      const pool = exclude ? choices.filter((c) => c.value !== exclude) : choices;
      const ranked = rankChoices(pool, query, recent).slice(0, query.trim() ? MAX_MATCHES : MAX_SHOWN);
      if (query.trim()) return [{ choices: ranked }];
      const recentSet = new Set(recent);
      const first = ranked.filter((c) => recentSet.has(c.value));
      const rest = ranked.filter((c) => !recentSet.has(c.value));
      return first.length ? [{ group: 'recent', choices: first }, { choices: rest }] : [{ choices: rest }];
    },
    get: (value) => byValue.get(value),
  };
}
