// /team: the inbox of contact queries. A reply goes to the user by e-mail and closes the query.
import { createFileRoute } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useStore } from '@/client/hooks/use-store';
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
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Answered' },
  { value: 'all', label: 'All' },
];

function Inbox() {
  const page = useTeamPage<Query>('queries', 'open');
  return (
    <section aria-labelledby="inbox-title">
      <h2 id="inbox-title" className="mb-4 text-xl font-semibold text-slate-900">
        Contact queries
      </h2>
      <TeamList
        page={page}
        searchLabel="Search by e-mail"
        statuses={STATUSES}
        empty="No queries here. Messages sent from Contact Us land here; a reply is mailed and closes the query."
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
  const [reply, setReply] = useState('');
  return (
    <Card className="p-4">
      <article aria-label={`Query from ${query.name}`}>
        <p className="font-semibold text-slate-900">
          {query.name} <span className="font-normal text-slate-600">{query.email}</span>
        </p>
        <p className="text-xs text-slate-600">
          {query.phone} · {when(query.createdAt)}
        </p>
        <p className="mt-2 whitespace-pre-wrap text-sm text-slate-800">{query.message}</p>
        {query.closedAt ? (
          <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
            <span className="font-semibold">Answered {when(query.closedAt)}:</span> {query.reply}
          </p>
        ) : (
          <ActionForm
            ready={reply.trim().length > 0}
            onDone={onDone}
            actions={[
              {
                label: 'Send reply',
                run: (reason) =>
                  teamAction(store, `queries/${query.id}/reply`, { reply: reply.trim(), reason }),
              },
            ]}
          >
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-reply`} className="text-sm font-medium text-slate-700">
                Reply (sent by e-mail)
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
