// When a request the carrier has not answered expires, as the device can tell from the order it
// mirrors (bookingExpiry: 24 hours after it was made, or 2 hours before departure in the origin's
// zone, whichever is first; the server fixed the same time when it was booked), and the time left
// said in words for the carrier's "To answer" list.
import { departureInstant } from '../listing/departure';
import type { Order } from './schema';
import { bookingExpiry } from './status';

/** The instant (ms) `order`'s request expires unanswered. */
export function answerBy(order: Pick<Order, 'createdAt' | 'flightDetails'>, timeZone?: string): number {
  const f = order.flightDetails;
  return bookingExpiry(order.createdAt._seconds * 1000, departureInstant(f.departure, f.time, timeZone)).at;
}

/** The time left, for the reader's language to word: 'now' (expiring), 'soon' (under a minute), or hours and minutes. */
export function timeLeft(leftMs: number): 'now' | 'soon' | { h: number; m: number } {
  if (leftMs <= 0) return 'now';
  const minutes = Math.floor(leftMs / 60_000);
  if (minutes < 1) return 'soon';
  return { h: Math.floor(minutes / 60), m: minutes % 60 };
}

/** "Expires in 23 h 5 min", "Expires in 40 min", "Expires in less than a minute", "Expiring now". */
export function timeLeftText(leftMs: number): string {
  const left = timeLeft(leftMs);
  if (left === 'now') return 'Expiring now';
  if (left === 'soon') return 'Expires in less than a minute';
  const { h, m } = left;
  if (h === 0) return `Expires in ${m} min`;
  return m === 0 ? `Expires in ${h} h` : `Expires in ${h} h ${m} min`;
}
