// A booking's receipt (/bookings/<booking id>/receipt): who, flight, KG, price, payment method and
// reference, times, from the local mirror (it opens offline), with a Print button; the print
// style sheet leaves out the app's frame, so it prints as one clean page.
import { createFileRoute, Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { Printer, ReceiptText } from 'lucide-react';
import { useStore } from '@/client/hooks/use-store';
import { DEVICE_ZONE } from '@/client/locale';
import { Button, buttonClass } from '@/client/ui/button';
import { EmptyState } from '@/client/ui/empty-state';
import { Spinner } from '@/client/ui/spinner';
import { bookingOfQuery } from '@/data';
import { receiptRows } from '@/domain/payment/receipt';
import { useReference } from './-components/use-reference';

export const Route = createFileRoute('/_authed/bookings/$id/receipt')({
  component: Receipt,
});

function Receipt() {
  const id = Route.useParams({ select: (p) => p.id });
  const store = useStore();
  const reference = useReference();
  const found = useLiveQuery(() => bookingOfQuery(store, id), [store, id]);
  if (found === undefined) return <Spinner label="Loading receipt" />;
  if (found === null) {
    return (
      <EmptyState
        icon={<ReceiptText className="size-10" />}
        title="No receipt for this booking on this device."
      >
        <Link to="/mybookings" className={buttonClass('secondary', 'mt-3')}>
          My Bookings
        </Link>
      </EmptyState>
    );
  }
  const rows = receiptRows(found.row, {
    airline: (c) => reference.airlineName(c) || c,
    airport: (c) => (reference.airportName(c) ? `${reference.airportName(c)} (${c})` : c),
    timeZoneOf: reference.timeZoneOf,
    deviceZone: DEVICE_ZONE,
  });
  const back = found.side === 'carrier' ? '/carrier/orders' : '/mybookings';
  return (
    <div className="receipt mx-auto w-full max-w-2xl px-4 py-6 sm:px-6 sm:py-8">
      <div className="no-print mb-4 flex flex-wrap justify-between gap-2">
        <Link to={back} search={{ booking: id }} className={buttonClass('secondary')}>
          Back
        </Link>
        <Button onClick={() => window.print()}>
          <Printer aria-hidden="true" className="size-4" /> Print
        </Button>
      </div>
      <article
        aria-labelledby="receipt-title"
        className="rounded-2xl border border-slate-200 bg-white p-6 print:border-0 print:p-0"
      >
        <header className="flex items-start justify-between gap-4 border-b border-slate-200 pb-4">
          <div>
            <h1 id="receipt-title" className="text-2xl font-bold text-slate-900">
              Receipt
            </h1>
            <p className="mt-1 text-sm text-slate-600">
              Carry: luggage space on a flight, paid at the hand-off.
            </p>
          </div>
          <ReceiptText aria-hidden="true" className="size-8 text-brand-700" />
        </header>
        <dl className="mt-4 divide-y divide-slate-100 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="grid grid-cols-[9rem_1fr] gap-3 py-2 print:break-inside-avoid">
              <dt className="text-slate-600">{label}</dt>
              <dd className="break-all font-medium text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-6 text-xs text-slate-500">
          Carry takes no money itself: the traveller pays the carrier at the hand-off, by UPI or in cash, and
          both record it in the booking.
        </p>
      </article>
    </div>
  );
}
