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
