// The receipt both sides of a booking get by e-mail when it completes (issue 31): who, flight, KG,
// price, payment method and reference, times (src/domain/payment/receipt.ts). Queued in the
// completion's transaction like every mail; a record, so it goes whatever the booking e-mails
// setting says. Each side reads it in their account's language (users.locale; none: English):
// the receipt's rows are the domain's codes (src/domain/payment/receipt.ts receiptEntries), their
// labels and words written from the server's catalogue, their dates and times by Intl in the
// language's locale (hi-IN: '17 दिस॰ 2026'). The departure is on its airport's clock, named by its
// zone where it differs from India's (the receipt's own times are India's), as the app shows it.
import { inArray } from 'drizzle-orm';
import type { Order } from '@/domain/booking/schema';
import { priceSumParts } from '@/domain/format';
import { intlLocale, type Locale } from '@/domain/locale';
import {
  type ReceiptEntry,
  type ReceiptLabel,
  type ReceiptPayment,
  type ReceiptRow,
  receiptEntries,
} from '@/domain/payment/receipt';
import type { Clock } from '../config';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import type { Notifier } from './notifier';
import { enqueue, type OutboundMessage } from './queue';
import { localeOf, type ServerMessageKey, say } from './texts';

/** An airport's IANA time zone (the seeded reference data: model/reference.queries.ts). */
export type TimeZoneOf = (code: string) => string | undefined;

/** The ids of the receipt's field labels (a status's label is `receipt.status.<status>`). */
const LABELS: Record<Exclude<ReceiptLabel, `status:${string}`>, ServerMessageKey> = {
  booking: 'receipt.booking',
  traveller: 'receipt.traveller',
  carrier: 'receipt.carrier',
  flight: 'receipt.flight',
  route: 'receipt.route',
  departure: 'receipt.departure',
  weight: 'receipt.weight',
  price: 'receipt.price',
  total: 'receipt.total',
  payment: 'receipt.payment',
  reference: 'receipt.reference',
  travellerPaid: 'receipt.travellerPaid',
  paymentReceived: 'receipt.paymentReceived',
};

/** The ids of the payment row's words. */
const PAYMENT: Record<ReceiptPayment, ServerMessageKey> = {
  'paid-cash': 'receipt.paid.cash',
  'paid-upi': 'receipt.paid.upi',
  claimed: 'receipt.claimed',
  disputed: 'receipt.disputed',
  'due-upi': 'receipt.toPay.any',
  'due-cash': 'receipt.toPay.cash',
};

function labelIn(label: ReceiptLabel, locale: Locale): string {
  if (label.startsWith('status:'))
    return say(locale, `receipt.${label.replace(':', '.')}` as ServerMessageKey);
  return say(locale, LABELS[label as keyof typeof LABELS]);
}

function valueIn(entry: ReceiptEntry, locale: Locale): string {
  if (entry.payment) return say(locale, PAYMENT[entry.payment]);
  if (entry.price) {
    const { price, weight, total } = priceSumParts(
      entry.price.perKg,
      entry.price.weight,
      entry.price.total,
      intlLocale(locale),
    );
    return say(locale, 'receipt.price.sum', { perKg: price, weight, total });
  }
  return entry.value;
}

/**
 * The receipt's rows in `locale`: labels, the payment's words, the price's sum, and dates and
 * times in the language's Intl locale. Airports and airlines stay codes (DEL, AI); the mail is
 * read in India, so the departure names its airport's zone where it differs from India's.
 */
export function receiptRowsIn(order: Order, locale: Locale, timeZoneOf?: TimeZoneOf): ReceiptRow[] {
  const entries = receiptEntries(order, {
    airline: (c) => c,
    airport: (c) => c,
    ...(timeZoneOf ? { timeZoneOf } : {}),
    locale: intlLocale(locale),
  });
  return entries.map((e) => [labelIn(e.label, locale), valueIn(e, locale)]);
}

export function receiptMail(
  order: Order,
  to: string,
  locale: Locale = 'en',
  timeZoneOf?: TimeZoneOf,
): OutboundMessage {
  const rows = receiptRowsIn(order, locale, timeZoneOf);
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
  timeZoneOf?: TimeZoneOf,
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
    to.map((address) => receiptMail(order, address, localeFor(address), timeZoneOf)),
    deps.clock.now(),
  );
  deps.notifier.queued();
}
