// /team/disputes: payment disputes (issue 31), a carrier's "Not received" to a traveller's "I
// paid": both sides, the flight, the total and the UPI reference the traveller gave, so the team
// can follow it up with both; "Mark resolved" (with its reason, audited, and sent to both sides
// as the team's resolution) once it has.
import { createFileRoute } from '@tanstack/react-router';
import { useStore } from '@/client/hooks/use-store';
import { useT } from '@/client/i18n/i18n';
import { LOCALE } from '@/client/locale';
import { Card } from '@/client/ui/card';
import { teamAction } from '@/data';
import { formatFullDate, formatPrice, formatWeight } from '@/domain/format';
import { ActionForm } from './team/-components/action-form';
import { TeamList } from './team/-components/team-list';
import { bookingStatusText } from './team/-components/team-text';
import { useTeamPage } from './team/-components/use-team-page';
import { when } from './team/-components/when';

export const Route = createFileRoute('/_authed/team/disputes')({ component: Disputes });

interface Dispute {
  id: string;
  createdAt: number;
  resolvedAt: number | null;
  claimedRef: string | null;
  booking: { id: string; status: string; cost: number; weightGrams: number; paymentState: string | null };
  traveller: { name: string; email: string };
  carrier: { name: string; email: string };
  flightNo: string;
  from: string;
  to: string;
  departure: string;
}

const STATUSES = [
  { value: '', label: 'team.status.open' },
  { value: 'resolved', label: 'team.disputes.resolvedFilter' },
  { value: 'all', label: 'team.status.all' },
] as const;

function Disputes() {
  const page = useTeamPage<Dispute>('disputes');
  const t = useT('team');
  return (
    <section aria-labelledby="disputes-title">
      <h2 id="disputes-title" className="mb-4 text-xl font-semibold text-slate-900">
        {t('team.disputes.title')}
      </h2>
      <TeamList
        page={page}
        searchLabel={t('team.disputes.search')}
        statuses={STATUSES.map((s) => ({ value: s.value, label: t(s.label) }))}
        empty={t('team.disputes.empty')}
        keyOf={(d) => d.id}
      >
        {(d) => <DisputeCard dispute={d} onDone={page.reload} />}
      </TeamList>
    </section>
  );
}

function DisputeCard({ dispute: d, onDone }: { dispute: Dispute; onDone: () => void }) {
  const store = useStore();
  const t = useT('team');
  return (
    <Card className="p-4">
      <article
        aria-label={t('team.disputes.label', { traveller: d.traveller.email, carrier: d.carrier.email })}
      >
        <p className="text-sm text-slate-600">
          {t('team.disputes.disputed', { when: when(d.createdAt) })}
          {d.resolvedAt
            ? t('team.disputes.resolvedAt', { when: when(d.resolvedAt) })
            : t('team.disputes.open')}
        </p>
        <p className="mt-1 font-semibold text-slate-900">
          {t('team.disputes.summary', {
            price: formatPrice(d.booking.cost, LOCALE),
            weight: formatWeight(d.booking.weightGrams / 1000),
            from: d.from,
            to: d.to,
          })}{' '}
          · {d.flightNo} · {formatFullDate(d.departure, LOCALE)}
        </p>
        <p className="text-sm text-slate-800">
          {t('team.disputes.traveller', { name: d.traveller.name, email: d.traveller.email })}
          {d.claimedRef ? (
            <>
              {t('team.disputes.reference')}
              <span className="font-mono break-all">{d.claimedRef}</span>
            </>
          ) : null}
          {t('team.disputes.end')}
        </p>
        <p className="text-sm text-slate-800">
          {t('team.disputes.carrier', { name: d.carrier.name, email: d.carrier.email })}
        </p>
        <p className="mt-1 text-sm text-slate-600">
          {t('team.booking', {
            id: d.booking.id.slice(0, 8),
            status: bookingStatusText(d.booking.status, t),
          })}
        </p>
        {d.resolvedAt === null ? (
          <ActionForm
            onDone={onDone}
            actions={[
              {
                label: t('team.disputes.resolve'),
                variant: 'secondary',
                run: (reason) =>
                  teamAction(store, `disputes/${d.id}/resolve`, { reason }).then(() =>
                    t('team.disputes.resolved'),
                  ),
              },
            ]}
          >
            <p className="text-sm text-slate-600">{t('team.disputes.told')}</p>
          </ActionForm>
        ) : null}
      </article>
    </Card>
  );
}
