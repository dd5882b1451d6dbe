// Payment at the hand-off, on a booking's details (issue 31). The traveller sees what they pay, to
// whom and how ("Pay ₹2,000 to Asha at the hand-off"), with the carrier's UPI code drawn on the
// device and an "Open in UPI app" link, then says "I paid"; the carrier can show the same code,
// marks the payment received (UPI or cash) and confirms or disputes a traveller's "I paid". All of
// it reads the mirrored order, so it shows offline; each answer is queued like every change.
import { Link } from '@tanstack/react-router';
import { IndianRupee, ReceiptText, Smartphone } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useStore } from '@/client/hooks/use-store';
import { priceSumText } from '@/client/i18n/formats';
import { type AreaKeys, type MessageKey, type Translate, useT } from '@/client/i18n/i18n';
import { LOCALE } from '@/client/locale';
import { Button, buttonClass } from '@/client/ui/button';
import { answerPaymentClaim, markPaymentReceived, type OrderRow } from '@/data';
import { formatPrice } from '@/domain/format';
import type { ThreadSide } from '@/domain/message/schema';
import { UPI_MAX_AMOUNT, upiCanPay, upiPayLink, upiReferenceOf } from '@/domain/payment/upi';
import { PaymentClaimForm } from './payment-claim-form';

const UpiQr = lazy(() => import('./upi-qr'));

const PAYABLE = new Set(['accepted', 'completed']);

function payLinkOf(row: OrderRow): string | null {
  const upi = row.payee?.upiId;
  if (!upi || row.payee?.masked || !upiCanPay(row.cost)) return null;
  return upiPayLink({
    vpa: upi,
    name: row.payee?.name || row.carrierName,
    amount: row.cost,
    bookingId: row.id,
    flightNo: row.flightDetails.flightNo,
  });
}

/** Why a carrier with a UPI ID is still paid in cash: the total is over what one UPI payment carries. */
const overUpiLimit = (row: OrderRow) => Boolean(row.payee?.upiId) && row.cost > UPI_MAX_AMOUNT;

type T = Translate<MessageKey | AreaKeys['carrier']>;
const money = (amount: number) => formatPrice(amount, LOCALE);

/** The code and its details; `payer`: the traveller's own view, with the link to their UPI app. */
function UpiCode({ row, link, payer }: { row: OrderRow; link: string; payer: boolean }) {
  const t = useT('carrier');
  return (
    <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
      <Suspense fallback={<div className="size-52 animate-pulse rounded-lg bg-white" />}>
        <UpiQr
          link={link}
          label={t('carrier.payment.qr', { amount: money(row.cost), name: row.payee?.name ?? '' })}
        />
      </Suspense>
      <div className="flex flex-col gap-2 text-center sm:text-left">
        <p className="text-slate-700">{t('carrier.payment.scan')}</p>
        <p className="text-slate-700">
          {t('carrier.payment.upiId')}{' '}
          <span className="font-mono font-medium text-slate-900">{row.payee?.upiId}</span>
        </p>
        <p className="text-slate-700">
          {t('carrier.payment.reference')}{' '}
          <span className="font-mono text-xs text-slate-900">{upiReferenceOf(row.id)}</span>
        </p>
        {payer ? (
          <a href={link} className={buttonClass('primary', 'self-center sm:self-start')}>
            <Smartphone aria-hidden="true" className="size-4" /> {t('carrier.payment.openApp')}
          </a>
        ) : null}
      </div>
    </div>
  );
}

function paidText(row: OrderRow, side: ThreadSide, t: T): string | null {
  const p = row.payment;
  if (!p) return null;
  const other =
    side === 'carrier' ? row.name : row.payee?.name || row.carrierName || t('carrier.payment.theCarrier');
  const amount = money(row.cost);
  const reference = p.state === 'received' ? (p.reference ?? '') : (p.claimRef ?? '');
  if (p.state === 'received') {
    const how = p.method === 'cash' ? 'cash' : p.reference ? 'upiRef' : 'upi';
    return side === 'carrier'
      ? t('carrier.payment.receivedCarrier', { amount, how, reference })
      : t('carrier.payment.receivedTraveller', { amount, other, how, reference });
  }
  if (p.state === 'claimed')
    return side === 'carrier'
      ? t('carrier.payment.claimedCarrier', { other, amount, reference })
      : t('carrier.payment.claimedTraveller', { other, reference });
  return side === 'carrier'
    ? t('carrier.payment.disputedCarrier', { other, reference })
    : t('carrier.payment.disputedTraveller', { other, reference });
}

function TravellerPayment({ row }: { row: OrderRow }) {
  const t = useT('carrier');
  const name = row.payee?.name || row.carrierName || t('carrier.payment.yourCarrier');
  const link = payLinkOf(row);
  const received = row.payment?.state === 'received';
  const amount = money(row.cost);
  const max = money(UPI_MAX_AMOUNT);
  if (!PAYABLE.has(row.status)) {
    if (row.status !== 'pending') return null;
    return (
      <p className="text-slate-700">
        {row.payee?.upiId && !overUpiLimit(row)
          ? t('carrier.payment.onceAcceptedUpi', { name, amount, upi: row.payee.upiId })
          : t('carrier.payment.onceAcceptedCash', { name, amount })}
      </p>
    );
  }
  return (
    <>
      {received ? null : (
        <h3 className="text-base font-semibold text-slate-900">
          {t('carrier.payment.payTo', { amount, name })}
        </h3>
      )}
      {!received && link ? <UpiCode row={row} link={link} payer /> : null}
      {!received && !link ? (
        <p className="text-slate-700">
          {overUpiLimit(row)
            ? t('carrier.payment.overLimitTraveller', { max, amount })
            : t('carrier.payment.noUpiTraveller', { name, amount })}
        </p>
      ) : null}
      {!received && link ? <p className="text-slate-600">{t('carrier.payment.orCash')}</p> : null}
      {!received && link && row.payment?.state !== 'claimed' ? <PaymentClaimForm bookingId={row.id} /> : null}
    </>
  );
}

function CarrierPayment({ row }: { row: OrderRow }) {
  const t = useT('carrier');
  const store = useStore();
  const [showCode, setShowCode] = useState(false);
  const link = payLinkOf(row);
  const p = row.payment;
  if (!PAYABLE.has(row.status) || p?.state === 'received') return null;
  return (
    <>
      <h3 className="text-base font-semibold text-slate-900">
        {t('carrier.payment.paysYou', { name: row.name, amount: money(row.cost) })}
      </h3>
      {link ? (
        <Button
          variant="secondary"
          className="self-start"
          aria-expanded={showCode}
          onClick={() => setShowCode((s) => !s)}
        >
          {showCode ? t('carrier.payment.hideCode') : t('carrier.payment.showCode')}
        </Button>
      ) : (
        <p className="text-slate-700">
          {overUpiLimit(row)
            ? t('carrier.payment.overLimitCarrier', { max: money(UPI_MAX_AMOUNT), name: row.name })
            : t('carrier.payment.noUpiCarrier', { name: row.name })}
        </p>
      )}
      {showCode && link ? <UpiCode row={row} link={link} payer={false} /> : null}
      <div className="flex flex-wrap gap-2">
        {p?.state === 'claimed' ? (
          <>
            <Button variant="success" onClick={() => void answerPaymentClaim(store, row.id, 'confirm')}>
              {t('carrier.payment.confirm')}
            </Button>
            <Button variant="danger" onClick={() => void answerPaymentClaim(store, row.id, 'dispute')}>
              {t('carrier.payment.notReceived')}
            </Button>
          </>
        ) : (
          <>
            <Button variant="success" onClick={() => void markPaymentReceived(store, row.id, 'upi')}>
              {t('carrier.payment.receivedUpi')}
            </Button>
            <Button variant="secondary" onClick={() => void markPaymentReceived(store, row.id, 'cash')}>
              {t('carrier.payment.receivedCash')}
            </Button>
          </>
        )}
      </div>
    </>
  );
}

export function PaymentPanel({ row, side }: { row: OrderRow; side: ThreadSide }) {
  const t = useT('carrier');
  const perKg = row.pricePerKg ?? row.cost / row.weight;
  const status = paidText(row, side, t);
  return (
    <section
      aria-label={t('carrier.payment.title')}
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-emerald-200 bg-emerald-50/60 p-4 wrap-anywhere sm:col-span-2"
    >
      <h2 className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-emerald-900">
        <IndianRupee aria-hidden="true" className="size-4" /> {t('carrier.payment.title')}
      </h2>
      <p className="text-slate-700">
        {t('carrier.payment.sum', { sum: priceSumText(perKg, row.weight, row.cost, t) })}
      </p>
      {status ? (
        <p role="status" className="font-medium text-slate-900">
          {status}
        </p>
      ) : null}
      {side === 'carrier' ? <CarrierPayment row={row} /> : <TravellerPayment row={row} />}
      {PAYABLE.has(row.status) ? (
        <Link
          to="/bookings/$id/receipt"
          params={{ id: row.id }}
          className="inline-flex items-center gap-1.5 self-start text-sm font-semibold text-brand-700 hover:underline"
        >
          <ReceiptText aria-hidden="true" className="size-4" /> {t('carrier.payment.receipt')}
        </Link>
      ) : null}
    </section>
  );
}
