import { describe, expect, it } from 'vitest';
import { fold, indexAirports, matchAirports, suggestAirports } from '@/domain/reference/airport-match';
import type { Airport } from '@/domain/reference/schema';
import referenceData from '../../src/server/db/reference-data.json';

const airport = (
  code: string,
  city: string,
  name: string,
  cc: string,
  rank: number,
  alt: string[] = [],
  metro = '',
): Airport => ({ id: code, code, name, city, country: cc, cc, timeZone: 'Etc/UTC', rank, alt, metro });

const INDEX = indexAirports([
  airport('DEL', 'New Delhi', 'Indira Gandhi International Airport', 'IN', 1000, ['Delhi', 'Palam']),
  airport('BOM', 'Mumbai', 'Chhatrapati Shivaji Maharaj International Airport', 'IN', 999, ['Bombay']),
  airport('NMI', 'Navi Mumbai', 'Navi Mumbai International Airport', 'IN', 11, ['Mumbai'], 'BOM'),
  airport('BLR', 'Bengaluru', 'Kempegowda International Airport', 'IN', 998, ['Bangalore']),
  airport('HYD', 'Hyderabad', 'Rajiv Gandhi International Airport', 'IN', 997, ['Shamshabad']),
  airport('HDD', 'Hyderabad', 'Hyderabad Airport', 'PK', 10),
  airport('CCU', 'Kolkata', 'Netaji Subhash Chandra Bose International Airport', 'IN', 995, ['Calcutta']),
  airport('MAA', 'Chennai', 'Chennai International Airport', 'IN', 996, ['Madras']),
  airport('TRV', 'Thiruvananthapuram', 'Trivandrum International Airport', 'IN', 985, ['Trivandrum']),
  airport('GOI', 'Goa', 'Dabolim Airport', 'IN', 990, ['Vasco da Gama']),
  airport('GOX', 'Goa', 'Manohar International Airport', 'IN', 991, ['Mopa'], 'GOI'),
  airport('GOA', 'Genova', 'Genoa Cristoforo Colombo Airport', 'IT', 10, ['Genoa']),
  airport('JFK', 'New York', 'John F Kennedy International Airport', 'US', 23, [], 'NYC'),
  airport('LGA', 'New York', 'La Guardia Airport', 'US', 22, [], 'NYC'),
  airport('EWR', 'Newark', 'Newark Liberty International Airport', 'US', 21, [], 'NYC'),
  airport('GRU', 'São Paulo', 'Guarulhos International Airport', 'BR', 20, [], 'SAO'),
  airport('AGT', 'Ciudad del Este', 'Guarani International Airport', 'PY', 10),
]);
const codes = (q: string, countries = ['IN'], exclude?: string) =>
  matchAirports(INDEX, q, { countries, ...(exclude ? { exclude } : {}) }).map((a) => a.code);

describe('matchAirports', () => {
  it.each([
    ['del', 'DEL'],
    ['DEL', 'DEL'],
    ['Delhi', 'DEL'],
    ['hyd', 'HYD'],
    ['hyderabad', 'HYD'],
    ['Bengaluru', 'BLR'],
    ['Bangalore', 'BLR'],
    ['bang', 'BLR'],
    ['Mumbai', 'BOM'],
    ['Bombay', 'BOM'],
    ['Kolkata', 'CCU'],
    ['Calcutta', 'CCU'],
    ['Thiruvananthapuram', 'TRV'],
    ['Trivandrum', 'TRV'],
    ['Chennai', 'MAA'],
    ['Madras', 'MAA'],
    ['GOI', 'GOI'],
    ['GOX', 'GOX'],
    ['BOM', 'BOM'],
    ['HYD', 'HYD'],
    ['indira', 'DEL'],
    ['kempegowda intern', 'BLR'],
    ['NYC', 'JFK'],
    ['new york', 'JFK'],
  ])('puts the airport a traveller means first for %s', (q, code) => {
    expect(codes(q)[0]).toBe(code);
  });

  it('offers every airport of a city code', () => {
    expect(codes('nyc')).toEqual(['JFK', 'LGA', 'EWR']);
    expect(codes('bom').slice(0, 2)).toEqual(['BOM', 'NMI']);
  });

  it('puts the airport whose own code was typed before one that only shares it as a city code', () => {
    // GOI is Dabolim's code and Goa's city code; Mopa (GOX) is busier but comes second.
    expect(codes('GOI')).toEqual(['GOI', 'GOX']);
    expect(codes('BOM')).toEqual(['BOM', 'NMI']);
  });

  it('puts the code before a city of the same letters only when the country is not preferred', () => {
    // "goa" is Genoa's code and Goa's name: an Indian user means Goa, an Italian Genoa.
    expect(codes('goa', ['IN'])).toEqual(['GOX', 'GOI', 'GOA']);
    expect(codes('goa', ['IT'])[0]).toBe('GOA');
  });

  it("ranks the user's country first, then the busier airport", () => {
    expect(codes('hyderabad', ['PK'])).toEqual(['HDD', 'HYD']);
    expect(codes('hyderabad', ['IN'])).toEqual(['HYD', 'HDD']);
  });

  it('ignores case and diacritics', () => {
    expect(codes('SAO PAULO')).toEqual(['GRU']);
    expect(codes('são')).toEqual(['GRU']);
    expect(fold('  Zürich–Kloten ')).toBe('zurich kloten');
  });

  it('does not offer a far airport whose name merely contains a code', () => {
    // "del" once offered Guarani International (Ciudad del Este) first.
    expect(codes('del')[0]).toBe('DEL');
    expect(codes('del').indexOf('AGT')).toBeGreaterThan(0);
  });

  it('leaves out the excluded code and offers nothing for a blank query', () => {
    expect(codes('goa', ['IN'], 'GOX')).toEqual(['GOI', 'GOA']);
    expect(codes('  ')).toEqual([]);
    expect(codes('zzzz')).toEqual([]);
  });
});

describe('suggestAirports', () => {
  it("offers the recent choices, then the busiest airports of the user's country", () => {
    const s = suggestAirports(INDEX, ['GOI', 'JFK'], { countries: ['IN'], exclude: 'DEL', limit: 3 });
    expect(s.recent.map((a) => a.code)).toEqual(['GOI', 'JFK']);
    expect(s.popular.map((a) => a.code)).toEqual(['BOM', 'BLR', 'HYD']);
  });
});

describe('on the airport list Carry ships', () => {
  const REAL = indexAirports(referenceData.airports.map((a) => ({ ...a, id: a.code, metro: a.metro ?? '' })));
  const first = (q: string, n = 1) =>
    matchAirports(REAL, q, { countries: ['IN'] })
      .slice(0, n)
      .map((a) => a.code);

  it.each([
    ['HYD', ['HYD']],
    ['hyderabad', ['HYD']],
    ['GOI', ['GOI']],
    ['BOM', ['BOM']],
    ['bombay', ['BOM']],
    ['Bengaluru', ['BLR']],
    ['Calcutta', ['CCU']],
    ['trivandrum', ['TRV']],
    ['madras', ['MAA']],
    ['del', ['DEL']],
  ])('puts %s first', (q, codes) => {
    expect(first(q, codes.length)).toEqual(codes);
  });

  it('offers both Goa airports before Genoa for "goa"', () => {
    expect(new Set(first('goa', 2))).toEqual(new Set(['GOI', 'GOX']));
    expect(first('GOI', 2)).toEqual(['GOI', 'GOX']);
  });

  it('offers every New York airport for "NYC"', () => {
    expect(new Set(first('NYC', 3))).toEqual(new Set(['JFK', 'LGA', 'EWR']));
  });

  it("offers India's busiest airports by traffic on an empty field, after the recent ones", () => {
    const s = suggestAirports(REAL, ['DXB'], { countries: ['IN'] });
    expect(s.recent.map((a) => a.code)).toEqual(['DXB']);
    expect(s.popular.map((a) => a.code).slice(0, 6)).toEqual(['DEL', 'BOM', 'BLR', 'HYD', 'MAA', 'CCU']);
    expect(s.popular.every((a) => a.cc === 'IN')).toBe(true);
  });
});

describe('matching as someone types', () => {
  const airports = referenceData.airports.map((a) => ({ ...a, id: a.code, metro: a.metro ?? '' }));
  it('offers, keystroke by keystroke, what a fresh match of the whole list offers', () => {
    const typing = indexAirports(airports);
    const whole = indexAirports(airports);
    const opts = { countries: ['IN'], exclude: 'BOM' };
    for (const word of ['bengaluru', 'new york', 'thiruvananthapuram', 'goa', 'nycx', 'mum', 'del h']) {
      for (let n = 1; n <= word.length; n++) {
        const q = word.slice(0, n);
        whole.last = undefined; // no earlier keystroke: the whole list is searched
        const fresh = matchAirports(whole, q, opts).map((a) => a.code);
        expect(
          matchAirports(typing, q, opts).map((a) => a.code),
          q,
        ).toEqual(fresh);
      }
      // Back to a shorter text, as after Backspace.
      expect(matchAirports(typing, word.slice(0, 2), opts).length).toBeGreaterThan(0);
    }
  });
});

describe('what matching looks at', () => {
  const airports = referenceData.airports.map((a) => ({ ...a, id: a.code, metro: a.metro ?? '' }));
  const index = indexAirports(airports);
  const found = new Map<string, Set<string>>();
  /** Every airport `q` matches, however far down (the index finds the candidates, not a scan). */
  const finds = (q: string) => {
    let codes = found.get(q);
    if (!codes) {
      index.last = undefined;
      codes = new Set(matchAirports(index, q, { countries: [], limit: airports.length }).map((a) => a.code));
      found.set(q, codes);
    }
    return codes;
  };

  it("finds every airport by its code's first letters, a word's first letters, and any three letters of its names", () => {
    const missed: string[] = [];
    // Every airport by its code and words' first letters; the three letters anywhere of every
    // fifth (each such text is a search of its own: all of them would take seconds).
    airports.forEach((a, n) => {
      const names = [a.city, a.name, ...(a.alt ?? [])].map(fold).filter(Boolean);
      const code = a.code.toLowerCase();
      const queries = new Set([code.slice(0, 1), code.slice(0, 2), code, a.metro.toLowerCase()]);
      for (const name of names) {
        for (const word of name.split(' ')) queries.add(word.slice(0, 1)).add(word.slice(0, 2));
        if (n % 5 === 0) for (let at = 0; at + 3 <= name.length; at++) queries.add(name.slice(at, at + 3));
      }
      // As typed: "ab " would be the two letters "ab", which need not start a word.
      for (const q of queries)
        if (q && q === fold(q) && !finds(q).has(a.code)) missed.push(`${q} -> ${a.code}`);
    });
    expect(missed.slice(0, 10)).toEqual([]);
  });
});
