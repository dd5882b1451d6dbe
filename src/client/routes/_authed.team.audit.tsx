// /team/audit: every staff action, newest first: who, what, when, on whom, why. Append-only.
// Actions and the subjects the server writes are worded from their codes (src/domain/team/audit.ts)
// in the console's language; an address and a staff member's reason are shown as written.
import { createFileRoute } from '@tanstack/react-router';
import { useT } from '@/client/i18n/i18n';
import { TeamList } from './team/-components/team-list';
import { auditActionText, auditReasonText, auditSubjectText } from './team/-components/team-text';
import { useTeamPage } from './team/-components/use-team-page';
import { when } from './team/-components/when';

export const Route = createFileRoute('/_authed/team/audit')({ component: Audit });

interface Entry {
  id: number;
  at: number;
  /** null: the operator's command line. */
  actorId?: string | null;
  actorEmail: string;
  action: string;
  subject: string;
  reason: string;
}

function Audit() {
  const page = useTeamPage<Entry>('audit');
  const t = useT('team');
  return (
    <section aria-labelledby="audit-title">
      <h2 id="audit-title" className="mb-4 text-xl font-semibold text-slate-900">
        {t('team.audit.title')}
      </h2>
      <TeamList
        page={page}
        searchLabel={t('team.audit.search')}
        empty={t('team.audit.empty')}
        keyOf={(e) => String(e.id)}
      >
        {(e) => (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 rounded-xl border border-slate-200 bg-white p-3 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
            <dt className="text-slate-600">{t('team.audit.when')}</dt>
            <dd className="text-slate-900">{when(e.at)}</dd>
            <dt className="text-slate-600">{t('team.audit.who')}</dt>
            <dd className="break-all text-slate-900">{e.actorEmail}</dd>
            <dt className="text-slate-600">{t('team.audit.what')}</dt>
            <dd className="font-semibold text-slate-900">{auditActionText(e.action, t)}</dd>
            <dt className="text-slate-600">{t('team.audit.on')}</dt>
            <dd className="break-all text-slate-900">{auditSubjectText(e.subject, t)}</dd>
            <dt className="text-slate-600">{t('team.audit.why')}</dt>
            <dd className="text-slate-900 sm:col-span-3">{auditReasonText(e, t)}</dd>
          </dl>
        )}
      </TeamList>
    </section>
  );
}
