// The signed-in user, re-read whenever the session changes (login, logout, role, other tab).
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { getSession, type SessionUser, subscribeSession } from '@/data';
import { useStore } from './use-store';

export function useSession(): SessionUser | null {
  const store = useStore();
  const subscribe = useCallback((cb: () => void) => subscribeSession(store, cb), [store]);
  // getSession builds a new object each call; a string snapshot keeps React's identity check stable.
  const snapshot = useSyncExternalStore(subscribe, () => JSON.stringify(getSession(store)));
  return useMemo(() => JSON.parse(snapshot) as SessionUser | null, [snapshot]);
}
