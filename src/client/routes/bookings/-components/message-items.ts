// The rows of a thread's log: each message with its day's separator over the day's first, and
// "Seen" on the last of mine the other side has read.
import type { ThreadMessage } from '@/data';
import { dayKey, dayLabel, type PeopleTranslate } from './thread-text';

/**
 * A row: a message, under its day's separator when it is the day's first. (One row, keyed by the
 * message: a separator of its own would change places when an older page of the same day comes
 * in above, and the row on screen that anchors the list with it.)
 */
export interface Item {
  key: string;
  message: ThreadMessage;
  seenHere: boolean;
  /** The separator's text ("Today") over the day's first message; null for the others. */
  day: string | null;
}

/** Messages in order with their days; "Seen" marks the last of mine the other side has read. */
export function itemsOf(messages: readonly ThreadMessage[], now: Date, t?: PeopleTranslate): Item[] {
  let lastSeen: string | null = null;
  for (const m of messages) if (m.seen) lastSeen = m.id;
  const items: Item[] = [];
  let day = '';
  for (const m of messages) {
    const at = new Date(m.sentAt);
    const key = dayKey(at);
    const first = key !== day;
    day = key;
    items.push({
      key: m.id,
      message: m,
      seenHere: m.id === lastSeen,
      day: first ? dayLabel(at, now, t) : null,
    });
  }
  return items;
}
