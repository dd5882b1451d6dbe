// Keeping the newest message of a thread in view as messages arrive, are sent, and the page or
// the on-screen keyboard changes size; both logs (plain and virtual) use it.
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { ThreadMessage } from '@/data';

/** Whether the bottom of the page is (nearly) in view: new messages then keep it in view. */
function nearBottom(): boolean {
  const doc = document.documentElement;
  return window.innerHeight + window.scrollY >= doc.scrollHeight - 160;
}

/**
 * Keeps the newest message in view: on opening, when one arrives while the bottom is in view,
 * when I send one, when the on-screen keyboard shrinks the viewport, and when the page's height
 * changes while the bottom is in view. Older messages read in above change nothing.
 */
export function useStickToBottom(
  messages: readonly ThreadMessage[] | undefined,
  toEnd: () => void,
  isAtBottom: () => boolean = nearBottom,
) {
  const atBottom = useRef(true);
  const opened = useRef(false);
  const last = messages?.at(-1);
  const lastId = last?.id;
  const mineSending = last?.mine === true && last.status === 'sending';
  useEffect(() => {
    // Read once a frame, not in the event: reading the page's height in a scroll event forces a
    // layout while the list is changing under it (the largest cost of scrolling a long thread).
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        atBottom.current = isAtBottom();
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    const viewport = window.visualViewport;
    const onResize = () => {
      if (atBottom.current) toEnd();
    };
    viewport?.addEventListener('resize', onResize);
    // The page growing above or below (the sync line, a row measured) keeps the newest in view.
    const grown = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(onResize);
    grown?.observe(document.body);
    return () => {
      grown?.disconnect();
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      viewport?.removeEventListener('resize', onResize);
    };
  }, [toEnd, isAtBottom]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a newest message is added
  useLayoutEffect(() => {
    if (!lastId) return;
    if (!opened.current || atBottom.current || mineSending) toEnd();
    opened.current = true;
  }, [lastId, mineSending]);
}
