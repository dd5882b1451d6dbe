// What a booking's change tells its other side, queued in the change's own transaction as one
// row; the notifier sends it as a push to each device the user turned notifications on for, or,
// with none, an e-mail (unless the user turned booking e-mails off). The words are the kind's own,
// declared in its registry entry, and say only what a lock screen may show: no names, contacts,
// flights or hand-off codes. The e-mail says more (its `detail`, never pushed): the other side's
// words, the price as it was fixed at booking, and the payment record (issue 31).
import { REASON_LABELS, type Reason } from '@/domain/booking/reasons';
import { formatPriceSum } from '@/domain/format';
import { bookingLink } from '@/domain/notify/booking-link';
import { type BookingNotice, type NoticeOf, type NotifyingKind, noticeOf } from '@/domain/sync/mutations';
import type { Clock } from '../config';
import type { Tx } from '../db/client';
import type { Notifier } from './notifier';
import { enqueue, type PushNotification } from './queue';

interface BookingFacts {
  id: string;
  weightGrams: number;
  carrierId: string;
  travellerId: string;
  /** The total and the price per KG fixed at booking (a booking row has both). */
  cost?: number;
  pricePerKg?: number | null;
  paymentState?: 'claimed' | 'received' | 'disputed' | null;
  paymentMethod?: 'upi' | 'cash' | null;
  paymentRef?: string | null;
  paymentClaimRef?: string | null;
}

/** What queueing needs of the app's dependencies (src/server/deps.ts gives them). */
interface EventDeps {
  clock: Clock;
  notifier: Pick<Notifier, 'queued'>;
}

const kg = (grams: number) => `${Math.round(grams / 10) / 100} KG`;

/** The payment record in words, for the mail: none before anything is recorded. */
function paymentLine(b: BookingFacts): string | null {
  const ref = (r: string | null | undefined) => (r ? `, reference ${r}` : '');
  if (b.paymentState === 'received')
    return b.paymentMethod === 'cash'
      ? 'Payment: received in cash'
      : `Payment: received by UPI${ref(b.paymentRef)}`;
  if (b.paymentState === 'claimed')
    return `Payment: the traveller says they paid by UPI${ref(b.paymentClaimRef)}`;
  if (b.paymentState === 'disputed')
    return `Payment: the carrier has not received the UPI payment the traveller reported${ref(b.paymentClaimRef)}; the Carry team will follow it up`;
  return null;
}

/** What only the mail says: the other side's own words, the price, the payment record. */
function mailDetail(b: BookingFacts, reason?: Reason): string | undefined {
  const lines: string[] = [];
  if (reason?.text) lines.push(`In their words: "${reason.text}"`);
  if (b.cost !== undefined) {
    const weight = b.weightGrams / 1000;
    lines.push(`Price: ${formatPriceSum(b.pricePerKg ?? b.cost / weight, weight, b.cost)}`);
  }
  const payment = paymentLine(b);
  if (payment) lines.push(payment);
  return lines.length ? lines.join('\n') : undefined;
}

function notificationFor<K extends NotifyingKind>(
  kind: K,
  event: NoticeOf<K>,
  notice: BookingNotice,
  booking: BookingFacts,
  reason?: Reason,
): PushNotification {
  const detail = mailDetail(booking, reason);
  return {
    title: notice.title,
    body: notice.body(kg(booking.weightGrams), reason ? REASON_LABELS[reason.code] : undefined),
    url: bookingLink(notice.to, booking.id),
    tag: `booking-${booking.id}`,
    ...(detail ? { detail } : {}),
    text: {
      key: `notify.${kind}.${String(event)}`,
      size: kg(booking.weightGrams),
      ...(reason ? { reason: reason.code } : {}),
      ...(reason?.text ? { words: reason.text } : {}),
    },
  };
}

/**
 * Queues the notice `kind` declares for `event` (src/domain/sync/mutations.ts) for the side it
 * names: one row, whatever that user's devices, so a booking costs the booker's request the same
 * for everyone. The notifier turns it into a push per device or an e-mail (fan-out.ts).
 */
export async function queueBookingEvent<K extends NotifyingKind>(
  tx: Tx,
  deps: EventDeps,
  kind: K,
  event: NoticeOf<K>,
  booking: BookingFacts,
  reason?: Reason,
) {
  const notice = noticeOf(kind, event);
  const userId = notice.to === 'carrier' ? booking.carrierId : booking.travellerId;
  await enqueue(
    tx,
    [{ channel: 'booking', userId, notification: notificationFor(kind, event, notice, booking, reason) }],
    deps.clock.now(),
  );
  deps.notifier.queued();
}
