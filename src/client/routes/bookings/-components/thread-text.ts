// Words and times of a thread: the other side's name, the day separators and message times, all
// in the device's time zone.
import { LOCALE } from '@/client/locale';
import type { ThreadInfo } from '@/data';

/** The other side's name as my list shows it. */
export function otherNameOf(info: ThreadInfo): string {
  return info.side === 'carrier' ? info.booking.name : info.booking.carrierName || 'Your carrier';
}

/** The device's calendar day of an instant, as a key ("2026-11-23"). */
export function dayKey(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

// Formatters made once: toLocale*String builds a new one on every call.
const DAY = new Intl.DateTimeFormat(LOCALE, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const TIME = new Intl.DateTimeFormat(LOCALE, { hour: 'numeric', minute: '2-digit' });

/** "Today", "Yesterday", else "Mon 23 Nov 2026": the day separator's text. */
export function dayLabel(date: Date, now: Date): string {
  if (dayKey(date) === dayKey(now)) return 'Today';
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (dayKey(date) === dayKey(yesterday)) return 'Yesterday';
  return DAY.format(date);
}

/** "1:30 pm" in the device's time zone. */
export function timeLabel(date: Date): string {
  return TIME.format(date);
}
