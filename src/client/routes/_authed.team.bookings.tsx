// /team/bookings: every booking, newest first; searched by a side's e-mail or a booking id.
import { createFileRoute } from '@tanstack/react-router';
import { useT } from '@/client/i18n/i18n';
import { LOCALE } from '@/client/locale';
import { StatusBadge } from '@/client/ui/status-badge';
import type { BookingStatus } from '@/domain/booking/status';
import { formatFullDate, formatPrice, formatWeight } from '@/domain/format';
import { TeamList } from './team/-components/team-list';
import { useTeamPage } from './team/-components/use-team-page';
import { when } from './team/-components/when';

export const Route = createFileRoute('/_authed/team/bookings')({ component: Bookings });

interface Booking {
  id: string;
  status: BookingStatus;
  weightGrams: number;
  cost: number;
  createdAt: number;
  traveller: string;
  carrier: string;
  from: string;
  to: string;
  departure: string;
  flightNo: string;
}

function Bookings() {
  const page = useTeamPage<Booking>('bookings');
  const t = useT('team');
  return (
    <section aria-labelledby="bookings-title">
      <h2 id="bookings-title" className="mb-4 text-xl font-semibold text-slate-900">
        {t('team.bookings.title')}
      </h2>
      <TeamList
        page={page}
        searchLabel={t('team.bookings.search')}
        empty={t('team.bookings.empty')}
        keyOf={(b) => b.id}
      >
        {(b) => (
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-xl border border-slate-200 bg-white p-3 text-sm">
            <StatusBadge status={b.status} />
            <span className="font-semibold text-slate-900">
              {t('team.bookings.route', { from: b.from, to: b.to })} · {b.flightNo} ·{' '}
              {formatFullDate(b.departure, LOCALE)}
            </span>
            <span className="text-slate-700">
              {formatWeight(b.weightGrams / 1000)} · {formatPrice(b.cost, LOCALE)}
            </span>
            <span className="text-slate-600">
              {t('team.bookings.sides', { traveller: b.traveller, carrier: b.carrier })}
            </span>
            <span className="text-xs text-slate-600">{when(b.createdAt)}</span>
          </div>
        )}
      </TeamList>
    </section>
  );
}
