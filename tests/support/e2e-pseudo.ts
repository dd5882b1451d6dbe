// The pseudo-locale of the walk (issue 32, item 7), for browser tests only: every message of the
// English catalogues with its letters accented and each word about 40% longer ("Book Now" ->
// "ßōōōķķ Ńōōŵŵ"), compiled by Lingui's own compiler (placeholders and plurals kept), served in
// place of the Hindi catalogue chunks (assets/messages-[<area>-]hi-<hash>.js) of a context whose
// app runs in Hindi. Nothing in the app knows of it, so no user can meet it and no build makes it:
// a string the walk finds in plain Latin letters never went through a catalogue. Dates and
// numbers are Intl's in hi-IN, as a Hindi reader sees them, so they read as translated.
//
//   servePseudo(context)          the Hindi chunks of `context` answered with the pseudo ones
//   pseudo('Book Now')            a message as the pseudo-locale writes it
//   either('Book Now')            a name matching it in the pseudo-locale or still in English
//   visibleTexts(page)            the page's visible texts and accessible names
//   untranslated(texts, allowed)  those with a plain English word left once `allowed` is removed
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { BrowserContext, Page } from 'playwright-core';

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [
    c,
    [...'àƀćďēƒĝĥĩĵķĺḿńōƥʠŕśţũṽŵẋŷźÀßĆĎĒƑĜĤĨĴĶĹḾŃŌƤǪŔŚŢŨṼŴẊŶŹ'][i] ?? c,
  ]),
);

/** A text of a message in the pseudo-locale: each Latin letter accented, each word 40% longer. */
export function pseudo(text: string): string {
  return text.replace(/[A-Za-z]+/g, (word) => {
    const accented = [...word].map((c) => ACCENTED[c] ?? c);
    const extra = Math.ceil(word.length * 0.4);
    // The longer word repeats its vowels (or its last letter), as a longer language would read.
    const vowel = accented.find((_, i) => /[aeiouAEIOU]/.test(word[i] ?? '')) ?? accented.at(-1) ?? '';
    return accented.join('') + vowel.repeat(extra);
  });
}

/** A name as the walk looks for it: the pseudo-locale's, or the English one not moved yet. */
export function either(text: string): RegExp {
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^(?:${esc(pseudo(text))}|${esc(text)})$`);
}

type Catalogue = Record<string, { translation: string }>;

/** The catalogue of a chunk's name (messages-hi-x.js: the shell's; messages-search-hi-x.js: search's). */
function catalogueOf(area: string | undefined): Catalogue {
  const file = area ? join('messages', area, 'en.json') : join('messages', 'en.json');
  return JSON.parse(readFileSync(file, 'utf8')) as Catalogue;
}

/** The module a catalogue chunk is: `export const messages`, each compiled with the pseudo text. */
export function pseudoModule(area: string | undefined): string {
  const messages = Object.fromEntries(
    Object.entries(catalogueOf(area)).map(([id, e]) => [id, compileMessage(e.translation, pseudo)]),
  );
  return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(messages))});\n`;
}

/** The areas with a catalogue of their own (messages/<area>/), for the report. */
export const AREAS = readdirSync('messages', { withFileTypes: true })
  .filter((e) => e.isDirectory() && e.name !== 'server')
  .map((e) => e.name);

const HINDI_CHUNK = /\/assets\/messages-(?:([a-z]{3,})-)?hi-[\w-]+\.js$/;

/**
 * Answers the Hindi catalogue chunks of `context` with the pseudo ones. The context must not run
 * the service worker (`serviceWorkers: 'block'`): a worker's cache would answer before the route.
 */
export async function servePseudo(context: BrowserContext): Promise<void> {
  const modules = new Map<string, string>();
  await context.route(HINDI_CHUNK, async (route) => {
    const area = HINDI_CHUNK.exec(new URL(route.request().url()).pathname)?.[1];
    const key = area ?? '';
    if (!modules.has(key)) modules.set(key, pseudoModule(area));
    await route.fulfill({
      status: 200,
      contentType: 'text/javascript; charset=utf-8',
      body: modules.get(key) ?? '',
    });
  });
}

export interface SeenText {
  /** Where it was: text, aria-label, title, placeholder, alt, value, document title. */
  kind: string;
  text: string;
}

/** The page's visible texts (each text node) and accessible names given by attributes. */
export function visibleTexts(page: Page): Promise<SeenText[]> {
  return page.evaluate(() => {
    const found: { kind: string; text: string }[] = [];
    const seen = new Set<string>();
    const add = (kind: string, raw: string | null | undefined) => {
      const text = (raw ?? '').replace(/\s+/g, ' ').trim();
      if (!text || seen.has(`${kind}\n${text}`)) return;
      seen.add(`${kind}\n${text}`);
      found.push({ kind, text });
    };
    // Hidden is display none or visibility hidden; text only for screen readers (sr-only) counts.
    const shown = (el: Element) =>
      el.tagName === 'OPTION' ||
      el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true });
    const skip = 'script, style, noscript, template, [data-sonner-toaster]';
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || el.closest(skip) || !shown(el)) continue;
      add('text', node.textContent);
    }
    for (const el of document.body.querySelectorAll(
      '[aria-label], [title], [placeholder], [alt], [aria-placeholder], [aria-roledescription], [aria-valuetext], input[type="submit"], input[type="button"]',
    )) {
      if (el.closest(skip) || !shown(el)) continue;
      for (const attr of [
        'aria-label',
        'title',
        'placeholder',
        'alt',
        'aria-placeholder',
        'aria-roledescription',
        'aria-valuetext',
      ])
        add(attr, el.getAttribute(attr));
      if (el instanceof HTMLInputElement && ['submit', 'button'].includes(el.type)) add('value', el.value);
    }
    add('document title', document.title);
    return found;
  });
}

/**
 * Words a Hindi reader would meet in English: a word of two Latin letters or more with a small
 * letter (codes such as DEL, AI995, KG and UPI are capitals and digits), once `allowed` (names,
 * the people's own words, airports and airlines as they are named), e-mail addresses, links, ids
 * and the brand are taken out. Each text found comes with its English words.
 */
export function untranslated(
  texts: SeenText[],
  allowed: readonly string[],
): Array<SeenText & { words: string[] }> {
  const longestFirst = [...allowed].sort((a, b) => b.length - a.length);
  return texts.flatMap(({ kind, text }) => {
    let rest = text
      .replace(/\S+@\S+\.\w+/g, ' ')
      .replace(/https?:\/\/\S+/g, ' ')
      // An id shown as it is (a booking's on its receipt): a segment of its hex digits may be
      // letters alone ('abac'), which is no English word.
      .replace(/\b[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}\b/gi, ' ')
      // A keyboard shortcut as keys are labelled ('alt+T': sonner names its hotkey in its region's label).
      .replace(/\b(?:alt|ctrl|shift|meta)\+\w+\b/gi, ' ');
    for (const a of longestFirst) rest = rest.replaceAll(a, ' ');
    const words = (rest.match(/(?<![\p{L}\p{M}\d])[A-Za-z]{2,}(?![\p{L}\p{M}\d])/gu) ?? []).filter(
      // 'am' and 'pm' are Intl's own in hi-IN ('9:30 am'), as a Hindi reader sees them.
      (w) => /[a-z]/.test(w) && !['Carry', 'am', 'pm'].includes(w),
    );
    return words.length ? [{ kind, text, words }] : [];
  });
}
