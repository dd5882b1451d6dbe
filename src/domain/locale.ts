// The languages Carry speaks (docs/i18n.md): a user's choice travels with their profile
// (`set-locale`, users.locale), and mails and pushes are written in it.
import * as v from 'valibot';

export const LOCALES = ['en', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];

/** The Intl locale a language's dates, times and money are written in: Indian grouping
 * (₹1,00,000) and Indian dates in both. */
const INTL: Record<Locale, string> = { en: 'en-IN', hi: 'hi-IN' };

export function intlLocale(locale: Locale): string {
  return INTL[locale];
}

export const localeSchema = v.picklist(LOCALES, 'Language must be en or hi');

/** set-locale (PUT /api/profile/locale): the account's language. */
export const setLocaleArgsSchema = v.object({ locale: localeSchema });
export type SetLocaleArgs = v.InferOutput<typeof setLocaleArgsSchema>;
