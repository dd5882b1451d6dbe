// What a booking's change tells its other side, queued in the change's own transaction: a push
// to each device the user turned notifications on for, or, with none, an e-mail (unless the user
// turned booking e-mails off). The words are the kind's own, declared in its registry entry.
import { eq } from 'drizzle-orm';
import { bookingLink } from '@/domain/notify/booking-link';
import { type BookingNotice, type NoticeOf, type NotifyingKind, noticeOf } from '@/domain/sync/mutations';
import type { Clock } from '../config';
import type { Tx } from '../db/client';
import { notificationSettings, pushSubscriptions, users } from '../db/schema';
import type { Notifier } from './notifier';
import { enqueue, type OutboundMessage, type PushNotification } from './queue';

interface BookingFacts {
  id: string;
  weightGrams: number;
  carrierId: string;
  travellerId: string;
}

/** What queueing needs of the app's dependencies (src/server/deps.ts gives them). */
interface EventDeps {
  clock: Clock;
  notifier: Pick<Notifier, 'config' | 'queued'>;
}

const kg = (grams: number) => `${Math.round(grams / 10) / 100} KG`;

function notificationFor(notice: BookingNotice, booking: BookingFacts): PushNotification {
  return {
    title: notice.title,
    body: notice.body(kg(booking.weightGrams)),
    url: bookingLink(notice.to, booking.id),
    tag: `booking-${booking.id}`,
  };
}

/** Queues the notice `kind` declares for `event` (src/domain/sync/mutations.ts), to the side it names. */
export async function queueBookingEvent<K extends NotifyingKind>(
  tx: Tx,
  deps: EventDeps,
  kind: K,
  event: NoticeOf<K>,
  booking: BookingFacts,
) {
  const notice = noticeOf(kind, event);
  const userId = notice.to === 'carrier' ? booking.carrierId : booking.travellerId;
  const notification = notificationFor(notice, booking);
  const devices = await tx
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  let messages: OutboundMessage[] = devices.map((d) => ({
    channel: 'push',
    endpoint: d.endpoint,
    notification,
  }));
  if (!messages.length) {
    const [user] = await tx
      .select({ email: users.email, bookingEmails: notificationSettings.bookingEmails })
      .from(users)
      .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
      .where(eq(users.id, userId));
    if (user && user.bookingEmails !== false)
      messages = [
        {
          channel: 'email',
          to: user.email,
          subject: notification.title,
          text: [
            notification.body,
            '',
            `Open it: ${deps.notifier.config.appUrl}${notification.url}`,
            '',
            'You get these e-mails because notifications are not turned on on any of your devices.',
            `Turn booking e-mails off in your profile: ${deps.notifier.config.appUrl}/set-profile`,
          ].join('\n'),
        },
      ];
  }
  await enqueue(tx, messages, deps.clock.now());
  deps.notifier.queued();
}
