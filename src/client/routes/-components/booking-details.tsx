// The details of one booking, opened from View Details: the flight and price, the status
// history with times, and, once the carrier has accepted, the other party's contact. All of it
// comes from the mirrored order, so it reads the same offline.
import { Mail, Phone } from 'lucide-react';
import { type AreaKeys, type Translate, useT } from '@/client/i18n/i18n';
import { LOCALE } from '@/client/locale';
import type { OrderRow } from '@/data';
import type { BookingStatus, ExpiryReason } from '@/domain/booking/status';
import { formatFullDate, formatPrice, formatWeight } from '@/domain/format';
import type { ThreadSide } from '@/domain/message/schema';
import { HandoffCode } from './handoff-code';
import { nextStepText } from './next-step';
import { PaymentPanel } from './payment-panel';
import { reasonText } from './reason-text';
import { ReportPerson } from './report-person';
import { TravellerCancel } from './traveller-cancel';
import type { Reference } from './use-reference';

type SearchT = Translate<AreaKeys['search']>;

const STEP_LABEL: Record<BookingStatus, AreaKeys['search']> = {
  pending: 'search.details.step.pending',
  accepted: 'search.details.step.accepted',
  rejected: 'search.details.step.rejected',
  cancelled: 'search.details.step.cancelled',
  completed: 'search.details.step.completed',
  expired: 'search.details.step.expired',
};

/** Why a request expired unanswered. */
function expiryText(reason: ExpiryReason | undefined, t: SearchT): string {
  return t(reason === 'departure' ? 'search.details.expiredDeparture' : 'search.details.expired24h');
}

/** "1 Nov 2026, 1:30 pm" in the device's time zone. */
function stamp(seconds: number): string {
  return new Date(seconds * 1000).toLocaleString(LOCALE, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

interface PaymentStep {
  key: string;
  label: string;
  at: number;
}

/** The payment's steps after the status ones: the traveller's "I paid", the carrier's word. */
function paymentSteps(row: OrderRow, t: SearchT): PaymentStep[] {
  const p = row.payment;
  if (!p) return [];
  const steps: PaymentStep[] = [];
  if (p.claimedAt)
    steps.push({
      key: 'claimed',
      label: t('search.details.paidByUpi', { reference: p.claimRef ?? '' }),
      at: p.claimedAt,
    });
  if (p.state === 'received' && p.receivedAt) {
    const label =
      p.method === 'cash'
        ? t('search.details.receivedCash')
        : p.reference
          ? t('search.details.receivedUpiRef', { reference: p.reference })
          : t('search.details.receivedUpi');
    steps.push({ key: 'received', label, at: p.receivedAt });
  }
  return steps;
}

type Step = NonNullable<OrderRow['history']>[number];

/** Who made a move and why, as the history line under it says. */
function stepNote(step: Step, side: ThreadSide, t: SearchT): string | null {
  if (step.early) return t('search.details.early');
  if (!step.by) return null;
  const who = t(
    step.by === (side === 'carrier' ? 'carrier' : 'traveller')
      ? 'search.details.byYou'
      : step.by === 'carrier'
        ? 'search.details.byCarrier'
        : 'search.details.byTraveller',
  );
  return step.reason ? t('search.details.note', { who, reason: reasonText(step.reason, t) }) : null;
}

function StatusHistory({ row, side }: { row: OrderRow; side: ThreadSide }) {
  const t = useT('search');
  // Rows mirrored before the server sent a history still have their request time.
  const steps: Step[] = row.history?.length
    ? row.history
    : [{ status: 'pending' as const, at: row.createdAt._seconds }];
  const last = steps.at(-1)?.status;
  return (
    <section aria-label={t('search.details.history')} className="sm:col-span-2">
      <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-600">
        {t('search.details.history')}
      </h2>
      <ol className="mt-2 flex flex-col gap-2">
        {steps.map((step) => {
          const note = stepNote(step, side, t);
          return (
            <li key={step.status} className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-medium text-slate-900">{t(STEP_LABEL[step.status])}</span>
              <time dateTime={new Date(step.at * 1000).toISOString()} className="text-slate-600">
                {stamp(step.at)}
              </time>
              {note ? <span className="w-full break-words text-slate-700">{note}</span> : null}
            </li>
          );
        })}
        {paymentSteps(row, t).map((step) => (
          <li key={step.key} className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className="font-medium text-slate-900 wrap-anywhere">{step.label}</span>
            <time dateTime={new Date(step.at * 1000).toISOString()} className="text-slate-600">
              {stamp(step.at)}
            </time>
          </li>
        ))}
        {last === 'pending' ? <li className="text-slate-600">{t('search.details.waiting')}</li> : null}
        {row.payment?.state === 'disputed' ? (
          <li className="text-slate-600">{t('search.details.disputed')}</li>
        ) : null}
        {last === 'expired' ? <li className="text-slate-600">{expiryText(row.expiredReason, t)}</li> : null}
      </ol>
    </section>
  );
}

function Contact({ row, side }: { row: OrderRow; side: ThreadSide }) {
  const t = useT('search');
  if (!row.contact) return null;
  // The other party: a carrier's contact is the traveller's, and the other way round.
  const who = side === 'carrier' ? 'Traveller' : 'Carrier';
  const title = t(side === 'carrier' ? 'search.details.travellerContact' : 'search.details.carrierContact');
  const { name, email, phone } = row.contact;
  const link = 'inline-flex items-center gap-1.5 font-medium text-brand-700 hover:underline break-all';
  return (
    <section aria-label={title} className="sm:col-span-2">
      <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-600">{title}</h2>
      <p className="mt-2 font-medium text-slate-900">{name}</p>
      <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
        {phone ? (
          <a href={`tel:${phone}`} className={link}>
            <Phone aria-hidden="true" className="size-4 shrink-0" /> {phone}
          </a>
        ) : null}
        {email ? (
          <a href={`mailto:${email}`} className={link}>
            <Mail aria-hidden="true" className="size-4 shrink-0" /> {email}
          </a>
        ) : null}
      </div>
      {email ? <ReportPerson bookingId={row.id} email={email} who={who} /> : null}
    </section>
  );
}

export function BookingDetails({
  id,
  row,
  side,
  reference,
}: {
  id: string;
  row: OrderRow;
  /** Whose list it is in: the carrier's orders or the traveller's bookings. */
  side: ThreadSide;
  reference: Reference;
}) {
  const t = useT('search');
  const f = row.flightDetails;
  const items: [string, string][] = [
    [
      t('search.details.from'),
      reference.airportName(f.from) ? `${reference.airportName(f.from)} (${f.from})` : f.from,
    ],
    [t('search.details.to'), reference.airportName(f.to) ? `${reference.airportName(f.to)} (${f.to})` : f.to],
    [t('search.details.flight'), `${f.flightNo} · ${reference.airlineName(f.airline)}`],
    [
      t('search.details.departure'),
      `${f.departure ? formatFullDate(f.departure, LOCALE) : ''}${f.time ? `, ${reference.departureTime(f.departure ?? '', f.time, f.from)}` : ''}`,
    ],
    [t('search.details.weight'), formatWeight(row.weight)],
    [t('search.details.pricePerKg'), formatPrice(row.pricePerKg ?? row.cost / row.weight, LOCALE)],
    [t('search.details.total'), formatPrice(row.cost, LOCALE)],
    [t('search.details.traveller'), row.name],
  ];
  if (row.carrierName) items.push([t('search.details.carrier'), row.carrierName]);
  return (
    <div id={id} className="mt-3 grid gap-4 rounded-xl bg-slate-50 p-4 text-sm sm:grid-cols-2">
      <div className="flex flex-wrap gap-2 sm:col-span-2 empty:hidden">
        {side === 'traveller' ? <TravellerCancel row={row} /> : null}
      </div>
      {row.handoffCode && row.status === 'accepted' ? (
        <div className="sm:col-span-2">
          <HandoffCode code={row.handoffCode} />
        </div>
      ) : null}
      <PaymentPanel row={row} side={side} />
      <dl
        aria-label={t('search.details.label')}
        className="grid gap-x-6 gap-y-2 sm:col-span-2 sm:grid-cols-2"
      >
        {items.map(([term, value]) => (
          <div key={term} className="flex justify-between gap-3">
            {/* A term is a word or two: kept on one line ("कहाँ से" broken after "कहाँ" reads as a
                question), the value wraps beside it. */}
            <dt className="shrink-0 text-slate-600">{term}</dt>
            <dd className="min-w-0 text-right font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-slate-800 sm:col-span-2">
        <span className="font-semibold">{t('search.details.next')} </span>
        {nextStepText(row, side, t)}
      </p>
      {row.flightChangedAt && (row.status === 'pending' || row.status === 'accepted') ? (
        <p
          role="note"
          className="rounded-lg bg-amber-50 p-2 text-amber-900 ring-1 ring-amber-200 sm:col-span-2"
        >
          {t('search.details.flightChanged')}
          {side === 'traveller' ? ` ${t('search.details.flightChangedCancel')}` : ''}
        </p>
      ) : null}
      <StatusHistory row={row} side={side} />
      <Contact row={row} side={side} />
    </div>
  );
}
