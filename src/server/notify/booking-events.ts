// What a booking's change tells its other side, queued in the change's own transaction as one
// row; the notifier sends it as a push to each device the user turned notifications on for, or,
// with none, an e-mail (unless the user turned booking e-mails off). The words are the kind's own,
// declared in its registry entry, and say only what a lock screen may show: no names, contacts,
// flights or hand-off codes.
import { REASON_LABELS, type Reason } from '@/domain/booking/reasons';
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
}

/** What queueing needs of the app's dependencies (src/server/deps.ts gives them). */
interface EventDeps {
  clock: Clock;
  notifier: Pick<Notifier, 'queued'>;
}

const kg = (grams: number) => `${Math.round(grams / 10) / 100} KG`;

function notificationFor<K extends NotifyingKind>(
  kind: K,
  event: NoticeOf<K>,
  notice: BookingNotice,
  booking: BookingFacts,
  reason?: Reason,
): PushNotification {
  return {
    title: notice.title,
    body: notice.body(kg(booking.weightGrams), reason ? REASON_LABELS[reason.code] : undefined),
    url: bookingLink(notice.to, booking.id),
    tag: `booking-${booking.id}`,
    ...(reason?.text ? { detail: `In their words: "${reason.text}"` } : {}),
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
