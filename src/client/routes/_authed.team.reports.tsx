// /team/reports: reports of messages, bookings and users with what they report; dismiss, warn
// (mailed) or suspend the reported user.
import { createFileRoute } from '@tanstack/react-router';
import { useStore } from '@/client/hooks/use-store';
import { useT } from '@/client/i18n/i18n';
import { Card } from '@/client/ui/card';
import { teamAction } from '@/data';
import { ActionForm } from './team/-components/action-form';
import { TeamList } from './team/-components/team-list';
import { bookingStatusText, reportReasonText, reportStatusText } from './team/-components/team-text';
import { useTeamPage } from './team/-components/use-team-page';
import { when } from './team/-components/when';

export const Route = createFileRoute('/_authed/team/reports')({ component: Reports });

interface Report {
  id: string;
  kind: 'message' | 'booking' | 'user';
  reason: string;
  details: string;
  status: string;
  createdAt: number;
  reporter: { email: string; name: string };
  subject: { id: string; email: string; name: string; suspended: boolean };
  message: { text: string; sentAt: number } | null;
  booking: { id: string; status: string } | null;
}

const STATUSES = [
  { value: 'open', label: 'team.status.open' },
  { value: 'dismissed', label: 'team.reports.status.dismissed' },
  { value: 'warned', label: 'team.reports.status.warned' },
  { value: 'suspended', label: 'team.reports.status.suspended' },
  { value: 'all', label: 'team.status.all' },
] as const;

const KINDS = {
  message: 'team.reports.kind.message',
  booking: 'team.reports.kind.booking',
  user: 'team.reports.kind.user',
} as const;

function Reports() {
  const page = useTeamPage<Report>('reports', 'open');
  const t = useT('team');
  return (
    <section aria-labelledby="reports-title">
      <h2 id="reports-title" className="mb-4 text-xl font-semibold text-slate-900">
        {t('team.reports.title')}
      </h2>
      <TeamList
        page={page}
        searchLabel={t('team.reports.search')}
        statuses={STATUSES.map((s) => ({ value: s.value, label: t(s.label) }))}
        empty={t('team.reports.empty')}
        keyOf={(r) => r.id}
      >
        {(r) => <ReportCard report={r} onDone={page.reload} />}
      </TeamList>
    </section>
  );
}

function ReportCard({ report, onDone }: { report: Report; onDone: () => void }) {
  const store = useStore();
  const t = useT('team');
  const act = (action: string) => (reason: string) =>
    teamAction(store, `reports/${report.id}/${action}`, { reason }).then(() => t('team.reports.handled'));
  return (
    <Card className="p-4">
      <article aria-label={t('team.reports.label', { email: report.subject.email })}>
        <p className="text-sm text-slate-600">
          {t(KINDS[report.kind])} · {when(report.createdAt)} · {reportStatusText(report.status, t)}
        </p>
        <p className="mt-1 font-semibold text-slate-900">{reportReasonText(report.reason, t)}</p>
        <p className="text-sm text-slate-800">
          {t('team.reports.reported', { name: report.subject.name, email: report.subject.email })}
          {report.subject.suspended ? (
            <strong className="ml-2 text-red-700">{t('team.reports.suspended')}</strong>
          ) : null}
        </p>
        <p className="text-sm text-slate-600">
          {t('team.reports.by', { name: report.reporter.name, email: report.reporter.email })}
        </p>
        {report.details ? (
          <p className="mt-2 whitespace-pre-wrap text-sm text-slate-800">{report.details}</p>
        ) : null}
        {report.message ? (
          <blockquote className="mt-2 border-l-4 border-slate-300 bg-slate-50 p-3 text-sm text-slate-800">
            <span className="sr-only">{t('team.reports.message')}</span>
            {report.message.text}
          </blockquote>
        ) : null}
        {report.booking ? (
          <p className="mt-2 text-sm text-slate-700">
            {t('team.booking', {
              id: report.booking.id.slice(0, 8),
              status: bookingStatusText(report.booking.status, t),
            })}
          </p>
        ) : null}
        {report.status === 'open' ? (
          <ActionForm
            onDone={onDone}
            actions={[
              { label: t('team.reports.dismiss'), variant: 'secondary', run: act('dismiss') },
              { label: t('team.reports.warn'), variant: 'secondary', run: act('warn') },
              { label: t('team.reports.suspend'), variant: 'danger', run: act('suspend') },
            ]}
          />
        ) : null}
      </article>
    </Card>
  );
}
