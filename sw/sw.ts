// The service worker: precache of the built shell, navigation fallback to it for every app
// route, runtime caching (caching.ts), the Background Sync replay of the outbox (outbox-sync.ts)
// and Web Push notifications (notifications.ts).
/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { registerRuntimeCaching } from './caching';
import { registerNotifications } from './notifications';
import { registerOutboxSync } from './outbox-sync';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

// An update waits until the user accepts it (the page's 'A new version is available' toast), so a
// page never runs against a newer worker's caches mid-task.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every app route opens offline: navigations get the precached shell. API paths and real files
// (icons, manifest, robots.txt) are never answered with it.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/auth\//, /^\/carrier\/carrier\//, /\/[^/?]+\.[^/?]+$/],
  }),
);

registerRuntimeCaching();
registerOutboxSync(self);
registerNotifications(self);
