// /team/searches: searches that found nothing, per route and date still to come, with how many
// people asked. Searchers hear automatically when a listing appears; the team can write to them.
import { createFileRoute } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useStore } from '@/client/hooks/use-store';
import { Card } from '@/client/ui/card';
import { CONTROL_CLASS } from '@/client/ui/field';
import { teamAction } from '@/data';
import { ActionForm } from './team/-components/action-form';
import { TeamList } from './team/-components/team-list';
import { useTeamPage } from './team/-components/use-team-page';

export const Route = createFileRoute('/_authed/team/searches')({ component: Searches });

interface Search {
  from: string;
  to: string;
  departure: string;
  people: number;
  searches: number;
  contacted: number;
  notified: number;
}

function Searches() {
  const page = useTeamPage<Search>('searches');
  return (
    <section aria-labelledby="searches-title">
      <h2 id="searches-title" className="mb-4 text-xl font-semibold text-slate-900">
        Unmatched searches
      </h2>
      <TeamList
        page={page}
        searchLabel="Search by airport code"
        empty="No unmatched searches for dates to come. Searches that found no listing land here; their searchers are told by e-mail when one appears."
        keyOf={(s) => `${s.from}-${s.to}-${s.departure}`}
      >
        {(s) => <SearchCard search={s} onDone={page.reload} />}
      </TeamList>
    </section>
  );
}

function SearchCard({ search, onDone }: { search: Search; onDone: () => void }) {
  const store = useStore();
  const id = useId();
  const [message, setMessage] = useState('');
  const { from, to, departure } = search;
  return (
    <Card className="p-4">
      <article aria-label={`${from} to ${to} on ${departure}`}>
        <p className="font-semibold text-slate-900">
          {from} to {to} · {departure}
        </p>
        <p className="text-sm text-slate-700">
          {search.people} {search.people === 1 ? 'person' : 'people'} asked ({search.searches} searches) ·{' '}
          {search.contacted} contacted · {search.notified} told of a new listing
        </p>
        <ActionForm
          ready={message.trim().length > 0}
          onDone={onDone}
          actions={[
            {
              label: 'Write to the searchers',
              run: (reason) =>
                teamAction(store, 'searches/contact', {
                  from,
                  to,
                  departure,
                  message: message.trim(),
                  reason,
                }),
            },
          ]}
        >
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-message`} className="text-sm font-medium text-slate-700">
              Message (sent by e-mail)
            </label>
            <textarea
              id={`${id}-message`}
              rows={2}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              className={CONTROL_CLASS}
            />
          </div>
        </ActionForm>
      </article>
    </Card>
  );
}
