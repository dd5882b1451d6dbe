// "Log out other devices" as the profile menu runs it: ask first, then end every other session
// on the server and say how it went in a toast (it needs the network, unlike logout).
import { useState } from 'react';
import { toast } from 'sonner';
import { useStore } from '@/client/hooks/use-store';
import { useT } from '@/client/i18n/i18n';
import { failureText } from '@/client/i18n/refusals';
import { isOffline, logoutOthers } from '@/data';

export function useLogoutOthers() {
  const store = useStore();
  const t = useT();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await logoutOthers(store);
      toast.success(t('menu.logoutOthers.done'));
    } catch (err) {
      toast.error(isOffline(err) ? t('menu.logoutOthers.offline') : failureText(err, t));
    }
    setBusy(false);
    setAsking(false);
  }

  return {
    asking,
    busy,
    request: () => setAsking(true),
    confirm: () => void confirm(),
    cancel: () => setAsking(false),
  };
}
