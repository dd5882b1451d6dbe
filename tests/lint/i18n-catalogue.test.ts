// The message catalogues (docs/i18n.md): every refusal code the server can send has its entry in
// every language, the English entries keep the spec's words (ERRORS, MSG), every language has the
// same ids as English with the same parameters, and every entry compiles as ICU MessageFormat.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { REASON_CODES } from '@/domain/booking/reasons';
import { ITEM_CATEGORIES } from '@/domain/courier/categories';
import { COURIER_TEXT } from '@/domain/courier/texts';
import { ERRORS } from '@/domain/errors';
import { LOCALES } from '@/domain/locale';
import { MUTATIONS } from '@/domain/sync/mutations';
import { MSG } from '@/domain/texts';

const root = new URL('../../', import.meta.url).pathname;
type Catalogue = Record<string, { translation: string; comments?: string[] }>;
const read = (path: string): Catalogue => JSON.parse(readFileSync(join(root, path), 'utf8'));
/** The areas with a catalogue of their own (src/client/i18n/i18n.ts, AREAS): messages/<area>/<locale>.json. */
const AREAS = readdirSync(join(root, 'messages'), { withFileTypes: true })
  .filter((e) => e.isDirectory() && e.name !== 'server')
  .map((e) => e.name);
/** Each catalogue of a language: the shell's ('') and each area's. */
const catalogues = (l: string): [string, Catalogue][] => [
  ['', read(`messages/${l}.json`)],
  ...AREAS.map((a): [string, Catalogue] => [a, read(`messages/${a}/${l}.json`)]),
];
/** A language's catalogues as one: what the app holds once every area is loaded. */
const client = Object.fromEntries(
  LOCALES.map((l) => [l, Object.assign({}, ...catalogues(l).map(([, c]) => c)) as Catalogue]),
);
const server = Object.fromEntries(LOCALES.map((l) => [l, read(`messages/server/${l}.json`)]));

/** Every code the server names in its source: `new ApiError('x')`, `refusal('x')`, `code: 'x'`, `errorResponse(c, 'x')`. */
function serverCodes(): Set<string> {
  const codes = new Set<string>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else if (/\.ts$/.test(e.name)) {
        const text = readFileSync(path, 'utf8');
        for (const m of text.matchAll(
          /(?:ApiError\(|refusal\(|code:\s*|[Ee]rror\w*\([^,()]*,\s*)'([a-z_]+(?:\/[a-z-]+)?)'/g,
        ))
          if (m[1]?.includes('/') || m[1] === 'handoff_code_mismatch') codes.add(m[1]);
      }
    }
  };
  walk(join(root, 'src/server'));
  return codes;
}

/** The names of an ICU message's parameters ('{count, plural, ...}' and '{name}'). */
function params(message: string): string[] {
  return [...new Set([...message.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1] ?? ''))].sort();
}

/** The codes whose `error.<code>` entry `catalogue` lacks (or leaves empty). */
function missingCodes(catalogue: Catalogue | undefined, codes: Iterable<string>): string[] {
  return [...codes].filter((code) => !catalogue?.[`error.${code}`]?.translation);
}

describe('the client catalogue', () => {
  const codes = new Set([...Object.keys(ERRORS), 'server/internal', ...serverCodes()]);

  it('has every refusal code of ERRORS and every code the server source names, in every language', () => {
    expect(serverCodes()).toContain('server/internal');
    expect(serverCodes()).toContain('handoff_code_mismatch');
    for (const locale of LOCALES) expect(missingCodes(client[locale], codes), locale).toEqual([]);
  });

  it('keeps the English of ERRORS and of the validation messages word for word', () => {
    for (const [code, e] of Object.entries(ERRORS))
      expect(client.en?.[`error.${code}`]?.translation).toBe(e.message);
    for (const [key, text] of Object.entries(MSG))
      expect(client.en?.[`validation.${key}`]?.translation).toBe(text);
    for (const [key, text] of Object.entries(COURIER_TEXT))
      expect(client.en?.[`validation.courier.${key}`]?.translation).toBe(text);
    for (const c of ITEM_CATEGORIES)
      if (c.forbiddenBy)
        expect(client.en?.[`validation.forbidden.${c.value}`]?.translation).toBe(c.forbiddenBy);
  });

  it('has the same ids and parameters in every language, and each entry compiles', () => {
    const en = client.en ?? {};
    for (const locale of LOCALES) {
      const cat = client[locale] ?? {};
      expect(Object.keys(cat).sort(), locale).toEqual(Object.keys(en).sort());
      for (const [id, e] of Object.entries(cat)) {
        expect(() => compileMessage(e.translation), `${locale}: ${id}`).not.toThrow();
        expect(params(e.translation), `${locale}: ${id}`).toEqual(params(en[id]?.translation ?? ''));
      }
    }
  });

  it("keeps each area's ids in its own catalogue, named after it, and no id in two catalogues", () => {
    expect(AREAS).toEqual(expect.arrayContaining(['search', 'carrier', 'sender', 'people', 'team']));
    for (const locale of LOCALES) {
      const seen = new Map<string, string>();
      for (const [area, cat] of catalogues(locale))
        for (const id of Object.keys(cat)) {
          const prefix = id.split('.')[0] ?? '';
          if (area) expect(prefix, `${locale}: ${id} in messages/${area}/`).toBe(area);
          else expect(AREAS, `${locale}: ${id} in the shell's catalogue`).not.toContain(prefix);
          expect(seen.get(id), `${locale}: ${id} in two catalogues`).toBeUndefined();
          seen.set(id, area);
        }
    }
  });

  it('keeps every catalogue sorted by id (two changes adding ids then merge cleanly)', () => {
    const files = [
      ...LOCALES.flatMap((l) => [`messages/${l}.json`, `messages/server/${l}.json`]),
      ...LOCALES.flatMap((l) => AREAS.map((a) => `messages/${a}/${l}.json`)),
    ];
    for (const file of files) {
      const ids = Object.keys(read(file));
      expect(ids, `${file}: run node scripts/sort-messages.mjs`).toEqual([...ids].sort());
    }
  });

  it('would fail on a code a language lacks, and reads the parameters of a plural', () => {
    const { 'error.auth/required': _gone, ...without } = client.hi ?? {};
    expect(missingCodes(without, codes)).toEqual(['auth/required']);
    expect(params('{count, plural, one {# change} other {# changes}} for {name}')).toEqual(['count', 'name']);
  });
});

describe('the server catalogue (mails and pushes)', () => {
  it('has a title and body for every notice the kinds declare, and every reason, in every language', () => {
    const ids = [
      ...Object.entries(MUTATIONS).flatMap(([kind, d]) =>
        Object.keys((d as { notifies?: Record<string, unknown> }).notifies ?? {}).flatMap((event) => [
          `notify.${kind}.${event}.title`,
          `notify.${kind}.${event}.body`,
        ]),
      ),
      ...REASON_CODES.map((r) => `reason.${r}`),
    ];
    for (const locale of LOCALES)
      for (const id of ids) expect(server[locale]?.[id]?.translation, `${locale}: ${id}`).toBeTruthy();
  });

  it('keeps the English of the kinds registry word for word', () => {
    for (const [kind, d] of Object.entries(MUTATIONS)) {
      const notifies = (
        d as { notifies?: Record<string, { title: string; body: (s: string, r?: string) => string }> }
      ).notifies;
      for (const [event, n] of Object.entries(notifies ?? {})) {
        expect(server.en?.[`notify.${kind}.${event}.title`]?.translation).toBe(n.title);
        expect(server.en?.[`notify.${kind}.${event}.body`]?.translation).toBe(n.body('{size}', '{reason}'));
      }
    }
  });

  it('has the same ids and parameters in every language, and each entry compiles', () => {
    const en = server.en ?? {};
    for (const locale of LOCALES) {
      const cat = server[locale] ?? {};
      expect(Object.keys(cat).sort(), locale).toEqual(Object.keys(en).sort());
      for (const [id, e] of Object.entries(cat)) {
        expect(() => compileMessage(e.translation), `${locale}: ${id}`).not.toThrow();
        expect(params(e.translation), `${locale}: ${id}`).toEqual(params(en[id]?.translation ?? ''));
      }
    }
  });
});
