// Words and times of a thread: the other side's name, the day separators and message times, all
// in the device's time zone and the active language (LOCALE, read at each call: a switch of
// language re-renders the log in the new one).
import { type AreaKeys, t as activeT, type MessageKey, type Translate } from '@/client/i18n/i18n';
import { LOCALE } from '@/client/locale';
import type { ThreadInfo } from '@/data';

/** `t` of a component of this area (useT('people')), or the active language's outside React. */
export type PeopleTranslate = Translate<MessageKey | AreaKeys['people']>;

/** The other side's name as my list shows it. */
export function otherNameOf(info: ThreadInfo, t: PeopleTranslate = activeT): string {
  return info.side === 'carrier'
    ? info.booking.name
    : info.booking.carrierName || t('people.thread.yourCarrier');
}

/** The device's calendar day of an instant, as a key ("2026-11-23"). */
export function dayKey(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

// Formatters made once per language: toLocale*String builds a new one on every call.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(style: 'day' | 'time'): Intl.DateTimeFormat {
  const key = `${LOCALE}|${style}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(
      LOCALE,
      style === 'day'
        ? { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }
        : { hour: 'numeric', minute: '2-digit' },
    );
    formatters.set(key, f);
  }
  return f;
}

/** "Today", "Yesterday", else "Mon 23 Nov 2026": the day separator's text. */
export function dayLabel(date: Date, now: Date, t: PeopleTranslate = activeT): string {
  if (dayKey(date) === dayKey(now)) return t('people.thread.today');
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (dayKey(date) === dayKey(yesterday)) return t('people.thread.yesterday');
  return formatter('day').format(date);
}

/** "1:30 pm" in the device's time zone. */
export function timeLabel(date: Date): string {
  return formatter('time').format(date);
}
