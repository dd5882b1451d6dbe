// The app-wide sync line: offline, how many changes wait to be sent, and how many need the
// user (refused or stuck); it opens the waiting list. Online, a change that leaves within a moment
// shows nothing (no line flashing over every action and pushing the page down): the line comes
// once changes have waited SHOW_AFTER_MS, at once offline or when one needs the user. The open
// list closes when the user goes to another screen.
import { useLocation } from '@tanstack/react-router';
import { ChevronDown, CloudOff, RefreshCw, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSyncStatus } from '@/client/hooks/use-sync-status';
import { useT } from '@/client/i18n/i18n';
import { UnsentChanges } from './unsent-changes';

/** How long changes wait, online, before the line shows them. */
export const SHOW_AFTER_MS = 2000;

/** True once `on` has held for `delayMs` without a break. */
function useHeld(on: boolean, delayMs: number): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!on) {
      setHeld(false);
      return;
    }
    const timer = setTimeout(() => setHeld(true), delayMs);
    return () => clearTimeout(timer);
  }, [on, delayMs]);
  return on && held;
}

export function SyncIndicator() {
  const { online, items, pending, attention } = useSyncStatus();
  const t = useT();
  const [open, setOpen] = useState(false);
  const pathname = useLocation({ select: (l) => l.pathname });
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing on every path change is the point
  useEffect(() => setOpen(false), [pathname]);
  const waited = useHeld(items.length > 0, SHOW_AFTER_MS);
  if (online && attention === 0 && !waited) return null;
  const waiting = pending > 0 ? t('sync.pending', { count: pending }) : null;
  return (
    <div
      role="status"
      className={`border-b px-4 py-2 text-sm ${online ? 'border-amber-200 bg-amber-50 text-amber-900' : 'border-slate-700 bg-slate-800 text-white'}`}
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1">
        {online ? null : (
          <span className="inline-flex items-center gap-1.5 font-semibold">
            <CloudOff aria-hidden="true" className="size-4" /> {t('sync.offline')}
          </span>
        )}
        {waiting ? (
          <span className="inline-flex items-center gap-1.5">
            <RefreshCw aria-hidden="true" className="size-4" /> {waiting}
          </span>
        ) : null}
        {attention > 0 ? (
          <span className="inline-flex items-center gap-1.5 font-medium">
            <TriangleAlert aria-hidden="true" className="size-4" />{' '}
            {t('sync.attention', { count: attention })}
          </span>
        ) : null}
        {items.length > 0 ? (
          <button
            type="button"
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
            className="inline-flex items-center gap-1.5 rounded font-medium underline decoration-2 underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2"
          >
            {open ? t('sync.hideList') : t('sync.showList')}
            <ChevronDown
              aria-hidden="true"
              className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`}
            />
          </button>
        ) : null}
      </div>
      {open && items.length > 0 ? <UnsentChanges items={items} /> : null}
    </div>
  );
}
