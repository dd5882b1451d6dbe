// The log of a long thread: only the rows on screen are rendered (the window scrolls;
// @tanstack/react-virtual measures each row, anchored to the end like a chat), older pages are
// read in as it scrolls up, and new messages of the other side are repeated in a hidden log.
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useMemo, useRef } from 'react';
import type { ThreadWindow } from '@/client/hooks/use-messages';
import { useT } from '@/client/i18n/i18n';
import type { ThreadMessage } from '@/data';
import { type Actions, Row } from './message-bubble';
import type { Item } from './message-items';
import { LogFrame } from './plain-log';
import { charsPerLine, estimateOf, rowHeight } from './row-size';
import { useStickToBottom } from './stick-to-bottom';
import { useArrivals, useListTop, useOlderPages } from './virtual-log-hooks';

/** Pixels from the end within which new messages and rows measured keep the end in view. */
const NEAR_END = 160;

export function VirtualLog({
  items,
  messages,
  thread,
  actions,
}: {
  items: Item[];
  messages: ThreadMessage[];
  thread: ThreadWindow;
  actions: Actions;
}) {
  const t = useT('people');
  const list = useRef<HTMLDivElement>(null);
  const margin = useListTop(list);
  const perLine = useMemo(charsPerLine, []);
  const estimateSize = useCallback((i: number) => estimateOf(items[i], perLine), [items, perLine]);
  const getItemKey = useCallback((i: number) => items[i]?.key ?? i, [items]);
  const virtualizer = useWindowVirtualizer<Element>({
    count: items.length,
    estimateSize,
    getItemKey,
    overscan: 8,
    scrollMargin: margin,
    // A chat: an older page read in above keeps the rows on screen where they are, and new
    // messages (and rows measured) keep the end in view while it is.
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: NEAR_END,
    measureElement: rowHeight,
  });
  const last = items.length - 1;
  const toEnd = useCallback(() => virtualizer.scrollToEnd(), [virtualizer]);
  // From the virtualizer's own range: reading the page's height would force a layout per frame.
  const isAtBottom = useCallback(() => (virtualizer.range?.endIndex ?? 0) >= last - 1, [virtualizer, last]);
  useStickToBottom(messages, toEnd, isAtBottom);
  // The rows to render, and the range they make up (after a page came in above: its anchoring).
  const rows = virtualizer.getVirtualItems();
  useOlderPages(virtualizer.range, thread, last);
  const arrivals = useArrivals(messages);
  return (
    <>
      <LogFrame live={false}>
        {/* Above the rows, not one of them: the row on screen anchors the list as a page comes in. */}
        {thread.hasOlder ? (
          <p className="px-4 py-2 text-center text-xs text-slate-600">{t('people.thread.loadingEarlier')}</p>
        ) : null}
        <div ref={list} className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {rows.map((row) => {
            const item = items[row.index];
            if (!item) return null;
            return (
              <div
                key={row.key}
                data-index={row.index}
                ref={virtualizer.measureElement}
                className="absolute top-0 left-0 w-full"
                style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
              >
                <Row item={item} actions={actions} />
              </div>
            );
          })}
        </div>
      </LogFrame>
      <div role="log" aria-live="polite" aria-label={t('people.thread.newMessages')} className="sr-only">
        {arrivals.map((m) => (
          <p key={m.id}>
            {actions.otherName}: {m.text}
          </p>
        ))}
      </div>
    </>
  );
}
