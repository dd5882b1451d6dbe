// Runtime caching per URL pattern: reference data stale-while-revalidate (it also lives in
// IndexedDB; this makes a cold offline start fast), and uploaded item images the user has seen.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';

/** Cache names; logout keeps REFERENCE and clears the rest. */
export const CACHE_NAMES = { reference: 'carry-reference', images: 'carry-images' } as const;

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
