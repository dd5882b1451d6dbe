// The app's languages: which ones there are, what each is called in itself, the Intl locale its
// numbers and dates are written in, and which one a first visit starts in. No catalogue here:
// the messages of a language load only when it is chosen (./i18n.ts).

import { intlLocale, LOCALES, type Locale } from '@/domain/locale';

export { intlLocale, LOCALES, type Locale };

/** Each language in its own words, as the switch shows it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', hi: 'हिन्दी' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The language of a first visit, from the browser's languages in their order: the first that is
 * Hindi or English wins ('mr-IN, hi' is Hindi; 'en-GB, hi' English); none of them: English.
 */
export function pickLocale(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const base = tag.toLowerCase().split(/[-_]/)[0];
    if (isLocale(base)) return base;
  }
  return 'en';
}

/** Where this device keeps the choice (localStorage): it outlives logging out. */
export const LOCALE_STORAGE_KEY = 'carry.locale';

/** The device's chosen language, else the browser's (a first visit). */
export function initialLocale(
  stored: string | null = readStored(),
  languages: readonly string[] = globalThis.navigator?.languages ?? [],
): Locale {
  return isLocale(stored) ? stored : pickLocale(languages);
}

function readStored(): string | null {
  try {
    return globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}
