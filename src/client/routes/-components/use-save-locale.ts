// Keeps a language chosen in the profile menu for the account: a `set-locale` change, queued like
// every profile change (offline-first), so the user's other devices, mails and pushes follow it.
import { useCallback } from 'react';
import { useStoreLoader } from '@/client/hooks/use-store';
import type { Locale } from '@/client/i18n/locales';

export function useSaveLocale(): (locale: Locale) => void {
  const storeLoader = useStoreLoader();
  return useCallback(
    (locale: Locale) => {
      void (async () => {
        const [{ queueChange }, store] = await Promise.all([import('@/data'), storeLoader.load()]);
        await queueChange(store, 'set-locale', { locale });
      })().catch(() => {
        // Signed out meanwhile: the device keeps the choice; the account gets it at the next switch.
      });
    },
    [storeLoader],
  );
}
