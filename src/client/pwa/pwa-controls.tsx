// App-wide PWA behaviour with a small UI: the update toast, "Reload to update" when this tab's
// code may not sync any more, and the install button (or the iOS hint). Background Sync is asked
// for where the store opens (main.tsx, pwa/background-sync.ts).
import { Download, X } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { useStore } from '@/client/hooks/use-store';
import { subscribeUpgradeRequired, upgradeRequired } from '@/data';
import {
  holdInstallOffer,
  INSTALL_HINT_DISMISSED_KEY,
  installOffer,
  isIos,
  isStandalone,
} from './install-prompt';
import { registerServiceWorker } from './register-sw';

function useServiceWorker(): void {
  useEffect(() => {
    registerServiceWorker((controls) => {
      toast('A new version is available', {
        id: 'sw-update',
        duration: Number.POSITIVE_INFINITY,
        action: { label: 'Reload', onClick: () => controls.applyUpdate() },
      });
    });
  }, []);
}

/**
 * This tab's code may not sync any more (the server or a newer tab's database says so): it stops,
 * and the user reloads to get the new release. The changes wait on the device meanwhile.
 */
function useReloadToUpdate(): void {
  const store = useStore();
  useEffect(() => {
    const show = () =>
      toast('Carry was updated. Reload to update, and your changes will be sent.', {
        id: 'reload-to-update',
        duration: Number.POSITIVE_INFINITY,
        action: { label: 'Reload to update', onClick: () => window.location.reload() },
      });
    if (upgradeRequired(store.db)) show();
    return subscribeUpgradeRequired(store.db, show);
  }, [store]);
}

function useInstallOffer() {
  const offer = useSyncExternalStore(installOffer.subscribe, installOffer.current, installOffer.current);
  const [iosHint, setIosHint] = useState(false);
  useEffect(() => {
    holdInstallOffer();
    setIosHint(isIos() && !isStandalone() && localStorage.getItem(INSTALL_HINT_DISMISSED_KEY) !== '1');
  }, []);
  return { offer, iosHint, setIosHint };
}

export function PwaControls() {
  useServiceWorker();
  useReloadToUpdate();
  const { offer, iosHint, setIosHint } = useInstallOffer();
  // The offer floats over the page's bottom edge: the page gets room below its last control
  // (styles.css), so nothing stays hidden under it.
  const floating = Boolean(offer) || iosHint;
  useEffect(() => {
    if (!floating) return;
    document.body.dataset.installOffer = '';
    return () => {
      delete document.body.dataset.installOffer;
    };
  }, [floating]);

  if (offer) {
    return (
      <button
        type="button"
        onClick={async () => {
          await offer.prompt();
          await offer.userChoice;
          installOffer.clear();
        }}
        className="fixed bottom-4 left-4 z-40 inline-flex items-center gap-2 rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-lg hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        <Download aria-hidden="true" className="size-4" />
        Install app
      </button>
    );
  }
  if (iosHint) {
    return (
      <aside
        aria-label="Install Carry"
        className="fixed inset-x-4 bottom-4 z-40 flex items-start gap-3 rounded-xl bg-white p-4 text-sm text-slate-700 shadow-lg ring-1 ring-slate-200"
      >
        <p className="flex-1">
          Install Carry: tap <strong>Share</strong>, then <strong>Add to Home Screen</strong>. It works
          offline.
        </p>
        <button
          type="button"
          aria-label="Dismiss install hint"
          onClick={() => {
            localStorage.setItem(INSTALL_HINT_DISMISSED_KEY, '1');
            setIosHint(false);
          }}
          className="rounded p-1 text-slate-500 hover:bg-slate-100"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </aside>
    );
  }
  return null;
}
