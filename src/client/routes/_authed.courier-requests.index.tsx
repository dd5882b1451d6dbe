// My courier requests (/courier-requests): the sender's requests from the local store, newest
// first, each with its route, window, status and sync state, linking to its details. Reached from
// the profile menu; works offline (a request queued offline shows at once, waiting to send).
import { createFileRoute, Link } from '@tanstack/react-router';
import { ChevronRight, Package } from 'lucide-react';
import { useCourierRequests } from '@/client/hooks';
import { pullOnOpen } from '@/client/pull-on-open';
import { buttonClass } from '@/client/ui/button';
import { CourierStatusBadge } from '@/client/ui/courier-status-badge';
import { EmptyState } from '@/client/ui/empty-state';
import { Page } from '@/client/ui/page';
import { Spinner } from '@/client/ui/spinner';
import { SyncState } from '@/client/ui/sync-state';
import { formatDayMonth, formatWeight } from '@/domain/format';
import { useReference } from './-components/use-reference';

export const Route = createFileRoute('/_authed/courier-requests/')({
  loader: ({ context }) => ({ pulled: pullOnOpen(context.store) }),
  shouldReload: ({ cause }) => cause !== 'stay',
  component: CourierRequests,
});

function CourierRequests() {
  const rows = useCourierRequests();
  const reference = useReference();
  const place = (code: string) => reference.airportName(code) ?? code;
  return (
    <Page
      title="My courier requests"
      subtitle="Each request's status, and the carriers flying your route."
      width="lg"
      actions={
        <Link to="/senderhome" className={buttonClass('primary')}>
          New request
        </Link>
      }
    >
      {rows === undefined ? (
        <Spinner label="Loading..." />
      ) : rows.length === 0 ? (
        <EmptyState icon={<Package className="size-8" />} title="No courier requests yet.">
          Requests you submit show here with their status.
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3">
          {rows.map((r) => (
            <li key={r.id}>
              <Link
                to="/courier-requests/$id"
                params={{ id: r.id }}
                className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-card hover:border-brand-300"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-slate-900">
                    {r.from ? `${place(r.from)} → ${place(r.to)}` : 'Courier request'}
                  </p>
                  <p className="mt-0.5 text-sm text-slate-600">
                    {r.firstDay ? `${formatDayMonth(r.firstDay)} – ${formatDayMonth(r.lastDay)} · ` : ''}
                    {formatWeight(r.weight)}
                    {r.matches.length && (r.status === 'submitted' || r.status === 'matched')
                      ? ` · ${r.matches.length} matching ${r.matches.length === 1 ? 'listing' : 'listings'}`
                      : ''}
                  </p>
                  <div className="mt-2 flex flex-wrap items-center gap-2">
                    <CourierStatusBadge status={r.status} />
                    <SyncState state={r.syncState} error={r.syncError} />
                  </div>
                </div>
                <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
                <span className="sr-only">View details</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
