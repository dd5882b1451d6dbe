// App-wide PWA behaviour with a small UI: the update toast, "Reload to update" when this tab's
// code may not sync any more, and the install button (or the iOS hint). Background Sync is asked
// for where the store opens (main.tsx, pwa/background-sync.ts).
import { Download, X } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { useStore } from '@/client/hooks/use-store';
import { t, useT } from '@/client/i18n/i18n';
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
      toast(t('pwa.update.available'), {
        id: 'sw-update',
        duration: Number.POSITIVE_INFINITY,
        action: { label: t('pwa.update.reload'), onClick: () => controls.applyUpdate() },
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
      toast(t('pwa.reloadToUpdate.text'), {
        id: 'reload-to-update',
        duration: Number.POSITIVE_INFINITY,
        action: { label: t('pwa.reloadToUpdate.action'), onClick: () => window.location.reload() },
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

/** The iPhone hint's sentence with its two button names in bold (they stand in the words). */
function IosInstallHint() {
  const t = useT();
  // The message is translated with markers where the bold names go, then split at them.
  const marked = t('pwa.install.ios', { share: '\u0000share\u0000', add: '\u0000add\u0000' });
  const names = { share: t('pwa.install.share'), add: t('pwa.install.addToHome') };
  return (
    <p className="flex-1">
      {marked.split('\u0000').map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence
          <strong key={i}>{names[part as keyof typeof names] ?? part}</strong>
        ) : (
          part
        ),
      )}
    </p>
  );
}

export function PwaControls() {
  const t = useT();
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
        {t('pwa.install')}
      </button>
    );
  }
  if (iosHint) {
    return (
      <aside
        aria-label={t('pwa.install.label')}
        className="fixed inset-x-4 bottom-4 z-40 flex items-start gap-3 rounded-xl bg-white p-4 text-sm text-slate-700 shadow-lg ring-1 ring-slate-200"
      >
        <IosInstallHint />
        <button
          type="button"
          aria-label={t('pwa.install.dismiss')}
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
