// Logout as the header runs it: ask first when changes are still waiting to be sent; success or
// failure both end on / with local data cleared (SPEC section 4).
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useStore } from '@/client/hooks/use-store';
import { dropPushSubscription } from '@/client/pwa/push-subscription';
import { countUnsent, logout } from '@/data';

export function useLogout() {
  const store = useStore();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [unsent, setUnsent] = useState<number | null>(null);

  async function run(discardUnsent: boolean) {
    setBusy(true);
    try {
      await dropPushSubscription().catch(() => undefined);
      await logout(store, { discardUnsent });
    } catch (err) {
      console.error('Logout failed; treating it as logged out.', err);
    }
    setBusy(false);
    setUnsent(null);
    await navigate({ to: '/', replace: true });
  }

  async function request() {
    const count = await countUnsent(store).catch(() => 0);
    if (count > 0) setUnsent(count);
    else await run(false);
  }

  return {
    busy,
    unsent,
    request,
    confirm: () => run(true),
    cancel: () => setUnsent(null),
  };
}
