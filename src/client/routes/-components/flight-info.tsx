// 'Flight & Carrier Information': the listing being booked, with names from reference data.

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
  const reference = useReference();
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="mb-4 text-lg font-semibold text-slate-900">Flight & Carrier Information</h2>
      <FlightRoute
        from={{ code: listing.from, name: reference.airportName(listing.from) }}
        to={{ code: listing.to, name: reference.airportName(listing.to) }}
      />
      <dl className="mt-4 divide-y divide-slate-100 text-sm">
        <Row term="Flight" value={listing.flightNo} />
        <Row term="Airline" value={reference.airlineName(listing.airline)} />
        <Row
          term="Departure"
          value={`${formatFullDate(listing.departure, LOCALE)}${listing.time ? `, ${reference.departureTime(listing.departure, listing.time, listing.from)}` : ''}`}
        />
        {listing.name ? <Row term="Carrier" value={listing.name} /> : null}
        <Row term="Space available" value={formatWeight(listing.available)} />
        <Row term="Price" value={`${formatPrice(listing.cost)} / KG`} />
      </dl>
    </Card>
  );
}
