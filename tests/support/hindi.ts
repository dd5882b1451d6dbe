// Set-up shared by the client tests that render screens in Hindi (tests/client/*-hindi.test.tsx).
import { afterEach, beforeEach } from 'vitest';
import { loadAllAreas, loadLocale } from '@/client/i18n/i18n';

type Catalogue = Record<string, { translation: string }>;

/** Each test of the file renders in Hindi with every area loaded; English again after it. */
export function renderInHindi(): void {
  beforeEach(async () => {
    await loadLocale('hi');
    await loadAllAreas('hi');
  });
  afterEach(async () => {
    await loadLocale('en');
  });
}

/**
 * A catalogue's English texts that differ from their Hindi and are at least `minLength` long, so
 * they can be told apart from data (a parameter's text: the words before it).
 */
export function englishOf(english: Catalogue, hindi: Catalogue, minLength: number): string[] {
  return Object.entries(english)
    .filter(([id, { translation }]) => translation !== hindi[id]?.translation)
    .map(([, { translation }]) => translation.split('{')[0]?.trim() ?? '')
    .filter((text) => text.length >= minLength);
}
