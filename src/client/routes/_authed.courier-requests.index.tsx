// My courier requests (/courier-requests): the sender's requests from the local store, newest
// first, each with its route, window, status and sync state, linking to its details. Reached from
// the profile menu; works offline (a request queued offline shows at once, waiting to send).
import { createFileRoute, Link } from '@tanstack/react-router';
import { ChevronRight, Package } from 'lucide-react';
import { useCourierRequests } from '@/client/hooks';
import { useT } from '@/client/i18n/i18n';
import { LOCALE } from '@/client/locale';
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
  const t = useT('sender');
  const rows = useCourierRequests();
  const reference = useReference();
  const place = (code: string) => reference.airportName(code) ?? code;
  return (
    <Page
      title={t('sender.myRequests')}
      subtitle={t('sender.list.subtitle')}
      width="lg"
      actions={
        <Link to="/senderhome" className={buttonClass('primary')}>
          {t('sender.list.new')}
        </Link>
      }
    >
      {rows === undefined ? (
        <Spinner label={t('sender.loading')} />
      ) : rows.length === 0 ? (
        <EmptyState icon={<Package className="size-8" />} title={t('sender.list.empty')}>
          {t('sender.list.emptyText')}
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
                    {r.from ? `${place(r.from)} → ${place(r.to)}` : t('sender.list.untitled')}
                  </p>
                  <p className="mt-0.5 text-sm text-slate-600">
                    {r.firstDay
                      ? `${formatDayMonth(r.firstDay, LOCALE)} – ${formatDayMonth(r.lastDay, LOCALE)} · `
                      : ''}
                    {formatWeight(r.weight)}
                    {r.matches.length && (r.status === 'submitted' || r.status === 'matched')
                      ? ` · ${t('sender.list.matches', { count: r.matches.length })}`
                      : ''}
                  </p>
                  <div className="mt-2 flex flex-wrap items-center gap-2">
                    <CourierStatusBadge status={r.status} />
                    <SyncState state={r.syncState} error={r.syncError} />
                  </div>
                </div>
                <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
                <span className="sr-only">{t('sender.list.viewDetails')}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
