// /team: the inbox of contact queries. A reply goes to the user by e-mail and closes the query.
import { createFileRoute } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useStore } from '@/client/hooks/use-store';
import { useT } from '@/client/i18n/i18n';
import { Card } from '@/client/ui/card';
import { CONTROL_CLASS } from '@/client/ui/field';
import { teamAction } from '@/data';
import { ActionForm } from './team/-components/action-form';
import { TeamList } from './team/-components/team-list';
import { useTeamPage } from './team/-components/use-team-page';
import { when } from './team/-components/when';

export const Route = createFileRoute('/_authed/team/')({ component: Inbox });

interface Query {
  id: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  createdAt: number;
  reply: string | null;
  closedAt: number | null;
}

const STATUSES = [
  { value: 'open', label: 'team.status.open' },
  { value: 'closed', label: 'team.inbox.answered' },
  { value: 'all', label: 'team.status.all' },
] as const;

function Inbox() {
  const page = useTeamPage<Query>('queries', 'open');
  const t = useT('team');
  return (
    <section aria-labelledby="inbox-title">
      <h2 id="inbox-title" className="mb-4 text-xl font-semibold text-slate-900">
        {t('team.inbox.title')}
      </h2>
      <TeamList
        page={page}
        searchLabel={t('team.inbox.search')}
        statuses={STATUSES.map((s) => ({ value: s.value, label: t(s.label) }))}
        empty={t('team.inbox.empty')}
        keyOf={(q) => q.id}
      >
        {(q) => <QueryCard query={q} onDone={page.reload} />}
      </TeamList>
    </section>
  );
}

function QueryCard({ query, onDone }: { query: Query; onDone: () => void }) {
  const store = useStore();
  const id = useId();
  const t = useT('team');
  const [reply, setReply] = useState('');
  return (
    <Card className="p-4">
      <article aria-label={t('team.inbox.query', { name: query.name })}>
        <p className="font-semibold text-slate-900">
          {query.name} <span className="font-normal text-slate-600">{query.email}</span>
        </p>
        <p className="text-xs text-slate-600">
          {query.phone} · {when(query.createdAt)}
        </p>
        <p className="mt-2 whitespace-pre-wrap text-sm text-slate-800">{query.message}</p>
        {query.closedAt ? (
          <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
            <span className="font-semibold">
              {t('team.inbox.answeredAt', { when: when(query.closedAt) })}
            </span>{' '}
            {query.reply}
          </p>
        ) : (
          <ActionForm
            ready={reply.trim().length > 0}
            onDone={onDone}
            actions={[
              {
                label: t('team.inbox.send'),
                run: (reason) =>
                  teamAction(store, `queries/${query.id}/reply`, { reply: reply.trim(), reason }).then(() =>
                    t('team.inbox.sent'),
                  ),
              },
            ]}
          >
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-reply`} className="text-sm font-medium text-slate-700">
                {t('team.inbox.reply')}
              </label>
              <textarea
                id={`${id}-reply`}
                rows={3}
                value={reply}
                onChange={(e) => setReply(e.target.value)}
                className={CONTROL_CLASS}
              />
            </div>
          </ActionForm>
        )}
      </article>
    </Card>
  );
}
