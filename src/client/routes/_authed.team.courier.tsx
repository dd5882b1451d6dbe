// /team/courier: courier requests with the listings matching their trip, and "Propose this
// listing to the sender" (mailed). The Government ID shows masked (its last 4 digits); the full
// number only through "Show full ID", which names a reason and is kept in the audit log.
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { useStore } from '@/client/hooks/use-store';
import { useT } from '@/client/i18n/i18n';
import { LOCALE } from '@/client/locale';
import { Button } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { courierMatches, revealGovernmentId, teamAction } from '@/data';
import { formatFullDate, formatPrice, formatTime } from '@/domain/format';
import { idTypeText } from './-components/courier-text';
import { ActionForm } from './team/-components/action-form';
import { TeamList } from './team/-components/team-list';
import { courierStatusText, type TeamT, teamFailure } from './team/-components/team-text';
import { useTeamPage } from './team/-components/use-team-page';
import { when } from './team/-components/when';

export const Route = createFileRoute('/_authed/team/courier')({ component: Courier });

interface Trip {
  from: string | null;
  to: string | null;
  firstDay: string | null;
  lastDay: string | null;
  weightKg: number | null;
}

interface Request {
  id: string;
  status: string;
  createdAt: number;
  sender: { email: string; name: string };
  item: string;
  trip: Trip;
  governmentId: { type: string; last4: string } | null;
}

interface Listing {
  id: string;
  flightNo: string;
  departure: string;
  time: string;
  available: number;
  cost: number;
  name: string;
}

function Courier() {
  const page = useTeamPage<Request>('courier-requests');
  const t = useT('team');
  return (
    <section aria-labelledby="courier-title">
      <h2 id="courier-title" className="mb-4 text-xl font-semibold text-slate-900">
        {t('team.courier.title')}
      </h2>
      <TeamList
        page={page}
        searchLabel={t('team.courier.search')}
        empty={t('team.courier.empty')}
        keyOf={(r) => r.id}
      >
        {(r) => <RequestCard request={r} />}
      </TeamList>
    </section>
  );
}

function tripText(trip: Trip, t: TeamT): string {
  if (!(trip.from && trip.to)) return t('team.courier.noRoute');
  const days = trip.firstDay
    ? trip.lastDay && trip.lastDay !== trip.firstDay
      ? t('team.courier.daysRange', {
          first: formatFullDate(trip.firstDay, LOCALE),
          last: formatFullDate(trip.lastDay, LOCALE),
        })
      : t('team.courier.days', { first: formatFullDate(trip.firstDay, LOCALE) })
    : '';
  const weight = trip.weightKg ? t('team.courier.weight', { weight: trip.weightKg }) : '';
  return `${t('team.courier.trip', { from: trip.from, to: trip.to })}${days}${weight}`;
}

function RequestCard({ request }: { request: Request }) {
  const store = useStore();
  const t = useT('team');
  const [matches, setMatches] = useState<Listing[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const show = () =>
    courierMatches<Listing>(store, request.id)
      .then((m) => setMatches(m.listings))
      .catch((err: unknown) => setError(teamFailure(err, 'team.courier.matchesFailed', t)));
  return (
    <Card className="p-4">
      <article aria-label={t('team.courier.request', { email: request.sender.email })}>
        <p className="font-semibold text-slate-900">
          {request.sender.name} <span className="font-normal text-slate-600">{request.sender.email}</span>
        </p>
        <p className="text-sm text-slate-700">
          {tripText(request.trip, t)} · {courierStatusText(request.status, t)} · {when(request.createdAt)}
        </p>
        {request.item ? <p className="mt-1 text-sm text-slate-800">{request.item}</p> : null}
        {request.governmentId ? <GovernmentId requestId={request.id} id={request.governmentId} /> : null}
        {matches === null ? (
          <Button variant="secondary" className="mt-3" onClick={() => void show()}>
            {t('team.courier.showMatches')}
          </Button>
        ) : matches.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">{t('team.courier.noMatch')}</p>
        ) : (
          <ul aria-label={t('team.courier.matches')} className="mt-3 flex flex-col gap-2">
            {matches.map((l) => (
              <li key={l.id} className="rounded-xl border border-slate-200 p-3">
                <p className="text-sm font-semibold text-slate-900">
                  {l.flightNo} · {formatFullDate(l.departure, LOCALE)}
                  {l.time ? `, ${formatTime(l.time, LOCALE)}` : ''} ·{' '}
                  {t('team.courier.listing', { kg: l.available, price: formatPrice(l.cost, LOCALE) })} ·{' '}
                  {l.name}
                </p>
                <ActionForm
                  onDone={() => undefined}
                  actions={[
                    {
                      label: t('team.courier.propose'),
                      run: (reason) =>
                        teamAction(store, `courier-requests/${request.id}/propose`, {
                          listingId: l.id,
                          reason,
                        }).then(() => t('team.courier.proposed')),
                    },
                  ]}
                />
              </li>
            ))}
          </ul>
        )}
        {error ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </article>
    </Card>
  );
}

/** The masked ID, and "Show full ID": an audited action (the reason and who saw it are logged). */
function GovernmentId({ requestId, id }: { requestId: string; id: { type: string; last4: string } }) {
  const store = useStore();
  const t = useT('team');
  const words = useT('sender');
  const [full, setFull] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const label = id.type ? idTypeText(id.type, words) : t('team.courier.governmentId');
  return (
    <div className="mt-2 text-sm text-slate-800">
      <p>
        {label}: <span className="font-mono">{full ?? `•••• ${id.last4}`}</span>
      </p>
      {full ? (
        <p className="text-xs text-slate-600">{t('team.courier.shownNote')}</p>
      ) : asking ? (
        <ActionForm
          onDone={() => setAsking(false)}
          actions={[
            {
              label: t('team.courier.showFull'),
              variant: 'secondary',
              run: async (reason) => {
                const shown = await revealGovernmentId(store, requestId, reason);
                setFull(shown.governmentIdNumber);
                return t('team.courier.shown');
              },
            },
          ]}
        >
          <p className="text-sm text-slate-700">{t('team.courier.law')}</p>
        </ActionForm>
      ) : (
        <Button variant="ghost" className="mt-1 -ml-2 px-2" onClick={() => setAsking(true)}>
          {t('team.courier.showFullOpen')}
        </Button>
      )}
    </div>
  );
}
