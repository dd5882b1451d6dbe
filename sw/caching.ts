// Runtime caching per URL pattern: reference data stale-while-revalidate (it also lives in
// IndexedDB; this makes a cold offline start fast), uploaded item images the user has seen, and
// the messages of each language the device has loaded (not precached: docs/i18n.md).
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';

/** Cache names; logout keeps REFERENCE and LANGUAGES (its name holds 'reference') and clears the rest. */
export const CACHE_NAMES = {
  reference: 'carry-reference',
  images: 'carry-images',
  languages: 'carry-reference-languages',
} as const;

export function registerRuntimeCaching(): void {
  registerRoute(
    ({ url, request }) =>
      request.method === 'GET' &&
      (url.pathname === '/api/get/airports' || url.pathname === '/api/get/airlines'),
    new StaleWhileRevalidate({
      cacheName: CACHE_NAMES.reference,
      plugins: [new CacheableResponsePlugin({ statuses: [200] })],
    }),
  );
  // A language's catalogues (assets/messages-<locale>-<hash>.js, the shell's, and
  // assets/messages-<area>-<locale>-<hash>.js, one per area of screens): a name changes with its
  // content, so the cached copy is always right; a release's new copies replace the old by expiry
  // (room for both languages' six catalogues of two releases).
  registerRoute(
    ({ url, request }) =>
      request.method === 'GET' &&
      url.origin === self.location.origin &&
      /^\/assets\/messages-/.test(url.pathname),
    new CacheFirst({
      cacheName: CACHE_NAMES.languages,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: 180 * 24 * 60 * 60 }),
      ],
    }),
  );
  registerRoute(
    ({ url, request }) => request.method === 'GET' && url.pathname.startsWith('/api/files/courier-images/'),
    new CacheFirst({
      cacheName: CACHE_NAMES.images,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * 24 * 60 * 60 }),
      ],
    }),
  );
}
