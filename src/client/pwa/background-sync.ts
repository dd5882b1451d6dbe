// Background Sync from the page, asked for in one place: the store's opening (main.tsx) starts
// watchUnsentForBackgroundSync, so a tab closed right after queueing, before the lazy PWA
// controls have loaded, still gets its changes sent. The browser then wakes the service worker
// to send the outbox when the network is back, even after every tab has closed
// (sw/outbox-sync.ts). No workbox here: this module loads with the data layer's chunk.
import { liveQuery } from 'dexie';
import { countUnsent, type Store } from '@/data';
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

/**
 * Asks for Background Sync whenever changes appear (the page opening with some waiting, or a new
 * one), not on every write to the outbox: the service worker's own retries write to it, and asking
 * again each time fired its sync at once, in a tight loop that also kept the browser from ever
 * checking for a new service worker. Returns the watch's end.
 */
export function watchUnsentForBackgroundSync(store: Store): () => void {
  let last = 0;
  const sub = liveQuery(() => countUnsent(store, null)).subscribe({
    next: (unsent) => {
      if (unsent > last) void requestBackgroundSync();
      last = unsent;
    },
  });
  return () => sub.unsubscribe();
}
