// Registers the service worker with workbox-window and turns its update cycle into events the
// UI can show: an update waits until the user accepts it in one tab. Once the new worker takes
// over, every open tab reloads once (the one that accepted and all the others): a tab still
// running the previous release must not go on using a database and an outbox the new one owns.
import { Workbox } from 'workbox-window';

export interface SwControls {
  /** Activates the waiting worker; every tab reloads once it controls them. */
  applyUpdate(): void;
}

export function registerServiceWorker(onUpdateReady: (controls: SwControls) => void): Workbox | null {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return null;
  const wb = new Workbox('/sw.js', { scope: '/' });
  // The first install claiming an uncontrolled page is not an update: no reload for it.
  let controlled = Boolean(navigator.serviceWorker.controller);
  let reloading = false;
  wb.addEventListener('controlling', () => {
    if (!controlled) {
      controlled = true;
      return;
    }
    // Once: no loop, whichever tab activated the worker.
    if (reloading) return;
    reloading = true;
    window.location.reload();
  });
  const controls: SwControls = {
    applyUpdate() {
      wb.messageSkipWaiting();
    },
  };
  wb.addEventListener('waiting', () => onUpdateReady(controls));
  void wb.register();
  return wb;
}
