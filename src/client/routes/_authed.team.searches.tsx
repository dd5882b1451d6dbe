// /team/searches: searches that found nothing, per route and date still to come, with how many
// people asked. Searchers hear automatically when a listing appears; the team can write to them.
import { createFileRoute } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useStore } from '@/client/hooks/use-store';
import { useT } from '@/client/i18n/i18n';
import { LOCALE } from '@/client/locale';
import { Card } from '@/client/ui/card';
import { CONTROL_CLASS } from '@/client/ui/field';
import { teamAction } from '@/data';
import { formatFullDate } from '@/domain/format';
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
  const t = useT('team');
  return (
    <section aria-labelledby="searches-title">
      <h2 id="searches-title" className="mb-4 text-xl font-semibold text-slate-900">
        {t('team.searches.title')}
      </h2>
      <TeamList
        page={page}
        searchLabel={t('team.searches.search')}
        empty={t('team.searches.empty')}
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
  const t = useT('team');
  const [message, setMessage] = useState('');
  const { from, to, departure } = search;
  const day = formatFullDate(departure, LOCALE);
  return (
    <Card className="p-4">
      <article aria-label={t('team.searches.label', { from, to, departure: day })}>
        <p className="font-semibold text-slate-900">
          {t('team.searches.route', { from, to })} · {day}
        </p>
        <p className="text-sm text-slate-700">
          {t('team.searches.people', { people: search.people, searches: search.searches })} ·{' '}
          {t('team.searches.contacted', { count: search.contacted })} ·{' '}
          {t('team.searches.notified', { count: search.notified })}
        </p>
        <ActionForm
          ready={message.trim().length > 0}
          onDone={onDone}
          actions={[
            {
              label: t('team.searches.write'),
              run: (reason) =>
                teamAction(store, 'searches/contact', {
                  from,
                  to,
                  departure,
                  message: message.trim(),
                  reason,
                }).then((answer) => t('team.searches.sent', { count: answer.count ?? 0 })),
            },
          ]}
        >
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-message`} className="text-sm font-medium text-slate-700">
              {t('team.searches.message')}
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
