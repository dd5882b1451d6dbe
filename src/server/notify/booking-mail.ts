// The e-mail a booking's news becomes for a user with no push device (the notifier's fan-out
// picks it); kept apart from booking-events.ts, which the writers call, so the notifier does not
// import its own callers.
import type { OutboundMessage, PushNotification } from './queue';

/** The e-mail a user with no device gets instead of the push. */
export function bookingMail(notification: PushNotification, to: string, appUrl: string): OutboundMessage {
  return {
    channel: 'email',
    to,
    subject: notification.title,
    text: [
      notification.body,
      ...(notification.detail ? ['', notification.detail] : []),
      '',
      `Open it: ${appUrl}${notification.url}`,
      '',
      'You get these e-mails because notifications are not turned on on any of your devices.',
      `Turn booking e-mails off in your profile: ${appUrl}/set-profile`,
    ].join('\n'),
  };
}
