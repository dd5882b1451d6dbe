// Web Push in the service worker: a push shows its notification (title, body, and a tag so one
// booking's news replace each other); a click focuses a window of the app on the booking's
// screen, or opens one.
/// <reference lib="webworker" />

interface Shown {
  title: string;
  body: string;
  url: string;
  tag: string;
}

function parse(event: PushEvent): Shown {
  try {
    const data = event.data?.json() as Partial<Shown> | undefined;
    if (data?.title)
      return { title: data.title, body: data.body ?? '', url: data.url ?? '/', tag: data.tag ?? '' };
  } catch {
    // Not JSON: show the generic notice below rather than nothing (a push must show something).
  }
  return { title: 'Carry', body: 'You have news about a booking.', url: '/mybookings', tag: '' };
}

/** Only a path of this app (the payload comes from our server, but a click never leaves the origin). */
function sameOriginUrl(sw: ServiceWorkerGlobalScope, path: string): string {
  const url = new URL(path, sw.location.origin);
  return url.origin === sw.location.origin ? url.href : sw.location.origin;
}

export function registerNotifications(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('push', (event) => {
    const shown = parse(event);
    event.waitUntil(
      sw.registration.showNotification(shown.title, {
        body: shown.body,
        tag: shown.tag || undefined,
        icon: '/pwa-192x192.png',
        badge: '/pwa-64x64.png',
        data: { url: shown.url },
      }),
    );
  });

  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const target = sameOriginUrl(sw, (event.notification.data as { url?: string } | null)?.url ?? '/');
    event.waitUntil(
      (async () => {
        const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windows.find((w) => new URL(w.url).origin === sw.location.origin);
        if (open) {
          // Navigate first: focus() may be refused (it needs the click's activation), moving never is.
          const moved = (await open.navigate(target).catch(() => null)) ?? open;
          await moved.focus().catch(() => undefined);
          return;
        }
        await sw.clients.openWindow(target);
      })(),
    );
  });
}
