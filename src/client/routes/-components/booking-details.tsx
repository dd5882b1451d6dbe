// The details of one booking, opened from View Details.
import type { OrderRow } from '@/data';
import { formatFullDate, formatPrice, formatTime12, formatWeight } from '@/domain/format';
import type { Reference } from './use-reference';

export function BookingDetails({ id, row, reference }: { id: string; row: OrderRow; reference: Reference }) {
  const f = row.flightDetails;
  const items: [string, string][] = [
    ['From', reference.airportName(f.from) ? `${reference.airportName(f.from)} (${f.from})` : f.from],
    ['To', reference.airportName(f.to) ? `${reference.airportName(f.to)} (${f.to})` : f.to],
    ['Flight', `${f.flightNo} · ${reference.airlineName(f.airline)}`],
    [
      'Departure',
      `${f.departure ? formatFullDate(f.departure) : ''}${f.time ? `, ${formatTime12(f.time)}` : ''}`,
    ],
    ['Weight', formatWeight(row.weight)],
    ['Total price', formatPrice(row.cost)],
    ['Traveller', row.name],
  ];
  if (row.carrierName) items.push(['Carrier', row.carrierName]);
  items.push([
    'Booked on',
    new Date(row.createdAt._seconds * 1000).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    }),
  ]);
  return (
    <dl
      id={id}
      aria-label="Booking details"
      className="mt-3 grid gap-x-6 gap-y-2 rounded-xl bg-slate-50 p-4 text-sm sm:grid-cols-2"
    >
      {items.map(([term, value]) => (
        <div key={term} className="flex justify-between gap-3">
          <dt className="text-slate-500">{term}</dt>
          <dd className="text-right font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
