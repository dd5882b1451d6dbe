// 'Flight & Carrier Information': the listing being booked, with names from reference data.

import { useT } from '@/client/i18n/i18n';
import { LOCALE } from '@/client/locale';
import { Card } from '@/client/ui/card';
import { FlightRoute } from '@/client/ui/flight-route';
import { formatFullDate, formatPrice, formatWeight } from '@/domain/format';
import type { Listing } from '@/domain/listing/schema';
import { useReference } from './use-reference';

function Row({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 py-2">
      <dt className="text-slate-500">{term}</dt>
      <dd className="text-right font-medium text-slate-900">{value}</dd>
    </div>
  );
}

export function FlightInfo({ listing }: { listing: Listing }) {
  const t = useT('search');
  const reference = useReference();
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="mb-4 text-lg font-semibold text-slate-900">{t('search.flightInfo.title')}</h2>
      <FlightRoute
        from={{ code: listing.from, name: reference.airportName(listing.from) }}
        to={{ code: listing.to, name: reference.airportName(listing.to) }}
      />
      <dl className="mt-4 divide-y divide-slate-100 text-sm">
        <Row term={t('search.flightInfo.flight')} value={listing.flightNo} />
        <Row term={t('search.flightInfo.airline')} value={reference.airlineName(listing.airline)} />
        <Row
          term={t('search.flightInfo.departure')}
          value={`${formatFullDate(listing.departure, LOCALE)}${listing.time ? `, ${reference.departureTime(listing.departure, listing.time, listing.from)}` : ''}`}
        />
        {listing.name ? <Row term={t('search.flightInfo.carrier')} value={listing.name} /> : null}
        <Row term={t('search.flightInfo.space')} value={formatWeight(listing.available)} />
        <Row
          term={t('search.flightInfo.price')}
          value={t('search.flightInfo.perKg', { price: formatPrice(listing.cost, LOCALE) })}
        />
      </dl>
    </Card>
  );
}
