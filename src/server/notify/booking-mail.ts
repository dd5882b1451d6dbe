// The e-mail a booking's news becomes for a user with no push device (the notifier's fan-out
// picks it); kept apart from booking-events.ts, which the writers call, so the notifier does not
// import its own callers.
import type { Locale } from '@/domain/locale';
import type { OutboundMessage, PushNotification } from './queue';
import { say } from './texts';

/** The e-mail a user with no device gets instead of the push, in their language (`notification`
 * is already written in it: fan-out.ts). */
export function bookingMail(
  notification: PushNotification,
  to: string,
  appUrl: string,
  locale: Locale = 'en',
): OutboundMessage {
  return {
    channel: 'email',
    to,
    subject: notification.title,
    text: [
      notification.body,
      ...(notification.detail ? ['', notification.detail] : []),
      '',
      say(locale, 'mail.booking.open', { url: `${appUrl}${notification.url}` }),
      '',
      say(locale, 'mail.booking.why'),
      say(locale, 'mail.booking.turnOff', { url: `${appUrl}/set-profile` }),
    ].join('\n'),
  };
}
