// Background Sync from the page: the browser wakes the service worker to send the outbox when the
// network is back, even after every tab has closed (sw/outbox-sync.ts). No workbox here, so the
// store's chunk can ask for it the moment a change is queued.
import { OUTBOX_SYNC_TAG } from '@/domain/outbox/entry';

/**
 * Asks the browser to wake the service worker when the network is back (Background Sync). Where
 * the API is missing the page-side triggers (online, visibility, timer) still replay the outbox.
 */
export async function requestBackgroundSync(): Promise<boolean> {
  try {
    if (!('serviceWorker' in navigator)) return false;
    const registration = (await navigator.serviceWorker.getRegistration()) as
      | (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } })
      | undefined;
    if (!registration?.sync) return false;
    await registration.sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}
