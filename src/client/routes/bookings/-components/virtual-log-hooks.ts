// What the virtual log of a long thread keeps track of besides its rows: where the list starts in
// the page, when to read the next older page, and the other side's new messages for screen readers.
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ThreadWindow } from '@/client/hooks/use-messages';
import type { ThreadMessage } from '@/data';

/** The list's top in the page (the virtualizer's scrollMargin), again when the page changes size. */
export function useListTop(list: RefObject<HTMLElement | null>): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const el = list.current;
      if (el) setTop(el.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    // The sync line above the thread comes and goes.
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [list]);
  return top;
}

/** Rows above the first one rendered at which the next older page is read. */
const LOAD_AHEAD = 40;

/**
 * Reads the next older page once the rows rendered come within LOAD_AHEAD of the oldest read;
 * not before the log has been at its end, where it opens.
 */
export function useOlderPages(
  range: { startIndex: number; endIndex: number } | null,
  thread: ThreadWindow,
  last: number,
) {
  const opened = useRef(false);
  useEffect(() => {
    if (!range) return;
    if (range.endIndex >= last - 1) opened.current = true;
    if (opened.current && thread.hasOlder && range.startIndex < LOAD_AHEAD) thread.loadOlder();
  });
}
/**
 * What screen readers hear of a long thread: its rows come and go as it scrolls, so the visible
 * list is not a live region; new messages of the other side are repeated in a hidden log. Only
 * messages after the newest one known are new: older pages read in on scrolling up are not.
 */
export function useArrivals(messages: readonly ThreadMessage[] | undefined): ThreadMessage[] {
  const known = useRef<Set<string> | null>(null);
  const [arrivals, setArrivals] = useState<ThreadMessage[]>([]);
  useEffect(() => {
    if (!messages) return;
    if (!known.current) {
      known.current = new Set(messages.map((m) => m.id));
      return;
    }
    const seen = known.current;
    let newest = messages.length - 1;
    while (newest >= 0 && !seen.has(messages[newest]?.id ?? '')) newest -= 1;
    const fresh = messages.slice(newest + 1).filter((m) => !seen.has(m.id));
    for (const m of messages) seen.add(m.id);
    const theirs = fresh.filter((m) => !m.mine);
    if (theirs.length) setArrivals((a) => [...a, ...theirs].slice(-5));
  }, [messages]);
  return arrivals;
}
