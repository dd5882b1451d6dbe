// /team/reports: reports of messages, bookings and users with what they report; dismiss, warn
// (mailed) or suspend the reported user.
import { createFileRoute } from '@tanstack/react-router';
import { useStore } from '@/client/hooks/use-store';
import { Card } from '@/client/ui/card';
import { teamAction } from '@/data';
import { REPORT_REASONS, type ReportReason } from '@/domain/team/reasons';
import { ActionForm } from './team/-components/action-form';
import { TeamList } from './team/-components/team-list';
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
  { value: 'open', label: 'Open' },
  { value: 'dismissed', label: 'Dismissed' },
  { value: 'warned', label: 'Warned' },
  { value: 'suspended', label: 'Suspended' },
  { value: 'all', label: 'All' },
];

const KINDS = { message: 'A message', booking: 'A booking', user: 'A user' } as const;

function Reports() {
  const page = useTeamPage<Report>('reports', 'open');
  return (
    <section aria-labelledby="reports-title">
      <h2 id="reports-title" className="mb-4 text-xl font-semibold text-slate-900">
        Reports
      </h2>
      <TeamList
        page={page}
        searchLabel="Search by the reported user's e-mail"
        statuses={STATUSES}
        empty="No reports here. Reports users send from a message or a booking land here."
        keyOf={(r) => r.id}
      >
        {(r) => <ReportCard report={r} onDone={page.reload} />}
      </TeamList>
    </section>
  );
}

function ReportCard({ report, onDone }: { report: Report; onDone: () => void }) {
  const store = useStore();
  const act = (action: string) => (reason: string) =>
    teamAction(store, `reports/${report.id}/${action}`, { reason });
  return (
    <Card className="p-4">
      <article aria-label={`Report of ${report.subject.email}`}>
        <p className="text-sm text-slate-600">
          {KINDS[report.kind]} · {when(report.createdAt)} · {report.status}
        </p>
        <p className="mt-1 font-semibold text-slate-900">
          {REPORT_REASONS[report.reason as ReportReason] ?? report.reason}
        </p>
        <p className="text-sm text-slate-800">
          Reported: {report.subject.name} ({report.subject.email})
          {report.subject.suspended ? <strong className="ml-2 text-red-700">Suspended</strong> : null}
        </p>
        <p className="text-sm text-slate-600">
          By: {report.reporter.name} ({report.reporter.email})
        </p>
        {report.details ? (
          <p className="mt-2 whitespace-pre-wrap text-sm text-slate-800">{report.details}</p>
        ) : null}
        {report.message ? (
          <blockquote className="mt-2 border-l-4 border-slate-300 bg-slate-50 p-3 text-sm text-slate-800">
            <span className="sr-only">Reported message: </span>
            {report.message.text}
          </blockquote>
        ) : null}
        {report.booking ? (
          <p className="mt-2 text-sm text-slate-700">
            Booking {report.booking.id.slice(0, 8)} ({report.booking.status})
          </p>
        ) : null}
        {report.status === 'open' ? (
          <ActionForm
            onDone={onDone}
            actions={[
              { label: 'Dismiss', variant: 'secondary', run: act('dismiss') },
              { label: 'Warn', variant: 'secondary', run: act('warn') },
              { label: 'Suspend user', variant: 'danger', run: act('suspend') },
            ]}
          />
        ) : null}
      </article>
    </Card>
  );
}
