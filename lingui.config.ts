// The message catalogues (docs/i18n.md): one JSON file per locale in messages/ (the shell) and in
// messages/<area>/, keyed by id, each
// entry an ICU MessageFormat string ("translation") and, in a translation, optional "comments"
// ("REVIEW: ..." marks one a reviewer should check). English is the source and the fallback.
// The Vite plugin compiles a catalogue when the app imports it (`messages/hi.json?lingui`), so
// the browser gets message functions, never ICU text to parse.
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-json';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'hi'],
  fallbackLocales: { default: 'en' },
  // The shell's catalogue, and one per area of screens (src/client/i18n/i18n.ts, AREAS).
  catalogs: [
    { path: '<rootDir>/messages/{locale}', include: ['src/client'] },
    ...['search', 'carrier', 'sender', 'people', 'team'].map((area) => ({
      path: `<rootDir>/messages/${area}/{locale}`,
      include: ['src/client'],
    })),
  ],
  format: formatter({ style: 'lingui', origins: false }),
});
