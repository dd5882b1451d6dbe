// /team/bookings: every booking, newest first; searched by a side's e-mail or a booking id.
import { createFileRoute } from '@tanstack/react-router';
import { StatusBadge } from '@/client/ui/status-badge';
import type { BookingStatus } from '@/domain/booking/status';
import { formatPrice, formatWeight } from '@/domain/format';
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
  return (
    <section aria-labelledby="bookings-title">
      <h2 id="bookings-title" className="mb-4 text-xl font-semibold text-slate-900">
        Bookings
      </h2>
      <TeamList
        page={page}
        searchLabel="Search by e-mail or booking id"
        empty="No bookings found. Search by a booking id or the exact e-mail of a traveller or carrier."
        keyOf={(b) => b.id}
      >
        {(b) => (
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-xl border border-slate-200 bg-white p-3 text-sm">
            <StatusBadge status={b.status} />
            <span className="font-semibold text-slate-900">
              {b.from} to {b.to} · {b.flightNo} · {b.departure}
            </span>
            <span className="text-slate-700">
              {formatWeight(b.weightGrams / 1000)} · {formatPrice(b.cost)}
            </span>
            <span className="text-slate-600">
              {b.traveller} with {b.carrier}
            </span>
            <span className="text-xs text-slate-600">{when(b.createdAt)}</span>
          </div>
        )}
      </TeamList>
    </section>
  );
}
