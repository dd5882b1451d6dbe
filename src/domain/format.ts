// Display formatting: rupees with Indian digit grouping, KG, en-GB day + short month, 12-hour time.

const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});
const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayMonthYear = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 123456 -> '₹1,23,456'. */
export function formatPrice(amount: number): string {
  // NaN: a price the device does not know (a booking queued by an older release, upgraded).
  return Number.isFinite(amount) ? rupees.format(amount) : 'Price unknown';
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
  return dayMonth.format(utcDate(date));
}

/** '2026-11-21' -> '21 Nov 2026'. */
export function formatFullDate(date: string): string {
  return dayMonthYear.format(utcDate(date));
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
