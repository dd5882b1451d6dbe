// The browser's install offer: Chromium fires `beforeinstallprompt`; iOS Safari has no such
// event, so its users get a short hint instead.

export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export function isStandalone(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

export function isIos(): boolean {
  const ua = navigator.userAgent;
  return /iPad|iPhone|iPod/.test(ua) || (ua.includes('Macintosh') && navigator.maxTouchPoints > 1);
}

export const INSTALL_HINT_DISMISSED_KEY = 'installHintDismissed';

let offer: InstallPromptEvent | null = null;
let holding = false;
const offerListeners = new Set<() => void>();

function setOffer(next: InstallPromptEvent | null): void {
  offer = next;
  for (const l of offerListeners) l();
}

/**
 * Keeps the browser's install offer from the page's start: the install button loads with the
 * data layer, after the offer may have come (a page the service worker already controls).
 */
export function holdInstallOffer(): void {
  if (holding) return;
  holding = true;
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    setOffer(e as InstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => setOffer(null));
}

export const installOffer = {
  current: (): InstallPromptEvent | null => offer,
  /** Forgets the offer once it has been used (a prompt can be shown once). */
  clear: () => setOffer(null),
  subscribe(listener: () => void): () => void {
    offerListeners.add(listener);
    return () => offerListeners.delete(listener);
  },
};
