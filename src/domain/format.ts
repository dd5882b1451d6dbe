// Display formatting: rupees with Indian digit grouping, KG, en-GB day + short month, 12-hour time.

/** A formatter built on its first use: building Intl formatters loads locale data, tens of
 * milliseconds on a slow phone, which a screen that formats nothing should not pay while loading. */
function lazy<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

const rupees = lazy(
  () => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }),
);
const rupeesPaise = lazy(
  () => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }),
);
const dayMonth = lazy(
  () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }),
);
const dayMonthYear = lazy(
  () =>
    new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
);

/** 123456 -> '₹1,23,456'; 1999.5 -> '₹1,999.50' (paise only when there are some). The one money
 * formatter: every screen, mail and receipt shows rupees through it. */
export function formatPrice(amount: number): string {
  // NaN: a price the device does not know (a booking queued by an older release, upgraded).
  if (!Number.isFinite(amount)) return 'Price unknown';
  const paise = Math.round(amount * 100);
  return paise % 100 === 0 ? rupees().format(paise / 100) : rupeesPaise().format(paise / 100);
}

/** '₹500 per KG × 4 KG = ₹2,000': how a booking's total is made. */
export function formatPriceSum(pricePerKg: number, kg: number, total: number): string {
  return `${formatPrice(pricePerKg)} per KG × ${formatWeight(kg)} = ${formatPrice(total)}`;
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
export function formatDayMonth(date: string): string {
  return dayMonth().format(utcDate(date));
}

/** '2026-11-21' -> '21 Nov 2026'. */
export function formatFullDate(date: string): string {
  return dayMonthYear().format(utcDate(date));
}

/** '14:05' -> '2:05 PM'; '00:30' -> '12:30 AM'. */
export function formatTime12(time: string): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const suffix = h < 12 ? 'AM' : 'PM';
  return `${h % 12 || 12}:${String(m).padStart(2, '0')} ${suffix}`;
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
export function formatAsOf(atMs: number, nowMs: number, timeZone?: string): string {
  const zone = timeZone ? { timeZone } : {};
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...zone,
  });
  const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', ...zone });
  const sameDay = day.format(atMs) === day.format(nowMs);
  return `as of ${sameDay ? '' : `${day.format(atMs)}, `}${time.format(atMs)}`;
}
