// What a chat message tells its recipient when they are not looking at the thread (issue 28):
// a push to each device, or a mail with none, through the notifier's queue like booking news.
// A lock screen shows it: no names, no text of the message, only that one came and where.

/** At most one notice per thread and recipient in this long (migration 0030's trigger says 3 minutes too). */
export const THREAD_NOTICE_WINDOW_MS = 3 * 60 * 1000;

/**
 * How long a device's "I am looking at this thread" holds (PUT /api/bookings/:id/viewing); the
 * device renews it every THREAD_VIEW_RENEW_MS while the thread is on screen and visible, and ends it
 * when it leaves, so a phone put away stops holding pushes back within this time at worst.
 */
export const THREAD_VIEW_TTL_MS = 90_000;
export const THREAD_VIEW_RENEW_MS = 60_000;

/** The app path of a booking's thread. */
export function threadLink(bookingId: string): string {
  return `/bookings/${encodeURIComponent(bookingId)}/messages`;
}

/** The notification of a new message in `bookingId`'s thread (one tag per thread: they replace each other). */
export function threadNotice(bookingId: string) {
  return {
    title: 'New message',
    body: 'You have a new message about a booking. Open Carry to read it.',
    url: threadLink(bookingId),
    tag: `thread-${bookingId}`,
  };
}
