// When a flight leaves, as an instant. A listing's departure date and time are the ORIGIN
// AIRPORT's local time (that is what a boarding pass shows). So "must be in the future" converts
// them with the airport's IANA time zone when reference data knows it, and with the device's
// (or server process's) zone otherwise: a carrier in Dubai listing a Delhi departure must not
// be judged by Gulf time. Pure: the clock and the zone are arguments.

import { DATE_RE, TIME_RE } from '../common';
import { DEFAULT_LOCALE, formatTime, zoneNote } from '../format';

// Building an Intl.DateTimeFormat costs far more than using one: one per zone, kept.
const formats = new Map<string, Intl.DateTimeFormat>();
function formatFor(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, f);
  }
  return f;
}

// Offsets change only at transitions, and every transition of the tz database since 1970 falls
// on a quarter hour of UTC: one offset per zone and quarter hour is exact. Search judges ~35
// listings of one date in one zone, so this turns ~70 formatToParts calls into a few.
const QUARTER_HOUR_MS = 15 * 60_000;
const MAX_CACHED_OFFSETS = 10_000;
const offsets = new Map<string, number>();

/** Offset in minutes of `timeZone` from UTC at `instantMs` (e.g. +330 for Asia/Kolkata). */
export function zoneOffsetMinutes(instantMs: number, timeZone: string): number {
  const key = `${timeZone} ${Math.floor(instantMs / QUARTER_HOUR_MS)}`;
  const cached = offsets.get(key);
  if (cached !== undefined) return cached;
  const offset = computeOffsetMinutes(instantMs, timeZone);
  if (offsets.size >= MAX_CACHED_OFFSETS) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

function computeOffsetMinutes(instantMs: number, timeZone: string): number {
  const parts = formatFor(timeZone).formatToParts(new Date(instantMs));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((asUtc - Math.floor(instantMs / 1000) * 1000) / 60_000);
}

function isValidZone(timeZone: string): boolean {
  try {
    formatFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The instant (ms since epoch) of local `date` (YYYY-MM-DD) and `time` (HH:MM) in `timeZone`.
 * Without a usable zone the runtime's local zone is used.
 */
export function departureInstant(date: string, time: string, timeZone?: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  if (!timeZone || !isValidZone(timeZone)) return new Date(y, m - 1, d, hh, mm).getTime();
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  // Two passes settle the offset across a DST change.
  let instant = wall - zoneOffsetMinutes(wall, timeZone) * 60_000;
  instant = wall - zoneOffsetMinutes(instant, timeZone) * 60_000;
  return instant;
}

export function isDepartureInFuture(date: string, time: string, nowMs: number, timeZone?: string): boolean {
  // A malformed date or time is another rule's message; this one judges only real instants.
  if (!DATE_RE.test(date) || !TIME_RE.test(time)) return true;
  return departureInstant(date, time, timeZone) > nowMs;
}

/** Today's date (YYYY-MM-DD) in `timeZone`, or in the runtime's zone without one. */
export function todayIn(nowMs: number, timeZone?: string): string {
  const opts: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
  if (timeZone && isValidZone(timeZone)) opts.timeZone = timeZone;
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', opts).format(new Date(nowMs));
}

/**
 * Whether a listing's flight has left by `serverNowMs`, judged in its origin airport's zone (from
 * `timeZoneOf`, e.g. the mirrored airports) as the server judges it (`listing/departed`). On a
 * device, pass the SERVER's time (src/data's serverNow): the device's own clock may be wrong, and
 * the server alone decides; the device only spares the user a refusal it can already see.
 */
export function hasDeparted(
  listing: { departure: string; time: string; from: string },
  serverNowMs: number,
  timeZoneOf: (airportCode: string) => string | undefined,
): boolean {
  return !isDepartureInFuture(listing.departure, listing.time, serverNowMs, timeZoneOf(listing.from));
}

/**
 * A departure's time as its airport's clock shows it (what a boarding pass says), named by the
 * airport's zone where the device's clock differs at that moment: '9:30 am' for Delhi on an
 * Indian phone, '9:30 am GST' for Dubai. Without a known zone, the time alone.
 */
export function formatDepartureTime(
  date: string,
  time: string,
  zone: string | undefined,
  deviceZone: string,
  locale = DEFAULT_LOCALE,
): string {
  const shown = formatTime(time, locale);
  if (!zone || !DATE_RE.test(date) || !TIME_RE.test(time)) return shown;
  const note = zoneNote(zone, deviceZone, departureInstant(date, time, zone), locale);
  return note ? `${shown} ${note}` : shown;
}
