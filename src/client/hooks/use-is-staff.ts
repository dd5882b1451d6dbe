// Whether the signed-in user is staff (the server says, once per login): the profile menu shows
// "Team" only then. Until it is known, and offline, it is false.
import { useEffect, useState } from 'react';
import { isStaff } from '@/data';
import { useSession } from './use-session';
import { useStore } from './use-store';

export function useIsStaff(): boolean {
  const store = useStore();
  const email = useSession()?.email ?? '';
  const [staff, setStaff] = useState(false);
  useEffect(() => {
    if (!email) {
      setStaff(false);
      return;
    }
    let live = true;
    void isStaff(store).then((s) => live && setStaff(s));
    return () => {
      live = false;
    };
  }, [store, email]);
  return staff;
}
