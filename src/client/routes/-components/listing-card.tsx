// One of the carrier's own listings: number, route, space, airline, date, time, price, sync state.
import { useStore } from '@/client/hooks/use-store';
import { useT } from '@/client/i18n/i18n';
import { LOCALE } from '@/client/locale';
import { Card } from '@/client/ui/card';
import { FlightRoute, TextPlaceholder } from '@/client/ui/flight-route';
import { RatingBadge } from '@/client/ui/rating-badge';
import { SyncState } from '@/client/ui/sync-state';
import { discardEntry, type ListingRow, retryEntry } from '@/data';
import { formatDayMonth, formatPrice, formatWeight } from '@/domain/format';
import { ListingActions } from '../carrier/-components/listing-actions';
import type { Reference } from './use-reference';

export function ListingCard({
  row,
  index,
  reference,
}: {
  row: ListingRow;
  index: number;
  reference: Reference;
}) {
  const t = useT('search');
  const store = useStore();
  const key = row.outboxKey;
  return (
    <Card className="flex h-full flex-col gap-4 p-4 sm:p-5">
      <div className="flex items-center justify-between gap-2 text-xs font-semibold text-slate-500">
        <span>#{index}</span>
        <span>
          {row.flightNo} ·{' '}
          {reference.loading ? <TextPlaceholder width="w-16" /> : reference.airlineName(row.airline)}
        </span>
      </div>
      <FlightRoute
        from={{ code: row.from, name: reference.airportName(row.from) }}
        to={{ code: row.to, name: reference.airportName(row.to) }}
        loading={reference.loading}
      />
      {/* The departure's column is the widest and its time never wraps: a flight from Kathmandu
          gains "GMT+5:45" when the airport list arrives, and a wrapped time would grow the card
          (no layout shift, issue 29). The price is the shortest of the three. */}
      <div className="grid grid-cols-[minmax(0,1.25fr)_minmax(0,1fr)_minmax(0,0.85fr)] gap-2 rounded-xl bg-slate-50 p-3 text-center text-sm">
        <div>
          <p className="font-semibold text-slate-900">{formatDayMonth(row.departure, LOCALE)}</p>
          <p className="whitespace-nowrap text-xs text-slate-500">
            {row.time ? reference.departureTime(row.departure, row.time, row.from) : ''}
          </p>
        </div>
        <div>
          <p className="font-semibold text-slate-900">{formatWeight(row.available)}</p>
          <p className="text-xs text-slate-500">{t('search.listing.space')}</p>
        </div>
        <div>
          <p className="font-semibold text-slate-900">{formatPrice(row.cost, LOCALE)}</p>
          <p className="text-xs text-slate-500">{t('search.listing.perKg')}</p>
        </div>
      </div>
      {row.carrierRating ? (
        <p className="flex items-center gap-2 text-xs text-slate-500">
          {t('search.listing.whatTravellersSee')}{' '}
          <RatingBadge summary={row.carrierRating} label={t('search.listing.yourRating')} />
        </p>
      ) : null}
      {row.withdrawnAt ? (
        <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm font-medium text-slate-700">
          {t('search.listing.withdrawn')}
        </p>
      ) : null}
      <SyncState
        state={row.syncState}
        error={row.syncError}
        {...(key
          ? { onRetry: () => void retryEntry(store, key), onDiscard: () => void discardEntry(store, key) }
          : {})}
      />
      {row.syncState === 'synced' ? <ListingActions row={row} reference={reference} /> : null}
    </Card>
  );
}
