// A booking's receipt: who, flight, KG, price, payment method and reference, and times, as rows of
// codes and values (no language: the reader's words them). The receipt view (printed) and the
// receipt mail (src/server/notify/receipt-mail.ts) both show these rows.
import type { Order } from '../booking/schema';
import type { BookingStatus } from '../booking/status';
import { formatFullDate, formatPrice, formatTime, formatWeight, zoneNote } from '../format';
import { formatDepartureTime } from '../listing/departure';
import { upiReferenceOf } from './upi';

/** A receipt row as shown: its label and value in the reader's language. */
export type ReceiptRow = readonly [label: string, value: string];

/** The zone a receipt's own times (booked, paid, ...) are written in, wherever it is printed. */
export const RECEIPT_ZONE = 'Asia/Kolkata';

/**
 * '21 Nov 2026, 2:05 pm' in India's time: receipts read the same wherever they are printed. Where
 * the reader's clock (`deviceZone`) differs, the zone is named: '21 Nov 2026, 2:05 pm IST'.
 */
export function formatReceiptTime(
  seconds: number,
  deviceZone: string = RECEIPT_ZONE,
  locale = 'en-IN',
): string {
  const note = zoneNote(RECEIPT_ZONE, deviceZone, seconds * 1000, locale);
  const shown = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone: RECEIPT_ZONE,
  }).format(seconds * 1000);
  return note ? `${shown} ${note}` : shown;
}

/** How a receipt's payment stands, as a code (the reader's language words it). */
export type ReceiptPayment = 'paid-cash' | 'paid-upi' | 'claimed' | 'disputed' | 'due-upi' | 'due-cash';

function paymentOf(order: Order): [ReceiptPayment, string] {
  const p = order.payment;
  if (p?.state === 'received') {
    if (p.method === 'cash') return ['paid-cash', '—'];
    return ['paid-upi', p.reference ?? upiReferenceOf(order.id)];
  }
  if (p?.state === 'claimed') return ['claimed', p.claimRef ?? '—'];
  if (p?.state === 'disputed') return ['disputed', p.claimRef ?? '—'];
  return [order.payee?.upiId ? 'due-upi' : 'due-cash', '—'];
}

/** How a receipt names codes and whose clock it is read against. */
export interface ReceiptNames {
  airline: (code: string) => string;
  airport: (code: string) => string;
  /** An airport's time zone (the departure is shown on its clock, named where it differs). */
  timeZoneOf?: (code: string) => string | undefined;
  /** The reader's zone (the device's); the mail, read in India, leaves it at India's. */
  deviceZone?: string;
  /** The Intl locale of dates, times and money (en-IN unless given). */
  locale?: string;
}

/** A receipt row's label, as a code: a field, or a status the booking reached. */
export type ReceiptLabel =
  | 'booking'
  | 'traveller'
  | 'carrier'
  | 'flight'
  | 'route'
  | 'departure'
  | 'weight'
  | 'price'
  | 'total'
  | 'payment'
  | 'reference'
  | 'travellerPaid'
  | 'paymentReceived'
  | `status:${BookingStatus}`;

/**
 * One row of a receipt, free of any language: its label's code and its value; the price and the
 * payment come as parts (`price`, `payment`) for the reader's language to word, with `value` empty.
 */
export interface ReceiptEntry {
  label: ReceiptLabel;
  value: string;
  price?: { perKg: number; weight: number; total: number };
  payment?: ReceiptPayment;
}

/**
 * The rows of a receipt, as codes and values; `names` give names for codes (or the code). The
 * departure is the time on its airport's clock (what the boarding pass says) and the receipt's own
 * times are India's, each with its zone's name where the reader's clock differs: '17 Dec 2026,
 * 9:30 am GST'.
 */
export function receiptEntries(
  order: Order,
  names: ReceiptNames = { airline: (c) => c, airport: (c) => c },
): ReceiptEntry[] {
  const f = order.flightDetails;
  const deviceZone = names.deviceZone ?? RECEIPT_ZONE;
  const locale = names.locale ?? 'en-IN';
  const stamp = (seconds: number) => formatReceiptTime(seconds, deviceZone, locale);
  const departureTime = f.time
    ? f.departure
      ? formatDepartureTime(f.departure, f.time, names.timeZoneOf?.(f.from), deviceZone, locale)
      : formatTime(f.time, locale)
    : '';
  const perKg = order.pricePerKg ?? order.cost / order.weight;
  const [payment, reference] = paymentOf(order);
  const times: ReceiptEntry[] = (order.history ?? []).map((h) => ({
    label: `status:${h.status}`,
    value: stamp(h.at),
  }));
  if (order.payment?.claimedAt) times.push({ label: 'travellerPaid', value: stamp(order.payment.claimedAt) });
  if (order.payment?.receivedAt) {
    times.push({ label: 'paymentReceived', value: stamp(order.payment.receivedAt) });
  }
  return [
    { label: 'booking', value: order.id },
    { label: 'traveller', value: order.name },
    { label: 'carrier', value: order.carrierName || '—' },
    { label: 'flight', value: `${f.flightNo} · ${names.airline(f.airline)}` },
    { label: 'route', value: `${names.airport(f.from)} → ${names.airport(f.to)}` },
    {
      label: 'departure',
      value: `${f.departure ? formatFullDate(f.departure, locale) : ''}${departureTime ? `, ${departureTime}` : ''}`,
    },
    { label: 'weight', value: formatWeight(order.weight) },
    {
      label: 'price',
      value: '',
      price: { perKg, weight: order.weight, total: order.cost },
    },
    { label: 'total', value: formatPrice(order.cost, locale) },
    { label: 'payment', value: '', payment },
    { label: 'reference', value: reference },
    ...times,
  ];
}
