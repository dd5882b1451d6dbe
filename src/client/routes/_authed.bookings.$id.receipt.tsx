// A booking's receipt (/bookings/<booking id>/receipt): who, flight, KG, price, payment method and
// reference, times, from the local mirror (it opens offline), with a Print button; the print
// style sheet leaves out the app's frame, so it prints as one clean page.
import { createFileRoute, Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { Printer, ReceiptText } from 'lucide-react';
import { useStore } from '@/client/hooks/use-store';
import { priceSumText } from '@/client/i18n/formats';
import { type AreaKeys, type MessageKey, type Translate, useT } from '@/client/i18n/i18n';
import { deviceZone, LOCALE } from '@/client/locale';
import { Button, buttonClass } from '@/client/ui/button';
import { EmptyState } from '@/client/ui/empty-state';
import { Spinner } from '@/client/ui/spinner';
import { bookingOfQuery } from '@/data';
import type { BookingStatus } from '@/domain/booking/status';
import { type ReceiptEntry, type ReceiptLabel, receiptEntries } from '@/domain/payment/receipt';
import { useReference } from './-components/use-reference';

export const Route = createFileRoute('/_authed/bookings/$id/receipt')({
  component: Receipt,
});

type CarrierKey = MessageKey | AreaKeys['carrier'];

/** The words of each label code (a code with no words fails the type-check). */
const ROW_IDS = {
  booking: 'carrier.receipt.row.booking',
  traveller: 'carrier.receipt.row.traveller',
  carrier: 'carrier.receipt.row.carrier',
  flight: 'carrier.receipt.row.flight',
  route: 'carrier.receipt.row.route',
  departure: 'carrier.receipt.row.departure',
  weight: 'carrier.receipt.row.weight',
  price: 'carrier.receipt.row.price',
  total: 'carrier.receipt.row.total',
  payment: 'carrier.receipt.row.payment',
  reference: 'carrier.receipt.row.reference',
  travellerPaid: 'carrier.receipt.row.travellerPaid',
  paymentReceived: 'carrier.receipt.row.paymentReceived',
} as const satisfies Record<Exclude<ReceiptLabel, `status:${string}`>, CarrierKey>;
const STATUS_IDS = {
  pending: 'carrier.receipt.status.pending',
  accepted: 'carrier.receipt.status.accepted',
  rejected: 'carrier.receipt.status.rejected',
  cancelled: 'carrier.receipt.status.cancelled',
  completed: 'carrier.receipt.status.completed',
  expired: 'carrier.receipt.status.expired',
} as const satisfies Record<BookingStatus, CarrierKey>;

/** A receipt row's label in the reader's language. */
function labelText(label: ReceiptLabel, t: Translate<CarrierKey>): string {
  if (label.startsWith('status:')) return t(STATUS_IDS[label.slice('status:'.length) as BookingStatus]);
  return t(ROW_IDS[label as keyof typeof ROW_IDS]);
}

/** A receipt row's value: the price and the payment worded in the reader's language. */
function valueText(entry: ReceiptEntry, t: Translate<CarrierKey>): string {
  if (entry.price) return priceSumText(entry.price.perKg, entry.price.weight, entry.price.total, t);
  if (entry.payment) return t(`carrier.receipt.pay.${entry.payment}`);
  return entry.value;
}

function Receipt() {
  const t = useT('carrier');
  const id = Route.useParams({ select: (p) => p.id });
  const store = useStore();
  const reference = useReference();
  const found = useLiveQuery(() => bookingOfQuery(store, id), [store, id]);
  if (found === undefined) return <Spinner label={t('carrier.receipt.loading')} />;
  if (found === null) {
    return (
      <EmptyState icon={<ReceiptText className="size-10" />} title={t('carrier.receipt.none')}>
        <Link to="/mybookings" className={buttonClass('secondary', 'mt-3')}>
          {t('carrier.receipt.myBookings')}
        </Link>
      </EmptyState>
    );
  }
  const rows = receiptEntries(found.row, {
    airline: (c) => reference.airlineName(c) || c,
    airport: (c) => (reference.airportName(c) ? `${reference.airportName(c)} (${c})` : c),
    timeZoneOf: reference.timeZoneOf,
    deviceZone: deviceZone(),
    locale: LOCALE,
  }).map((e): [string, string] => [labelText(e.label, t), valueText(e, t)]);
  const back = found.side === 'carrier' ? '/carrier/orders' : '/mybookings';
  return (
    <div className="receipt mx-auto w-full max-w-2xl px-4 py-6 sm:px-6 sm:py-8">
      <div className="no-print mb-4 flex flex-wrap justify-between gap-2">
        <Link to={back} search={{ booking: id }} className={buttonClass('secondary')}>
          {t('carrier.receipt.back')}
        </Link>
        <Button onClick={() => window.print()}>
          <Printer aria-hidden="true" className="size-4" /> {t('carrier.receipt.print')}
        </Button>
      </div>
      <article
        aria-labelledby="receipt-title"
        className="rounded-2xl border border-slate-200 bg-white p-6 print:border-0 print:p-0"
      >
        <header className="flex items-start justify-between gap-4 border-b border-slate-200 pb-4">
          <div>
            <h1 id="receipt-title" className="text-2xl font-bold text-slate-900">
              {t('carrier.receipt.title')}
            </h1>
            <p className="mt-1 text-sm text-slate-600">{t('carrier.receipt.tagline')}</p>
          </div>
          <ReceiptText aria-hidden="true" className="size-8 text-brand-700" />
        </header>
        <dl className="mt-4 divide-y divide-slate-100 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="grid grid-cols-[9rem_1fr] gap-3 py-2 print:break-inside-avoid">
              <dt className="text-slate-600">{label}</dt>
              <dd className="min-w-0 font-medium text-slate-900 wrap-anywhere">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-6 text-xs text-slate-500">{t('carrier.receipt.note')}</p>
      </article>
    </div>
  );
}
