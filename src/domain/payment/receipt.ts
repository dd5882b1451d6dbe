// A booking's receipt: who, flight, KG, price, payment method and reference, and times, as label
// and value pairs. The receipt view (printed) and the receipt mail both show these rows.
import type { Order } from '../booking/schema';
import { formatFullDate, formatPrice, formatPriceSum, formatTime, formatWeight, zoneNote } from '../format';
import { formatDepartureTime } from '../listing/departure';
import { upiReferenceOf } from './upi';

export type ReceiptRow = readonly [label: string, value: string];

/** The zone a receipt's own times (booked, paid, ...) are written in, wherever it is printed. */
export const RECEIPT_ZONE = 'Asia/Kolkata';

/**
 * '21 Nov 2026, 2:05 pm' in India's time: receipts read the same wherever they are printed. Where
 * the reader's clock (`deviceZone`) differs, the zone is named: '21 Nov 2026, 2:05 pm IST'.
 */
export function formatReceiptTime(seconds: number, deviceZone: string = RECEIPT_ZONE): string {
  const note = zoneNote(RECEIPT_ZONE, deviceZone, seconds * 1000, 'en-IN');
  const shown = new Intl.DateTimeFormat('en-IN', {
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

function paymentText(order: Order): [string, string] {
  const p = order.payment;
  if (p?.state === 'received') {
    const method = p.method === 'cash' ? 'Cash' : 'UPI';
    return [`Paid (${method})`, p.method === 'upi' ? (p.reference ?? upiReferenceOf(order.id)) : '—'];
  }
  if (p?.state === 'claimed') return ['Paid by UPI, waiting for the carrier to confirm', p.claimRef ?? '—'];
  if (p?.state === 'disputed') return ['Disputed: the carrier has not received it', p.claimRef ?? '—'];
  return [
    order.payee?.upiId ? 'To pay at the hand-off (UPI or cash)' : 'To pay in cash at the hand-off',
    '—',
  ];
}

/** How a receipt names codes and whose clock it is read against. */
export interface ReceiptNames {
  airline: (code: string) => string;
  airport: (code: string) => string;
  /** An airport's time zone (the departure is shown on its clock, named where it differs). */
  timeZoneOf?: (code: string) => string | undefined;
  /** The reader's zone (the device's); the mail, read in India, leaves it at India's. */
  deviceZone?: string;
}

/**
 * The rows of a receipt; `names` give names for codes (or the code). The departure is the time on
 * its airport's clock (what the boarding pass says) and the receipt's own times are India's, each
 * with its zone's name where the reader's clock differs: '17 Dec 2026, 9:30 am GST'.
 */
export function receiptRows(
  order: Order,
  names: ReceiptNames = { airline: (c) => c, airport: (c) => c },
): ReceiptRow[] {
  const f = order.flightDetails;
  const deviceZone = names.deviceZone ?? RECEIPT_ZONE;
  const stamp = (seconds: number) => formatReceiptTime(seconds, deviceZone);
  const departureTime = f.time
    ? f.departure
      ? formatDepartureTime(f.departure, f.time, names.timeZoneOf?.(f.from), deviceZone, 'en-IN')
      : formatTime(f.time)
    : '';
  const perKg = order.pricePerKg ?? order.cost / order.weight;
  const [payment, reference] = paymentText(order);
  const times: ReceiptRow[] = (order.history ?? []).map((h) => [
    h.status.charAt(0).toUpperCase() + h.status.slice(1),
    stamp(h.at),
  ]);
  if (order.payment?.claimedAt) times.push(['Traveller paid', stamp(order.payment.claimedAt)]);
  if (order.payment?.receivedAt) times.push(['Payment received', stamp(order.payment.receivedAt)]);
  return [
    ['Booking', order.id],
    ['Traveller', order.name],
    ['Carrier', order.carrierName || '—'],
    ['Flight', `${f.flightNo} · ${names.airline(f.airline)}`],
    ['Route', `${names.airport(f.from)} → ${names.airport(f.to)}`],
    [
      'Departure',
      `${f.departure ? formatFullDate(f.departure) : ''}${departureTime ? `, ${departureTime}` : ''}`,
    ],
    ['Weight', formatWeight(order.weight)],
    ['Price', formatPriceSum(perKg, order.weight, order.cost)],
    ['Total', formatPrice(order.cost)],
    ['Payment', payment],
    ['Reference', reference],
    ...times,
  ];
}

/** The receipt as plain text, for the mail both sides get when the booking completes. */
export function receiptText(order: Order, names?: ReceiptNames): string {
  const rows = receiptRows(order, names);
  const width = Math.max(...rows.map(([l]) => l.length));
  return rows.map(([l, value]) => `${`${l}:`.padEnd(width + 2)}${value}`).join('\n');
}
