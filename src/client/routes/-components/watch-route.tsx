// Watched routes on the search screen: after a search, "Watch this route" (with how many days
// around the date), or, when a watch covers it, that it is watched and how fresh the offline
// answer is; and the list of watches, each with Unwatch. Everything works offline: a watch is
// queued like any change and shows "Waiting to send" until the server has it.
import { Eye, EyeOff } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { useStore } from '@/client/hooks/use-store';
import { useWatches, useWatchOf } from '@/client/hooks/use-watches';
import { refusalText } from '@/client/i18n/refusals';
import { Button } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { CONTROL_CLASS } from '@/client/ui/field';
import { SyncState } from '@/client/ui/sync-state';
import { describeWatch, SessionMissingError, unwatchRoute, watchRoute } from '@/data';
import { MSG } from '@/domain/texts';
import { WATCH_DAYS_MAX, WATCHES_MAX } from '@/domain/watch/schema';

const DAY_CHOICES = Array.from({ length: WATCH_DAYS_MAX + 1 }, (_, days) => ({
  days,
  label: days === 0 ? 'Only this date' : `± ${days} ${days === 1 ? 'day' : 'days'}`,
}));

interface WatchRouteProps {
  route: { from: string; to: string; departure: string };
}

/** The control under a search: watch its route, or say it is watched. */
export function WatchRoute({ route }: WatchRouteProps) {
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
          Watching {describeWatch(watch)}
          <span className="hidden md:inline">
            : its listings stay on this device, so this search works offline
          </span>
          .
        </span>
      </p>
    );
  }
  async function onWatch() {
    setBusy(true);
    try {
      const result = await watchRoute(store, { ...route, days });
      if (result.ok) toast.success('Watching this route. Its listings will be on this device, even offline.');
      else toast.error(refusalText(result.code));
    } catch (err) {
      toast.error(err instanceof SessionMissingError ? MSG.userInfoMissing : 'Could not watch this route.');
    } finally {
      setBusy(false);
    }
  }
  return (
    // One compact row above the results on a phone; the explanation shows where there is room.
    <div className="flex flex-wrap items-center gap-2 rounded-lg border border-brand-100 bg-brand-50 px-3 py-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Dates to watch
      </label>
      <select
        id={id}
        className={`${CONTROL_CLASS} w-auto py-1.5`}
        value={days}
        onChange={(e) => setDays(Number(e.target.value))}
      >
        {DAY_CHOICES.map((c) => (
          <option key={c.days} value={c.days}>
            {c.label}
          </option>
        ))}
      </select>
      <Button variant="secondary" busy={busy} busyLabel="Watching…" onClick={() => void onWatch()}>
        <Eye aria-hidden="true" className="size-4" /> Watch this route
      </Button>
      <p className="hidden basis-full text-xs text-slate-600 md:block">
        Keeps this route's listings on your phone, so you can search it with no signal. Up to {WATCHES_MAX}{' '}
        routes.
      </p>
    </div>
  );
}

/** The user's watched routes, each with Unwatch; nothing when there are none. */
export function WatchedRoutes() {
  const store = useStore();
  const watches = useWatches();
  if (!watches || watches.length === 0) return null;
  return (
    <Card className="p-5">
      <h2 className="mb-3 text-sm font-semibold text-slate-900">Watched routes</h2>
      <ul className="flex flex-col gap-3">
        {watches.map((w) => (
          <li key={w.id} className="flex flex-col gap-1.5 text-sm text-slate-700">
            <span>{describeWatch(w)}</span>
            <SyncState state={w.syncState} error={w.syncError} />
            <Button
              variant="ghost"
              className="min-h-8 self-start px-2"
              aria-label={`Unwatch ${describeWatch(w)}`}
              onClick={() => void unwatchRoute(store, w.id)}
            >
              <EyeOff aria-hidden="true" className="size-4" /> Unwatch
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
