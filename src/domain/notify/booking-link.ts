// The link a notification (push or e-mail) opens: the list of the side it concerns with
// `?booking=<id>`, which opens that booking's View Details there. The id alone: nothing personal
// rides in a push or on a lock screen.
import * as v from 'valibot';

/** A booking id as the server makes them (a UUID); test and older ids are short words. */
const bookingIdParam = v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,64}$/));

/** validateSearch of My Bookings and Order History: a malformed id is ignored, not an error page. */
export const openBookingSearchSchema = v.object({
  booking: v.fallback(v.optional(bookingIdParam), undefined),
});

export function bookingLink(side: 'carrier' | 'traveller', bookingId: string): string {
  const list = side === 'carrier' ? '/carrier/orders' : '/mybookings';
  return `${list}?booking=${encodeURIComponent(bookingId)}`;
}
