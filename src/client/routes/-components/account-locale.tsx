// The account's language on this device: at login, a device takes the account's language (a
// language chosen on the login screen, or an account that never chose one while the device is not
// in English, gives the device's to the account instead); later, a change made on another device arrives with the profile's pull
// and the app switches to it. Nothing is drawn.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef } from 'react';
import { useSession } from '@/client/hooks/use-session';
import { useStore } from '@/client/hooks/use-store';
import { activeLocale, chooseLocale, takeChosenBeforeLogin } from '@/client/i18n/i18n';
import { profileQuery } from '@/data';
import { useSaveLocale } from './use-save-locale';

export function AccountLocale() {
  const store = useStore();
  const email = useSession()?.email ?? null;
  const save = useSaveLocale();
  // undefined: no profile on the device yet (before the first pull); null: never chosen.
  const account = useLiveQuery(async () => {
    const row = email ? await profileQuery(store, email) : undefined;
    return row ? (row.profile.locale ?? null) : undefined;
  }, [store, email]);
  const seen = useRef(false);
  useEffect(() => {
    if (account === undefined) return;
    const device = activeLocale();
    if (!seen.current) {
      seen.current = true;
      const chosenHere = takeChosenBeforeLogin();
      // Never chosen reads as English on the server: only another language needs saying.
      if (account === null ? device !== 'en' : chosenHere && account !== device) {
        save(device);
        return;
      }
      if (account === null) return;
    }
    if (account && account !== device) void chooseLocale(account).catch(() => undefined);
  }, [account, save]);
  return null;
}
