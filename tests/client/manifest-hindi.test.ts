// The installed app's manifest follows the language (docs/i18n.md): after a switch to Hindi the
// page's <link rel="manifest"> points at the Hindi manifest, which the build makes from the English
// one (src/client/pwa/manifest.ts, vite.config.ts languageManifests): Hindi name and description,
// the same icons, start_url, scope and id. Back in English, the English one again.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chooseLocale, loadLocale } from '@/client/i18n/i18n';
import { manifestFile, manifestIn } from '@/client/pwa/manifest';
import { LOCALES } from '@/domain/locale';

/** The English manifest as vite-plugin-pwa writes it (icons from the build's generator). */
const ENGLISH = {
  id: '/',
  lang: 'en-IN',
  name: 'Carry: Monetize your travel',
  short_name: 'Carry',
  description: 'Book spare baggage space on a flight, or earn from yours.',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  icons: [{ src: 'pwa-192x192.png', sizes: '192x192', type: 'image/png' }],
  screenshots: [{ src: '/screenshots/wide.png', sizes: '1280x800', form_factor: 'wide', label: 'Find' }],
};

/** The manifest the build serves at `href` (manifest.webmanifest, manifest.hi.webmanifest). */
function served(href: string) {
  const file = href.split('/').pop();
  const locale = LOCALES.find((l) => manifestFile(l) === file);
  if (!locale) throw new Error(`the build writes no ${file}`);
  return locale === 'en' ? ENGLISH : manifestIn(ENGLISH, locale);
}

const link = () => document.querySelector('link[rel="manifest"]')?.getAttribute('href') ?? '';

beforeEach(() => {
  // As index.html has it (vite-plugin-pwa's link).
  document.head.insertAdjacentHTML('beforeend', '<link rel="manifest" href="/manifest.webmanifest">');
});
afterEach(async () => {
  await loadLocale('en');
  document.querySelector('link[rel="manifest"]')?.remove();
});

describe('the web manifest per language', () => {
  it('points at a manifest with a Hindi name after a switch to Hindi, and back', async () => {
    await chooseLocale('hi');
    expect(link()).toBe('/manifest.hi.webmanifest');
    const hindi = served(link());
    expect(hindi.name).toBe('Carry: अपने सफ़र से कमाएँ');
    expect(hindi.lang).toBe('hi-IN');
    expect(hindi.description).toMatch(/^[^a-z]+$/);
    expect(hindi.screenshots?.[0]?.label).toBe('अपना सामान ले जाने वाला ढूँढें');
    for (const field of ['id', 'start_url', 'scope', 'short_name', 'display', 'icons'] as const)
      expect(hindi[field]).toEqual(ENGLISH[field]);

    await chooseLocale('en');
    expect(link()).toBe('/manifest.webmanifest');
    expect(served(link()).name).toBe('Carry: Monetize your travel');
  });
});
