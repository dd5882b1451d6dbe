// "Log out other devices" as the profile menu runs it: ask first, then end every other session
// on the server and say how it went in a toast (it needs the network, unlike logout).
import { useState } from 'react';
import { toast } from 'sonner';
import { useStore } from '@/client/hooks/use-store';
import { isOffline, logoutOthers } from '@/data';

export const LOGOUT_OTHERS_DONE = 'Logged out of all other devices.';
export const LOGOUT_OTHERS_OFFLINE = 'You are offline. Connect to log out your other devices.';

export function useLogoutOthers() {
  const store = useStore();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await logoutOthers(store);
      toast.success(LOGOUT_OTHERS_DONE);
    } catch (err) {
      toast.error(isOffline(err) ? LOGOUT_OTHERS_OFFLINE : err instanceof Error ? err.message : String(err));
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
