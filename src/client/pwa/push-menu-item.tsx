// The profile menu's Notifications switch for this device: turning it on asks the browser for
// permission then (never on page load); a browser that blocked them says so instead.
import { Bell, BellOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { useStore } from '@/client/hooks/use-store';
import { useT } from '@/client/i18n/i18n';
import { isOffline } from '@/data';
import { type PushState, pushState, turnPushOff, turnPushOn } from './push-subscription';

export function PushMenuItem({ className }: { className: string }) {
  const store = useStore();
  const t = useT();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void pushState().then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, []);

  if (state === null || state === 'unsupported') return null;
  const on = state === 'on';

  async function toggle() {
    setBusy(true);
    try {
      const next = on ? await turnPushOff(store) : await turnPushOn(store);
      setState(next);
      if (next === 'on') toast.success(t('push.turnedOn'));
      if (next === 'blocked') toast.error(t('push.blockedToast'));
    } catch (err) {
      toast.error(isOffline(err) ? t('push.offline') : t('push.failed'));
    } finally {
      setBusy(false);
    }
  }

  const Icon = on ? Bell : BellOff;
  return (
    <button
      role="menuitemcheckbox"
      aria-checked={on}
      type="button"
      className={className}
      disabled={busy || state === 'blocked'}
      onClick={() => void toggle()}
    >
      <Icon aria-hidden="true" className="size-4" />
      <span className="flex-1">{t('push.label')}</span>
      <span className="text-xs text-slate-600">
        {t(state === 'blocked' ? 'push.blocked' : on ? 'push.on' : 'push.off')}
      </span>
    </button>
  );
}
