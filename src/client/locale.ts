// The device's locale (which country's airports come first) and the active language's Intl
// locale (formatting). A locale without a region ("en") or none at all is read as en-IN: Carry's
// users are in India.
export const DEFAULT_LOCALE = 'en-IN';

function regionOf(tag: string): string | undefined {
  try {
    return new Intl.Locale(tag).maximize().region;
  } catch {
    return undefined;
  }
}

/** The first of the device's languages that names a region, else en-IN. */
export function deviceLocale(languages: readonly string[] = globalThis.navigator?.languages ?? []): string {
  const tag = languages.find((l) => /-[A-Za-z]{2}\b/.test(l));
  return tag && regionOf(tag) ? tag : DEFAULT_LOCALE;
}

/** Countries whose airports come first: the device's, then India's. */
export function preferredCountries(locale: string): string[] {
  const region = regionOf(locale);
  return [...new Set([region, 'IN'].filter((c): c is string => Boolean(c)))];
}

/**
 * The Intl locale of the active language (en-IN or hi-IN, src/client/i18n): dates, times, money
 * and the page's `lang`. A live binding: the i18n runtime sets it when the language changes, and a
 * screen reads it as it renders, so it follows a switch.
 */
export let LOCALE = DEFAULT_LOCALE;

export function setIntlLocale(tag: string): void {
  LOCALE = tag;
}

let zone: string | undefined;

/**
 * This device's time zone (an airport's zone is named where it differs), read on first use: the
 * page's first Intl.DateTimeFormat loads the zone data, 90-190 ms at a phone's speed, which the
 * entry screens, formatting no date, never need.
 */
export function deviceZone(): string {
  zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone;
}
