// What a booking's change tells its other side, queued in the change's own transaction: a push
// to each device the user turned notifications on for, or, with none, an e-mail (unless the user
// turned booking e-mails off). The words say only what a lock screen may show: no names,
// contacts, flights or hand-off codes.
import { eq } from 'drizzle-orm';
import { bookingLink } from '@/domain/notify/booking-link';
import type { Tx } from '../db/client';
import { notificationSettings, pushSubscriptions, users } from '../db/schema';
import type { Deps } from '../deps';
import { enqueue, type OutboundMessage, type PushNotification } from './queue';

export type BookingEvent = 'booked' | 'accepted' | 'rejected' | 'cancelled' | 'completed';

interface BookingFacts {
  id: string;
  weightGrams: number;
  carrierId: string;
  travellerId: string;
}

const kg = (grams: number) => `${Math.round(grams / 10) / 100} KG`;

function notificationFor(event: BookingEvent, booking: BookingFacts): PushNotification {
  const tag = `booking-${booking.id}`;
  const size = kg(booking.weightGrams);
  const traveller = bookingLink('traveller', booking.id);
  switch (event) {
    case 'booked':
      return {
        title: 'New booking',
        body: `A traveller booked ${size} on your listing. Open Carry to accept or decline.`,
        url: bookingLink('carrier', booking.id),
        tag,
      };
    case 'accepted':
      return {
        title: 'Booking accepted',
        body: `Your booking of ${size} was accepted. Open Carry for the hand-off code.`,
        url: traveller,
        tag,
      };
    case 'rejected':
      return {
        title: 'Booking declined',
        body: `Your booking of ${size} was declined.`,
        url: traveller,
        tag,
      };
    case 'cancelled':
      return {
        title: 'Booking cancelled',
        body: `Your booking of ${size} was cancelled.`,
        url: traveller,
        tag,
      };
    case 'completed':
      return {
        title: 'Delivery completed',
        body: `Your booking of ${size} was handed over. Open Carry to rate it.`,
        url: traveller,
        tag,
      };
  }
}

/** Queues the event for the side it concerns (the carrier for a new booking, else the traveller). */
export async function queueBookingEvent(tx: Tx, deps: Deps, event: BookingEvent, booking: BookingFacts) {
  const userId = event === 'booked' ? booking.carrierId : booking.travellerId;
  const notification = notificationFor(event, booking);
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
