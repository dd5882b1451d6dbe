// Payment at the hand-off, on a booking's details (issue 31). The traveller sees what they pay, to
// whom and how ("Pay ₹2,000 to Asha at the hand-off"), with the carrier's UPI code drawn on the
// device and an "Open in UPI app" link, then says "I paid"; the carrier can show the same code,
// marks the payment received (UPI or cash) and confirms or disputes a traveller's "I paid". All of
// it reads the mirrored order, so it shows offline; each answer is queued like every change.
import { Link } from '@tanstack/react-router';
import { IndianRupee, ReceiptText, Smartphone } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useStore } from '@/client/hooks/use-store';
import { Button, buttonClass } from '@/client/ui/button';
import { answerPaymentClaim, markPaymentReceived, type OrderRow } from '@/data';
import { formatPrice, formatPriceSum } from '@/domain/format';
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
const UPI_LIMIT_TEXT = `UPI takes at most ${formatPrice(UPI_MAX_AMOUNT)} in one payment`;

/** The code and its details; `payer`: the traveller's own view, with the link to their UPI app. */
function UpiCode({ row, link, payer }: { row: OrderRow; link: string; payer: boolean }) {
  return (
    <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
      <Suspense fallback={<div className="size-52 animate-pulse rounded-lg bg-white" />}>
        <UpiQr
          link={link}
          label={`UPI QR code to pay ${formatPrice(row.cost)} to ${row.payee?.name ?? ''}`}
        />
      </Suspense>
      <div className="flex flex-col gap-2 text-center sm:text-left">
        <p className="text-slate-700">
          Scan with any UPI app (Google Pay, PhonePe, Paytm, BHIM): the amount is filled in.
        </p>
        <p className="text-slate-700">
          UPI ID <span className="font-mono font-medium text-slate-900">{row.payee?.upiId}</span>
        </p>
        <p className="text-slate-700">
          Reference <span className="font-mono text-xs text-slate-900">{upiReferenceOf(row.id)}</span>
        </p>
        {payer ? (
          <a href={link} className={buttonClass('primary', 'self-center sm:self-start')}>
            <Smartphone aria-hidden="true" className="size-4" /> Open in UPI app
          </a>
        ) : null}
      </div>
    </div>
  );
}

function paidText(row: OrderRow, side: ThreadSide): string | null {
  const p = row.payment;
  if (!p) return null;
  const other = side === 'carrier' ? row.name : row.payee?.name || row.carrierName || 'the carrier';
  if (p.state === 'received') {
    const how = p.method === 'cash' ? 'in cash' : `by UPI${p.reference ? ` (reference ${p.reference})` : ''}`;
    return side === 'carrier'
      ? `Payment of ${formatPrice(row.cost)} received ${how}.`
      : `Paid ${formatPrice(row.cost)} to ${other} ${how}: ${other} marked it received.`;
  }
  if (p.state === 'claimed')
    return side === 'carrier'
      ? `${other} says they paid ${formatPrice(row.cost)} by UPI (reference ${p.claimRef ?? ''}). Check your UPI app, then confirm or dispute it.`
      : `You said you paid by UPI (reference ${p.claimRef ?? ''}). Waiting for ${other} to confirm it.`;
  return side === 'carrier'
    ? `You disputed ${other}'s payment (reference ${p.claimRef ?? ''}). Our team will contact you both.`
    : `${other} says your payment (reference ${p.claimRef ?? ''}) has not arrived. Our team will contact you; you can give the reference again below.`;
}

function TravellerPayment({ row }: { row: OrderRow }) {
  const name = row.payee?.name || row.carrierName || 'your carrier';
  const link = payLinkOf(row);
  const received = row.payment?.state === 'received';
  if (!PAYABLE.has(row.status)) {
    if (row.status !== 'pending') return null;
    return (
      <p className="text-slate-700">
        Once {name} accepts, you pay {formatPrice(row.cost)} at the hand-off,{' '}
        {row.payee?.upiId && !overUpiLimit(row) ? `by UPI (${row.payee.upiId}) or in cash` : 'in cash'}.
        Nothing is charged now.
      </p>
    );
  }
  return (
    <>
      {received ? null : (
        <h3 className="text-base font-semibold text-slate-900">
          Pay {formatPrice(row.cost)} to {name} at the hand-off
        </h3>
      )}
      {!received && link ? <UpiCode row={row} link={link} payer /> : null}
      {!received && !link ? (
        <p className="text-slate-700">
          {overUpiLimit(row)
            ? `${UPI_LIMIT_TEXT}: pay ${formatPrice(row.cost)} in cash at the hand-off.`
            : `${name} has no UPI ID in their profile: pay ${formatPrice(row.cost)} in cash at the hand-off.`}
        </p>
      ) : null}
      {!received && link ? <p className="text-slate-600">Or pay in cash at the hand-off.</p> : null}
      {!received && link && row.payment?.state !== 'claimed' ? <PaymentClaimForm bookingId={row.id} /> : null}
    </>
  );
}

function CarrierPayment({ row }: { row: OrderRow }) {
  const store = useStore();
  const [showCode, setShowCode] = useState(false);
  const link = payLinkOf(row);
  const p = row.payment;
  if (!PAYABLE.has(row.status) || p?.state === 'received') return null;
  return (
    <>
      <h3 className="text-base font-semibold text-slate-900">
        {row.name} pays you {formatPrice(row.cost)} at the hand-off
      </h3>
      {link ? (
        <Button
          variant="secondary"
          className="self-start"
          aria-expanded={showCode}
          onClick={() => setShowCode((s) => !s)}
        >
          {showCode ? 'Hide my UPI code' : 'Show my UPI code'}
        </Button>
      ) : (
        <p className="text-slate-700">
          {overUpiLimit(row)
            ? `${UPI_LIMIT_TEXT}, so ${row.name} pays you in cash.`
            : `You have no UPI ID in your profile, so ${row.name} pays in cash. Add one in your profile to be paid by UPI.`}
        </p>
      )}
      {showCode && link ? <UpiCode row={row} link={link} payer={false} /> : null}
      <div className="flex flex-wrap gap-2">
        {p?.state === 'claimed' ? (
          <>
            <Button variant="success" onClick={() => void answerPaymentClaim(store, row.id, 'confirm')}>
              Confirm payment
            </Button>
            <Button variant="danger" onClick={() => void answerPaymentClaim(store, row.id, 'dispute')}>
              Not received
            </Button>
          </>
        ) : (
          <>
            <Button variant="success" onClick={() => void markPaymentReceived(store, row.id, 'upi')}>
              Payment received: UPI
            </Button>
            <Button variant="secondary" onClick={() => void markPaymentReceived(store, row.id, 'cash')}>
              Payment received: cash
            </Button>
          </>
        )}
      </div>
    </>
  );
}

export function PaymentPanel({ row, side }: { row: OrderRow; side: ThreadSide }) {
  const perKg = row.pricePerKg ?? row.cost / row.weight;
  const status = paidText(row, side);
  return (
    <section
      aria-label="Payment"
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-emerald-200 bg-emerald-50/60 p-4 wrap-anywhere sm:col-span-2"
    >
      <h2 className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-emerald-900">
        <IndianRupee aria-hidden="true" className="size-4" /> Payment
      </h2>
      <p className="text-slate-700">{formatPriceSum(perKg, row.weight, row.cost)}, fixed when booked.</p>
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
          <ReceiptText aria-hidden="true" className="size-4" /> Receipt
        </Link>
      ) : null}
    </section>
  );
}
