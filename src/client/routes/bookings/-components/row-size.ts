// A virtual row's height: estimated from what it holds until measured, then measured from its
// ResizeObserver entry rather than by a layout forced while React commits.
import type { Virtualizer } from '@tanstack/react-virtual';
import type { Item } from './message-items';

// Row heights before a row is measured, from what it holds (px at the app's type scale): close
// estimates keep the scrollbar and the rows around the one on screen steady while rows come in.
const DAY_ROW = 36;
/** A bubble of one line: its padding, the line and the time under it. */
const BUBBLE_ROW = 63;
const TEXT_LINE = 20.6;
const REPORT_LINE = 26;
const SEEN_LINE = 18;
const NOT_SENT_LINES = 72;

/** About how many characters a line of a bubble holds at this window's width (words wrap whole). */
export function charsPerLine(): number {
  const column = Math.min(window.innerWidth || 390, 768);
  const text = column >= 640 ? (column - 48) * 0.7 - 24 : (column - 32) * 0.85 - 24;
  return Math.max(10, Math.floor(text / 8.5));
}

export function estimateOf(item: Item | undefined, perLine: number): number {
  if (!item) return BUBBLE_ROW;
  const m = item.message;
  let lines = 0;
  for (const line of m.text.split('\n')) lines += Math.max(1, Math.ceil(line.length / perLine));
  let height = BUBBLE_ROW + (lines - 1) * TEXT_LINE;
  if (item.day) height += DAY_ROW;
  if (!m.mine && m.status === 'sent') height += REPORT_LINE;
  if (item.seenHere) height += SEEN_LINE;
  if (m.mine && m.status === 'failed') height += NOT_SENT_LINES;
  return height;
}

/**
 * A row's height from its ResizeObserver entry, which comes after layout; until then the height
 * known or estimated. (The default reads offsetHeight as each row mounts, a layout forced in the
 * middle of React's commit for every batch of rows scrolled in.)
 */
export function rowHeight(
  el: Element,
  entry: ResizeObserverEntry | undefined,
  v: Virtualizer<Window, Element>,
) {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  const index = v.indexFromElement(el);
  return v.itemSizeCache.get(v.options.getItemKey(index)) ?? v.options.estimateSize(index);
}
