// Watched routes: a traveller keeps up to WATCHES_MAX searches (from, to, a date and up to
// WATCH_DAYS_MAX days either side of it) mirrored on the device, so a search on one answers with
// no network. Watch and unwatch are mutations (src/domain/sync/mutations); the listings of the
// watched routes come with every pull as the `watched` collection.
import * as v from 'valibot';
import { airportCodeSchema, dateSchema } from '../common';
import { MSG } from '../texts';

/** Watches one traveller may keep at once (watch/quota-reached beyond). */
export const WATCHES_MAX = 5;
/** Days either side of the watched date a watch also covers. */
export const WATCH_DAYS_MAX = 3;

const DAY_MS = 86_400_000;

/** A client-made id (a uuid): the device names the watch before the server has seen it. */
const watchIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{8,64}$/, 'Invalid watch id'));

const daysSchema = v.pipe(
  v.number('Days must be a number'),
  v.integer('Days must be a whole number'),
  v.minValue(0, `Days must be between 0 and ${WATCH_DAYS_MAX}`),
  v.maxValue(WATCH_DAYS_MAX, `Days must be between 0 and ${WATCH_DAYS_MAX}`),
);

/** The `watch` mutation: the route, the date and the days around it. */
export const watchArgsSchema = v.pipe(
  v.object({
    id: watchIdSchema,
    from: airportCodeSchema('From is required'),
    to: airportCodeSchema('To is required'),
    departure: dateSchema('Departure Date is required'),
    days: daysSchema,
  }),
  v.forward(
    v.partialCheck([['from'], ['to']], (x) => x.from !== x.to, MSG.sameAirports),
    ['to'],
  ),
);
export type WatchArgs = v.InferOutput<typeof watchArgsSchema>;

/** The `unwatch` mutation. */
export const unwatchArgsSchema = v.object({ id: watchIdSchema });
export type UnwatchArgs = v.InferOutput<typeof unwatchArgsSchema>;

/** A watch as the pull carries it. */
export const watchSchema = v.object({
  id: v.string(),
  from: v.string(),
  to: v.string(),
  departure: v.string(),
  days: v.number(),
  createdAt: v.number(),
});
export type Watch = v.InferOutput<typeof watchSchema>;

/** The server's answer to `watch`. */
export const watchAnswerSchema = v.object({ watch: watchSchema });

/** `date` (YYYY-MM-DD) moved by `days` (UTC calendar arithmetic: no zone can shift it). */
export function shiftDate(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The first and last departure dates a watch covers. */
export function watchWindow(w: { departure: string; days: number }): { first: string; last: string } {
  return { first: shiftDate(w.departure, -w.days), last: shiftDate(w.departure, w.days) };
}

/** Whether a flight (route and date) is one the watch covers. */
export function watchCovers(
  w: { from: string; to: string; departure: string; days: number },
  flight: { from: string; to: string; departure: string },
): boolean {
  if (w.from !== flight.from || w.to !== flight.to) return false;
  const { first, last } = watchWindow(w);
  return flight.departure >= first && flight.departure <= last;
}

/**
 * Whether a watch still counts: its last day is not behind `today` (YYYY-MM-DD) less a day, so
 * no time zone on earth still has it ahead. A watch past that is neither listed nor counted.
 */
export function isWatchCurrent(w: { departure: string; days: number }, today: string): boolean {
  return watchWindow(w).last >= shiftDate(today, -1);
}

/** "DEL → BOM, 1 May 2099 ± 2 days" for the list of watches and the waiting list. */
export function describeWatch(w: { from: string; to: string; departure: string; days: number }): string {
  const [y, m, d] = w.departure.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const around = w.days === 0 ? '' : ` ± ${w.days} ${w.days === 1 ? 'day' : 'days'}`;
  return `${w.from} → ${w.to}, ${date}${around}`;
}
