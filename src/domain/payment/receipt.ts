// A booking's receipt: who, flight, KG, price, payment method and reference, and times, as label
// and value pairs. The receipt view (printed) and the receipt mail both show these rows.
import type { Order } from '../booking/schema';
import { formatFullDate, formatPrice, formatPriceSum, formatTime, formatWeight } from '../format';
import { upiReferenceOf } from './upi';

export type ReceiptRow = readonly [label: string, value: string];

/** '21 Nov 2026, 2:05 pm' in India's time: receipts read the same wherever they are printed. */
export function formatReceiptTime(seconds: number): string {
  return new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone: 'Asia/Kolkata',
  }).format(seconds * 1000);
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

/** The rows of a receipt; `airlineName` / `airportName` give names for codes (or the code). */
export function receiptRows(
  order: Order,
  names: { airline: (code: string) => string; airport: (code: string) => string } = {
    airline: (c) => c,
    airport: (c) => c,
  },
): ReceiptRow[] {
  const f = order.flightDetails;
  const perKg = order.pricePerKg ?? order.cost / order.weight;
  const [payment, reference] = paymentText(order);
  const times: ReceiptRow[] = (order.history ?? []).map((h) => [
    h.status.charAt(0).toUpperCase() + h.status.slice(1),
    formatReceiptTime(h.at),
  ]);
  if (order.payment?.claimedAt) times.push(['Traveller paid', formatReceiptTime(order.payment.claimedAt)]);
  if (order.payment?.receivedAt)
    times.push(['Payment received', formatReceiptTime(order.payment.receivedAt)]);
  return [
    ['Booking', order.id],
    ['Traveller', order.name],
    ['Carrier', order.carrierName || '—'],
    ['Flight', `${f.flightNo} · ${names.airline(f.airline)}`],
    ['Route', `${names.airport(f.from)} → ${names.airport(f.to)}`],
    [
      'Departure',
      `${f.departure ? formatFullDate(f.departure) : ''}${f.time ? `, ${formatTime(f.time)}` : ''}`,
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
export function receiptText(order: Order): string {
  const rows = receiptRows(order);
  const width = Math.max(...rows.map(([l]) => l.length));
  return rows.map(([l, value]) => `${`${l}:`.padEnd(width + 2)}${value}`).join('\n');
}
