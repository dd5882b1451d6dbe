// Display formatting: rupees with Indian digit grouping, KG, and dates and times in the user's
// language's locale (en-IN or hi-IN, passed in): day + short month, one time format everywhere.

/** Rupee formatters per locale and style (whole rupees, or with paise), each built on its first use:
 * building Intl formatters loads locale data, tens of milliseconds on a slow phone, which a screen
 * that formats nothing should not pay while loading. */
const money = new Map<string, Intl.NumberFormat>();
function rupees(locale: string, paise: boolean): Intl.NumberFormat {
  const key = `${locale}|${paise}`;
  let f = money.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'INR',
      ...(paise ? { minimumFractionDigits: 2 } : { maximumFractionDigits: 0 }),
    });
    money.set(key, f);
  }
  return f;
}

/** The locale dates and times are shown in when the device names none (Carry's users are in India). */
export const DEFAULT_LOCALE = 'en-IN';

/** Formatters per locale and style, each built once on first use. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function dateTime(locale: string, style: string, opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${style}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, opts);
    formatters.set(key, f);
  }
  return f;
}

/** 123456 -> '₹1,23,456'; 1999.5 -> '₹1,999.50' (paise only when there are some), Indian grouping
 * in en-IN and hi-IN alike. The one money formatter: every screen, mail and receipt shows rupees
 * through it (the client passes the active language's locale, src/client/locale.ts LOCALE). */
export function formatPrice(amount: number, locale = DEFAULT_LOCALE): string {
  // NaN: a price the device does not know (a booking queued by an older release, upgraded).
  if (!Number.isFinite(amount)) return 'Price unknown';
  const paise = Math.round(amount * 100);
  return paise % 100 === 0
    ? rupees(locale, false).format(paise / 100)
    : rupees(locale, true).format(paise / 100);
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** How long ago (or until) `atMs` is from `nowMs`, in the locale's words: '2 hours ago',
 * '2 घंटे पहले', 'in 3 days'; under a minute: 'now' ('अब'). */
export function formatRelative(atMs: number, nowMs: number, locale = DEFAULT_LOCALE): string {
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const diff = atMs - nowMs;
  for (const [unit, ms] of RELATIVE_UNITS) {
    if (Math.abs(diff) >= ms) return rtf.format(Math.trunc(diff / ms), unit);
  }
  return rtf.format(0, 'second');
}

/** The numbers of a booking's price sum, formatted; the words around them are the caller's (a
 * catalogue's `{price} per KG × {weight} = {total}`): the domain speaks no language. */
export interface PriceSumParts {
  price: string;
  weight: string;
  total: string;
}

export function priceSumParts(
  pricePerKg: number,
  kg: number,
  total: number,
  locale = DEFAULT_LOCALE,
): PriceSumParts {
  return {
    price: formatPrice(pricePerKg, locale),
    weight: formatWeight(kg),
    total: formatPrice(total, locale),
  };
}

/** '₹500 per KG × 4 KG = ₹2,000': how a booking's total is made, in English (the server's
 * English mails and receipts; screens word priceSumParts in the user's language). */
export function formatPriceSum(pricePerKg: number, kg: number, total: number): string {
  const { price, weight, total: sum } = priceSumParts(pricePerKg, kg, total);
  return `${price} per KG × ${weight} = ${sum}`;
}

/** 7.5 -> '7.5 KG'. */
export function formatWeight(kg: number): string {
  return `${Number.isInteger(kg) ? kg : kg.toFixed(1)} KG`;
}

function utcDate(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

/** '2026-11-21' -> '21 Nov'. */
export function formatDayMonth(date: string, locale = DEFAULT_LOCALE): string {
  return dateTime(locale, 'dm', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(utcDate(date));
}

/** '2026-11-21' -> '21 Nov 2026'. */
export function formatFullDate(date: string, locale = DEFAULT_LOCALE): string {
  return dateTime(locale, 'dmy', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    utcDate(date),
  );
}

/** '2026-11-21' -> 'Sat, 21 Nov' (en-IN). */
export function formatWeekdayDayMonth(date: string, locale = DEFAULT_LOCALE): string {
  return dateTime(locale, 'wdm', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(utcDate(date));
}

/** A wall-clock time as the locale writes it: '14:05' -> '2:05 pm' (en-IN), '2:05 PM' (en-US),
 * '14:05' (en-GB). The one time format of every screen. */
export function formatTime(time: string, locale = DEFAULT_LOCALE): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return dateTime(locale, 't', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    Date.UTC(1970, 0, 1, h, m),
  );
}

/** An instant as the locale writes a time, in `timeZone` (the device's when absent). */
export function formatInstantTime(atMs: number, locale = DEFAULT_LOCALE, timeZone?: string): string {
  return dateTime(locale, `it|${timeZone ?? ''}`, {
    hour: 'numeric',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  }).format(atMs);
}

/**
 * The short name of an airport's time zone ('GST', 'GMT+4') when its clock differs from the
 * device's at `atMs`, else '': a departure at 9:30 in Dubai reads '9:30 am GMT+4' on an Indian phone.
 */
export function zoneNote(
  zone: string | undefined,
  deviceZone: string,
  atMs: number,
  locale = DEFAULT_LOCALE,
): string {
  if (!zone || zone === deviceZone) return '';
  const at = (z: string) =>
    dateTime(locale, `z|${z}`, { timeZone: z, hour: 'numeric', minute: 'numeric', hourCycle: 'h23' }).format(
      atMs,
    );
  try {
    if (at(zone) === at(deviceZone)) return '';
    const parts = dateTime(locale, `zn|${zone}`, { timeZone: zone, timeZoneName: 'short' }).formatToParts(
      atMs,
    );
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? zone;
  } catch {
    return '';
  }
}

/** First letter of a name for an avatar, '?' when there is none. */
export function initial(name: string | null | undefined): string {
  const c = name?.trim().charAt(0);
  return c ? c.toUpperCase() : '?';
}

/**
 * When a local answer was last confirmed by the server, in the device's zone (or `timeZone`):
 * 'as of 14:05' the same day, 'as of 22 Nov, 14:05' another day.
 */
export function formatAsOf(atMs: number, nowMs: number, timeZone?: string, locale = DEFAULT_LOCALE): string {
  const { day, time } = asOfParts(atMs, nowMs, timeZone, locale);
  return `as of ${day ? `${day}, ` : ''}${time}`;
}

/** formatAsOf's parts, for a catalogue to word ('as of {time}', 'as of {day}, {time}'): the day
 * is null on the same day. */
export function asOfParts(
  atMs: number,
  nowMs: number,
  timeZone?: string,
  locale = DEFAULT_LOCALE,
): { day: string | null; time: string } {
  const zone = timeZone ? { timeZone } : {};
  const day = dateTime(locale, `asof|${timeZone ?? ''}`, { day: 'numeric', month: 'short', ...zone });
  const sameDay = day.format(atMs) === day.format(nowMs);
  return { day: sameDay ? null : day.format(atMs), time: formatInstantTime(atMs, locale, timeZone) };
}
