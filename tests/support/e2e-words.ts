// The client's words as the catalogues hold them, for browser tests that speak a language other
// than English: a message by id, a name by its English (the Hindi of the id whose English it is,
// or the English itself while the string is still hard-coded), and the English of every message
// (none of which a screen in Hindi may show).
//
//   said('hi', 'nav.home')          'होम'
//   inLanguage('hi', 'Accept', 'carrier')  the Hindi of the id whose English is 'Accept', else 'Accept'
//   catalogueEnglish()              every English message without parameters, 4 letters or more
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locale } from '../../src/domain/locale';

type Catalogue = Record<string, { translation: string }>;

const AREAS = readdirSync('messages', { withFileTypes: true })
  .filter((e) => e.isDirectory() && e.name !== 'server')
  .map((e) => e.name);

/** The shell's catalogue and every area's of `locale`, merged (ids do not repeat across them). */
export function catalogue(locale: Locale): Catalogue {
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Catalogue;
  return Object.assign(
    read(join('messages', `${locale}.json`)),
    ...AREAS.map((a) => read(join('messages', a, `${locale}.json`))),
  );
}

/** The server's catalogue of `locale` (mails, pushes). */
export function serverCatalogue(locale: Locale): Catalogue {
  return JSON.parse(readFileSync(join('messages', 'server', `${locale}.json`), 'utf8')) as Catalogue;
}

export function said(locale: Locale, id: string): string {
  const text = catalogue(locale)[id]?.translation;
  if (!text) throw new Error(`no message ${id} in ${locale}`);
  return text;
}

/**
 * A text in `locale` by its English: the id whose English it is, first among `area`'s ids (the
 * screen's own words), then any; not moved yet: the English.
 */
export function inLanguage(locale: Locale, english: string, area?: string): string {
  const ids = Object.entries(catalogue('en'))
    .filter(([, e]) => e.translation === english)
    .map(([id]) => id);
  const id = ids.find((i) => area && i.startsWith(`${area}.`)) ?? ids[0];
  return (id && catalogue(locale)[id]?.translation) || english;
}

/**
 * Every English message a screen in Hindi must not show: plain text of 4 letters or more, whose
 * Hindi differs (a brand or a code written alike in both is no sign of English).
 */
export function catalogueEnglish(): string[] {
  const hi = catalogue('hi');
  return [
    ...new Set(
      Object.entries(catalogue('en'))
        .filter(([id, e]) => hi[id]?.translation !== e.translation)
        .map(([, e]) => e.translation)
        .filter((t) => !/[{}]/.test(t) && /[A-Za-z]{4}/.test(t)),
    ),
  ];
}
