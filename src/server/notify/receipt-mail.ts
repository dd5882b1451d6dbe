// The receipt both sides of a booking get by e-mail when it completes (issue 31): who, flight, KG,
// price, payment method and reference, times (src/domain/payment/receipt.ts). Queued in the
// completion's transaction like every mail; a record, so it goes whatever the booking e-mails
// setting says. Each side reads it in their account's language (users.locale; none: English):
// the receipt's rows are the domain's (English labels, which stand for codes here), their labels
// and words written from the server's catalogue.
import { inArray } from 'drizzle-orm';
import type { Order } from '@/domain/booking/schema';
import { formatPrice, formatWeight } from '@/domain/format';
import type { Locale } from '@/domain/locale';
import { type ReceiptRow, receiptRows } from '@/domain/payment/receipt';
import type { Clock } from '../config';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import type { Notifier } from './notifier';
import { enqueue, type OutboundMessage } from './queue';
import { localeOf, type ServerMessageKey, say } from './texts';

/** The receipt's labels (receiptRows) and the ids that write them. */
const LABELS: Record<string, ServerMessageKey> = {
  Booking: 'receipt.booking',
  Traveller: 'receipt.traveller',
  Carrier: 'receipt.carrier',
  Flight: 'receipt.flight',
  Route: 'receipt.route',
  Departure: 'receipt.departure',
  Weight: 'receipt.weight',
  Price: 'receipt.price',
  Total: 'receipt.total',
  Payment: 'receipt.payment',
  Reference: 'receipt.reference',
  'Traveller paid': 'receipt.travellerPaid',
  'Payment received': 'receipt.paymentReceived',
  Pending: 'receipt.status.pending',
  Accepted: 'receipt.status.accepted',
  Rejected: 'receipt.status.rejected',
  Cancelled: 'receipt.status.cancelled',
  Completed: 'receipt.status.completed',
  Expired: 'receipt.status.expired',
};

/** The payment row's words (receiptRows) and the ids that write them. */
const PAYMENT: Record<string, ServerMessageKey> = {
  'Paid (Cash)': 'receipt.paid.cash',
  'Paid (UPI)': 'receipt.paid.upi',
  'Paid by UPI, waiting for the carrier to confirm': 'receipt.claimed',
  'Disputed: the carrier has not received it': 'receipt.disputed',
  'To pay at the hand-off (UPI or cash)': 'receipt.toPay.any',
  'To pay in cash at the hand-off': 'receipt.toPay.cash',
};

/** The receipt's rows in `locale`: labels, the payment's words and the price's sum. */
export function receiptRowsIn(order: Order, locale: Locale): ReceiptRow[] {
  const perKg = order.pricePerKg ?? order.cost / order.weight;
  return receiptRows(order).map(([label, value]) => {
    const id = LABELS[label];
    const shown = id ? say(locale, id) : label;
    if (label === 'Payment' && PAYMENT[value]) return [shown, say(locale, PAYMENT[value])];
    if (label === 'Price')
      return [
        shown,
        say(locale, 'receipt.price.sum', {
          perKg: formatPrice(perKg),
          weight: formatWeight(order.weight),
          total: formatPrice(order.cost),
        }),
      ];
    return [shown, value];
  });
}

export function receiptMail(order: Order, to: string, locale: Locale = 'en'): OutboundMessage {
  const rows = receiptRowsIn(order, locale);
  const width = Math.max(...rows.map(([l]) => l.length));
  return {
    channel: 'email',
    to,
    subject: say(locale, 'mail.receipt.subject', {
      flight: order.flightDetails.flightNo,
      ref: order.id.slice(0, 8).toUpperCase(),
    }),
    text: [
      say(locale, 'mail.receipt.intro'),
      '',
      rows.map(([l, value]) => `${`${l}:`.padEnd(width + 2)}${value}`).join('\n'),
      '',
      say(locale, 'mail.receipt.outro'),
    ].join('\n'),
  };
}

export async function queueReceiptMails(
  tx: Tx,
  deps: { clock: Clock; notifier: Pick<Notifier, 'queued'> },
  order: Order,
  to: readonly string[],
) {
  const accounts = to.length
    ? await tx
        .select({ email: users.email, locale: users.locale })
        .from(users)
        .where(inArray(users.email, [...to]))
    : [];
  const localeFor = (email: string) => localeOf(accounts.find((a) => a.email === email)?.locale);
  await enqueue(
    tx,
    to.map((address) => receiptMail(order, address, localeFor(address))),
    deps.clock.now(),
  );
  deps.notifier.queued();
}
