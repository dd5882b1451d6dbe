// One search result: route, flight, space available, airline, departure, price per KG, Book Now.
import { CalendarDays, Plane, Weight } from 'lucide-react';
import { memo } from 'react';
import { useT } from '@/client/i18n/i18n';
import { refusalText } from '@/client/i18n/refusals';
import { LOCALE } from '@/client/locale';
import { Button } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { FlightRoute, TextPlaceholder } from '@/client/ui/flight-route';
import { RatingBadge } from '@/client/ui/rating-badge';
import { formatDayMonth, formatPrice, formatWeight } from '@/domain/format';
import type { Listing } from '@/domain/listing/schema';
import { useDeparted } from './use-departed';
import type { Reference } from './use-reference';

interface ListingResultCardProps {
  listing: Listing;
  reference: Reference;
  onBook: (listing: Listing) => void;
}

export const ListingResultCard = memo(function ListingResultCard({
  listing,
  reference,
  onBook,
}: ListingResultCardProps) {
  const t = useT('search');
  // A result mirrored before its flight left is still shown, but no longer bookable.
  const departed = useDeparted(listing, reference);
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5">
      <FlightRoute
        from={{ code: listing.from, name: reference.airportName(listing.from) }}
        to={{ code: listing.to, name: reference.airportName(listing.to) }}
        loading={reference.loading}
      />
      <p className="-mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
        {listing.name ? <span>{t('search.card.carriedBy', { name: listing.name })}</span> : null}
        <RatingBadge summary={listing.carrierRating} label={t('search.card.carrierRating')} />
      </p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <div className="flex items-center gap-1.5">
          <Plane aria-hidden="true" className="size-4 text-slate-400" />
          <dt className="sr-only">{t('search.card.flight')}</dt>
          <dd className="font-medium text-slate-800">{listing.flightNo}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt className="sr-only">{t('search.card.airline')}</dt>
          <dd className="truncate text-slate-600">
            {reference.loading ? <TextPlaceholder /> : reference.airlineName(listing.airline)}
          </dd>
        </div>
        {/* On a phone the departure and the space each take a whole row, so "17 Dec, 9:30 am
            GMT+5:45" stays on one line; wider, the date stands over the time. Either way the time
            gaining its airport's zone when the airport list arrives wraps no line and moves no
            card (issue 29: no layout shift). */}
        <div className="col-span-2 flex items-center gap-1.5 sm:col-span-1">
          <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
          <dt className="sr-only">{t('search.card.departure')}</dt>
          <dd className="text-slate-600">
            <span className="sm:block">
              {formatDayMonth(listing.departure, LOCALE)}
              {listing.time ? <span className="sm:hidden">, </span> : null}
            </span>
            <span className="whitespace-nowrap sm:block sm:min-h-[1lh] sm:whitespace-normal">
              {listing.time ? reference.departureTime(listing.departure, listing.time, listing.from) : ''}
            </span>
          </dd>
        </div>
        <div className="col-span-2 flex items-center gap-1.5 sm:col-span-1">
          <Weight aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
          <dt className="sr-only">{t('search.card.space')}</dt>
          <dd className="text-slate-600">
            {t('search.card.spaceAvailable', { weight: formatWeight(listing.available) })}
          </dd>
        </div>
      </dl>
      <div className="flex items-center justify-between gap-3 border-t border-slate-100 pt-4">
        <p>
          <span className="text-xl font-bold text-slate-900">{formatPrice(listing.cost, LOCALE)}</span>
          <span className="text-sm text-slate-500"> {t('search.card.perKg')}</span>
        </p>
        {departed ? (
          <p className="text-sm font-medium text-red-700">{refusalText('listing/departed', t)}</p>
        ) : null}
        <Button
          onClick={() => onBook(listing)}
          disabled={departed || listing.available <= 0}
          aria-label={t('search.card.bookLabel', {
            flight: listing.flightNo,
            from: listing.from,
            to: listing.to,
          })}
        >
          {t('search.card.book')}
        </Button>
      </div>
    </Card>
  );
});
