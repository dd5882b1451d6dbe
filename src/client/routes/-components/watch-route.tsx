// Watched routes on the search screen: after a search, "Watch this route" (with how many days
// around the date), or, when a watch covers it, that it is watched and how fresh the offline
// answer is; and the list of watches, each with Unwatch. Everything works offline: a watch is
// queued like any change and shows "Waiting to send" until the server has it.
import { Eye, EyeOff } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { useStore } from '@/client/hooks/use-store';
import { useWatches, useWatchOf } from '@/client/hooks/use-watches';
import { type AreaKeys, t as activeT, type Translate, useT } from '@/client/i18n/i18n';
import { refusalText } from '@/client/i18n/refusals';
import { LOCALE } from '@/client/locale';
import { Button } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { CONTROL_CLASS } from '@/client/ui/field';
import { SyncState } from '@/client/ui/sync-state';
import { SessionMissingError, unwatchRoute, watchRoute } from '@/data';
import { formatFullDate } from '@/domain/format';
import { WATCH_DAYS_MAX, WATCHES_MAX } from '@/domain/watch/schema';

const DAY_CHOICES = Array.from({ length: WATCH_DAYS_MAX + 1 }, (_, days) => days);

type Watched = { from: string; to: string; departure: string; days: number };

/** "DEL → BOM, 1 May 2099 ± 2 days", in the user's language. */
function describeWatch(w: Watched, t: Translate<AreaKeys['search']>): string {
  const date = formatFullDate(w.departure, LOCALE);
  return w.days === 0
    ? t('search.watch.route', { from: w.from, to: w.to, date })
    : t('search.watch.routeDays', { from: w.from, to: w.to, date, days: w.days });
}

interface WatchRouteProps {
  route: { from: string; to: string; departure: string };
}

/** The control under a search: watch its route, or say it is watched. */
export function WatchRoute({ route }: WatchRouteProps) {
  const t = useT('search');
  const store = useStore();
  const watch = useWatchOf(route);
  const [days, setDays] = useState(0);
  const [busy, setBusy] = useState(false);
  const id = useId();
  if (watch === undefined) return null;
  if (watch) {
    return (
      <p className="flex items-start gap-2 text-sm text-slate-700">
        <Eye aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
        <span>
          {t('search.watch.watching', { route: describeWatch(watch, t) })}
          <span className="hidden md:inline">{t('search.watch.watchingWhy')}</span>
          {t('search.watch.watchingEnd')}
        </span>
      </p>
    );
  }
  async function onWatch() {
    setBusy(true);
    try {
      const result = await watchRoute(store, { ...route, days });
      if (result.ok) toast.success(activeT('search.watch.done'));
      else toast.error(refusalText(result.code));
    } catch (err) {
      toast.error(
        activeT(err instanceof SessionMissingError ? 'validation.userInfoMissing' : 'search.watch.failed'),
      );
    } finally {
      setBusy(false);
    }
  }
  return (
    // One compact row above the results on a phone; the explanation shows where there is room.
    <div className="flex flex-wrap items-center gap-2 rounded-lg border border-brand-100 bg-brand-50 px-3 py-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {t('search.watch.days')}
      </label>
      <select
        id={id}
        className={`${CONTROL_CLASS} w-auto py-1.5`}
        value={days}
        onChange={(e) => setDays(Number(e.target.value))}
      >
        {DAY_CHOICES.map((d) => (
          <option key={d} value={d}>
            {d === 0 ? t('search.watch.onlyThisDate') : t('search.watch.daysAround', { days: d })}
          </option>
        ))}
      </select>
      <Button
        variant="secondary"
        busy={busy}
        busyLabel={t('search.watch.busy')}
        onClick={() => void onWatch()}
      >
        <Eye aria-hidden="true" className="size-4" /> {t('search.watch.button')}
      </Button>
      <p className="hidden basis-full text-xs text-slate-600 md:block">
        {t('search.watch.explain', { max: WATCHES_MAX })}
      </p>
    </div>
  );
}

/** The user's watched routes, each with Unwatch; nothing when there are none. */
export function WatchedRoutes() {
  const t = useT('search');
  const store = useStore();
  const watches = useWatches();
  if (!watches || watches.length === 0) return null;
  return (
    <Card className="p-5">
      <h2 className="mb-3 text-sm font-semibold text-slate-900">{t('search.watch.list')}</h2>
      <ul className="flex flex-col gap-3">
        {watches.map((w) => (
          <li key={w.id} className="flex flex-col gap-1.5 text-sm text-slate-700">
            <span>{describeWatch(w, t)}</span>
            <SyncState state={w.syncState} error={w.syncError} />
            <Button
              variant="ghost"
              className="min-h-8 self-start px-2"
              aria-label={t('search.watch.unwatchLabel', { route: describeWatch(w, t) })}
              onClick={() => void unwatchRoute(store, w.id)}
            >
              <EyeOff aria-hidden="true" className="size-4" /> {t('search.watch.unwatch')}
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
