// The installed app's name and description in each language (docs/i18n.md). The build writes
// manifest.webmanifest in English (vite.config.ts, vite-plugin-pwa) and, from it, one
// manifest.<locale>.webmanifest per other language: the same icons, start_url, scope and id, the
// words of MANIFEST_TEXT. loadLocale points <link rel="manifest"> at the active language's, so an
// app installed in Hindi is named in Hindi. Imported by vite.config.ts: nothing here may use the
// `@/` alias at run time.
import type { Locale } from '../../domain/locale';

/** The manifest file of a language, at the app's root. */
export function manifestFile(locale: Locale): string {
  return locale === 'en' ? 'manifest.webmanifest' : `manifest.${locale}.webmanifest`;
}

/** `href` (a manifest link's) pointing at `locale`'s manifest instead, in the same folder. */
export function manifestHref(href: string, locale: Locale): string {
  return href.replace(/manifest(?:\.[a-z]+)?\.webmanifest$/, manifestFile(locale));
}

export interface ManifestText {
  /** The manifest's `lang`. */
  lang: string;
  name: string;
  short_name: string;
  description: string;
  /** The screenshots' labels, narrow (390 px) and wide (1280 px). */
  screenshots: { narrow: string; wide: string };
}

export const MANIFEST_TEXT: Record<Locale, ManifestText> = {
  en: {
    lang: 'en-IN',
    name: 'Carry: Monetize your travel',
    short_name: 'Carry',
    description:
      'Book spare baggage space on a flight, or earn from yours. Works offline: everything you do is sent when you are back online.',
    screenshots: { narrow: 'Your listings and orders', wide: 'Find someone to carry your luggage' },
  },
  hi: {
    lang: 'hi-IN',
    name: 'Carry: अपने सफ़र से कमाएँ',
    short_name: 'Carry',
    description:
      'किसी फ़्लाइट में खाली सामान की जगह बुक करें, या अपनी खाली जगह से कमाएँ। ऑफ़लाइन भी चलता है: आप जो भी करते हैं, इंटरनेट वापस आते ही भेज दिया जाता है।',
    screenshots: { narrow: 'आपकी लिस्टिंग और ऑर्डर', wide: 'अपना सामान ले जाने वाला ढूँढें' },
  },
};

interface Manifest {
  lang?: string;
  name?: string;
  short_name?: string;
  description?: string;
  screenshots?: { form_factor?: string; label?: string }[];
  [field: string]: unknown;
}

/** The English manifest (as the build writes it, icons and all) in `locale`'s words. */
export function manifestIn(english: Manifest, locale: Locale): Manifest {
  const text = MANIFEST_TEXT[locale];
  return {
    ...english,
    lang: text.lang,
    name: text.name,
    short_name: text.short_name,
    description: text.description,
    ...(english.screenshots
      ? {
          screenshots: english.screenshots.map((s) => ({
            ...s,
            label: s.form_factor === 'wide' ? text.screenshots.wide : text.screenshots.narrow,
          })),
        }
      : {}),
  };
}
