// The app icon's badge (the Badging API, where the browser has it: an installed PWA on Chrome,
// Edge, Safari): requests to answer plus unread messages, so a carrier sees waiting work without
// opening Carry. Cleared at zero and when the signed-in part of the app is left (logout).
import { useEffect } from 'react';
import { useUnreadCounts } from '@/client/hooks/use-messages';
import { useRequestsToAnswer } from '@/client/hooks/use-requests';

interface Badging {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

function setBadge(count: number) {
  const nav = globalThis.navigator as (Navigator & Badging) | undefined;
  // Refused (not installed, no permission): the nav's counts still say it.
  const done = count > 0 ? nav?.setAppBadge?.(count) : nav?.clearAppBadge?.();
  done?.catch(() => undefined);
}

export function AppBadge() {
  const count = useRequestsToAnswer() + useUnreadCounts().total;
  useEffect(() => setBadge(count), [count]);
  useEffect(() => () => setBadge(0), []);
  return null;
}
