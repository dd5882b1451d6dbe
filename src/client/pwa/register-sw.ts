// Registers the service worker with workbox-window and turns its update cycle into events the
// UI can show: an update waits until the user accepts it, then the page reloads once.
import { Workbox } from 'workbox-window';

export interface SwControls {
  /** Activates the waiting worker and reloads once it controls the page. */
  applyUpdate(): void;
}

export function registerServiceWorker(onUpdateReady: (controls: SwControls) => void): Workbox | null {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return null;
  const wb = new Workbox('/sw.js', { scope: '/' });
  let reloading = false;
  const controls: SwControls = {
    applyUpdate() {
      // Reload only for the update the user asked for: no loop when another tab activates it.
      wb.addEventListener('controlling', () => {
        if (reloading) return;
        reloading = true;
        window.location.reload();
      });
      wb.messageSkipWaiting();
    },
  };
  wb.addEventListener('waiting', () => onUpdateReady(controls));
  void wb.register();
  return wb;
}

/**
 * Asks the browser to wake the service worker when the network is back (Background Sync). Where
 * the API is missing the page-side triggers (online, visibility, timer) still replay the outbox.
 */
export async function requestBackgroundSync(tag: string): Promise<boolean> {
  try {
    if (!('serviceWorker' in navigator)) return false;
    const registration = (await navigator.serviceWorker.getRegistration()) as
      | (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } })
      | undefined;
    if (!registration?.sync) return false;
    await registration.sync.register(tag);
    return true;
  } catch {
    return false;
  }
}
