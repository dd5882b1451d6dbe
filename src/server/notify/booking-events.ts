// What a booking's change tells its other side, queued in the change's own transaction as one
// row; the notifier sends it as a push to each device the user turned notifications on for, or,
// with none, an e-mail (unless the user turned booking e-mails off). The words say only what a
// lock screen may show: no names, contacts, flights or hand-off codes.
import { bookingLink } from '@/domain/notify/booking-link';
import type { Tx } from '../db/client';
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

/**
 * Per event: whom it tells (the carrier of a new booking, the traveller of anything after), the
 * title, and the body with the booking's size.
 */
const EVENTS: Record<
  BookingEvent,
  { to: 'carrier' | 'traveller'; title: string; body: (size: string) => string }
> = {
  booked: {
    to: 'carrier',
    title: 'New booking',
    body: (size) => `A traveller booked ${size} on your listing. Open Carry to accept or decline.`,
  },
  accepted: {
    to: 'traveller',
    title: 'Booking accepted',
    body: (size) => `Your booking of ${size} was accepted. Open Carry for the hand-off code.`,
  },
  rejected: {
    to: 'traveller',
    title: 'Booking declined',
    body: (size) => `Your booking of ${size} was declined.`,
  },
  cancelled: {
    to: 'traveller',
    title: 'Booking cancelled',
    body: (size) => `Your booking of ${size} was cancelled.`,
  },
  completed: {
    to: 'traveller',
    title: 'Delivery completed',
    body: (size) => `Your booking of ${size} was handed over. Open Carry to rate it.`,
  },
};

function notificationFor(event: BookingEvent, booking: BookingFacts): PushNotification {
  const { to, title, body } = EVENTS[event];
  return {
    title,
    body: body(kg(booking.weightGrams)),
    url: bookingLink(to, booking.id),
    tag: `booking-${booking.id}`,
  };
}

/**
 * Queues the event for the side it concerns (EVENTS' `to`): one row, whatever that user's
 * devices, so a booking costs the booker's request the same for everyone. The notifier turns it
 * into a push per device or an e-mail (fan-out.ts).
 */
export async function queueBookingEvent(tx: Tx, deps: Deps, event: BookingEvent, booking: BookingFacts) {
  const userId = EVENTS[event].to === 'carrier' ? booking.carrierId : booking.travellerId;
  await enqueue(
    tx,
    [{ channel: 'booking', userId, notification: notificationFor(event, booking) }],
    deps.clock.now(),
  );
  deps.notifier.queued();
}

/** The e-mail a user with no device gets instead of the push. */
export function bookingMail(notification: PushNotification, to: string, appUrl: string): OutboundMessage {
  return {
    channel: 'email',
    to,
    subject: notification.title,
    text: [
      notification.body,
      '',
      `Open it: ${appUrl}${notification.url}`,
      '',
      'You get these e-mails because notifications are not turned on on any of your devices.',
      `Turn booking e-mails off in your profile: ${appUrl}/set-profile`,
    ].join('\n'),
  };
}
