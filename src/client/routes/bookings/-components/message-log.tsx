// The messages of a thread, oldest first with the newest at the bottom, a separator for each day
// (the device's time zone). Each of mine says how it stands: "Sending" while queued, a tick once
// the server has it ("Sent" to screen readers), or "Not sent" with the server's reason and Retry /
// Discard; "Seen" goes under the last one the other side has read. The other side's messages can
// be reported. A long thread (past VIRTUAL_FROM messages, or more than the newest page the screen
// reads first) renders only the rows on screen (the window scrolls; @tanstack/react-virtual
// measures each row, anchored to the end like a chat) and reads older pages as it scrolls up, so a
// thread of thousands opens and scrolls at the cost of what is on screen.
import { useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { Check, Clock, Flag, RotateCw, Trash2 } from 'lucide-react';
import {
  memo,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { toast } from 'sonner';
import type { ThreadWindow } from '@/client/hooks/use-messages';
import { useStore } from '@/client/hooks/use-store';
import { Button } from '@/client/ui/button';
import { ConfirmDialog } from '@/client/ui/confirm-dialog';
import { discardEntry, reportMessage, retryEntry, type ThreadInfo, type ThreadMessage } from '@/data';
import { dayKey, dayLabel, otherNameOf, timeLabel } from './thread-text';

/** Threads longer than this render only the rows on screen. */
export const VIRTUAL_FROM = 300;

/**
 * A row: a message, under its day's separator when it is the day's first. (One row, keyed by the
 * message: a separator of its own would change places when an older page of the same day comes
 * in above, and the row on screen that anchors the list with it.)
 */
interface Item {
  key: string;
  message: ThreadMessage;
  seenHere: boolean;
  /** The separator's text ("Today") over the day's first message; null for the others. */
  day: string | null;
}

/** Messages in order with their days; "Seen" marks the last of mine the other side has read. */
function itemsOf(messages: readonly ThreadMessage[], now: Date): Item[] {
  let lastSeen: string | null = null;
  for (const m of messages) if (m.seen) lastSeen = m.id;
  const items: Item[] = [];
  let day = '';
  for (const m of messages) {
    const at = new Date(m.sentAt);
    const key = dayKey(at);
    const first = key !== day;
    day = key;
    items.push({ key: m.id, message: m, seenHere: m.id === lastSeen, day: first ? dayLabel(at, now) : null });
  }
  return items;
}

interface Actions {
  otherName: string;
  onRetry(key: string): void;
  onDiscard(key: string): void;
  onReport(message: ThreadMessage): void;
}

function OwnStatus({ m }: { m: ThreadMessage }) {
  if (m.status === 'sending')
    return (
      <span className="inline-flex items-center gap-1">
        <Clock aria-hidden="true" className="size-3.5" /> Sending
      </span>
    );
  if (m.status === 'sent')
    return (
      <span className="inline-flex items-center">
        <Check aria-hidden="true" className="size-3.5" />
        <span className="sr-only">Sent</span>
      </span>
    );
  return null;
}

const Bubble = memo(function Bubble({
  m,
  seenHere,
  actions,
}: {
  m: ThreadMessage;
  seenHere: boolean;
  actions: Actions;
}) {
  const at = new Date(m.sentAt);
  const failed = m.mine && m.status === 'failed';
  const tone = failed
    ? 'bg-red-50 text-slate-900 ring-1 ring-red-300'
    : m.mine
      ? 'bg-brand-700 text-white'
      : 'bg-white text-slate-900 ring-1 ring-slate-200';
  return (
    <div className={`flex flex-col px-4 py-1 sm:px-6 ${m.mine ? 'items-end' : 'items-start'}`}>
      <div className={`max-w-[85%] rounded-2xl px-3 py-2 shadow-sm sm:max-w-[70%] ${tone}`}>
        <span className="sr-only">{m.mine ? 'You' : actions.otherName}: </span>
        <p className="whitespace-pre-wrap break-words text-[0.9375rem] leading-snug">{m.text}</p>
        <p
          className={`mt-0.5 flex items-center justify-end gap-1.5 text-xs ${m.mine && !failed ? 'text-brand-50' : 'text-slate-600'}`}
        >
          <time dateTime={m.sentAt}>{timeLabel(at)}</time>
          {m.mine ? <OwnStatus m={m} /> : null}
        </p>
      </div>
      {failed ? (
        <div className="mt-1 flex max-w-[85%] flex-col items-end gap-1 text-sm sm:max-w-[70%]">
          <p className="text-right font-medium text-red-700">
            Not sent: {m.error || 'The server refused this message.'}
          </p>
          {m.outboxKey ? (
            <div className="flex gap-2">
              <Button
                variant="secondary"
                className="min-h-8 px-3"
                onClick={() => m.outboxKey && actions.onRetry(m.outboxKey)}
              >
                <RotateCw aria-hidden="true" className="size-3.5" /> Retry
              </Button>
              <Button
                variant="danger"
                className="min-h-8 px-3"
                onClick={() => m.outboxKey && actions.onDiscard(m.outboxKey)}
              >
                <Trash2 aria-hidden="true" className="size-3.5" /> Discard
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
      {seenHere ? <p className="mt-0.5 text-xs font-medium text-slate-600">Seen</p> : null}
      {!m.mine && m.status === 'sent' ? (
        <button
          type="button"
          onClick={() => actions.onReport(m)}
          className="mt-0.5 inline-flex min-h-6 items-center gap-1 rounded px-1 text-xs text-slate-600 hover:text-red-700 hover:underline"
        >
          <Flag aria-hidden="true" className="size-3" /> Report<span className="sr-only"> this message</span>
        </button>
      ) : null}
    </div>
  );
});

function Row({ item, actions }: { item: Item; actions: Actions }) {
  return (
    <>
      {item.day ? (
        <div className="flex justify-center px-4 py-2">
          <p className="rounded-full bg-slate-100 px-3 py-0.5 text-xs font-medium text-slate-700">
            {item.day}
          </p>
        </div>
      ) : null}
      <Bubble m={item.message} seenHere={item.seenHere} actions={actions} />
    </>
  );
}

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
function useStickToBottom(
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

/**
 * What screen readers hear of a long thread: its rows come and go as it scrolls, so the visible
 * list is not a live region; new messages of the other side are repeated in a hidden log. Only
 * messages after the newest one known are new: older pages read in on scrolling up are not.
 */
function useArrivals(messages: readonly ThreadMessage[] | undefined): ThreadMessage[] {
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

function LogFrame({ children, live }: { children: ReactNode; live: boolean }) {
  return (
    <div
      role="log"
      aria-live={live ? 'polite' : 'off'}
      aria-label="Messages"
      className="flex flex-1 flex-col justify-end bg-slate-50 py-2"
    >
      {children}
    </div>
  );
}

function PlainLog({
  items,
  messages,
  actions,
}: {
  items: Item[];
  messages: ThreadMessage[];
  actions: Actions;
}) {
  const toEnd = useCallback(() => window.scrollTo?.({ top: document.documentElement.scrollHeight }), []);
  useStickToBottom(messages, toEnd);
  return (
    <LogFrame live>
      {items.map((item) => (
        <Row key={item.key} item={item} actions={actions} />
      ))}
    </LogFrame>
  );
}

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
function charsPerLine(): number {
  const column = Math.min(window.innerWidth || 390, 768);
  const text = column >= 640 ? (column - 48) * 0.7 - 24 : (column - 32) * 0.85 - 24;
  return Math.max(10, Math.floor(text / 8.5));
}

function estimateOf(item: Item | undefined, perLine: number): number {
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
function rowHeight(el: Element, entry: ResizeObserverEntry | undefined, v: Virtualizer<Window, Element>) {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  const index = v.indexFromElement(el);
  return v.itemSizeCache.get(v.options.getItemKey(index)) ?? v.options.estimateSize(index);
}

/** The list's top in the page (the virtualizer's scrollMargin), again when the page changes size. */
function useListTop(list: RefObject<HTMLElement | null>): number {
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
/** Pixels from the end within which new messages and rows measured keep the end in view. */
const NEAR_END = 160;

/**
 * Reads the next older page once the rows rendered come within LOAD_AHEAD of the oldest read;
 * not before the log has been at its end, where it opens.
 */
function useOlderPages(
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

function VirtualLog({
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
          <p className="px-4 py-2 text-center text-xs text-slate-600">Loading earlier messages...</p>
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
      <div role="log" aria-live="polite" aria-label="New messages" className="sr-only">
        {arrivals.map((m) => (
          <p key={m.id}>
            {actions.otherName}: {m.text}
          </p>
        ))}
      </div>
    </>
  );
}

export function MessageLog({ info, thread }: { info: ThreadInfo; thread: ThreadWindow }) {
  const store = useStore();
  const { messages, hasOlder } = thread;
  const otherName = otherNameOf(info);
  const [reporting, setReporting] = useState<ThreadMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const actions = useMemo<Actions>(
    () => ({
      otherName,
      onRetry: (key) => void retryEntry(store, key),
      onDiscard: (key) => {
        void discardEntry(store, key).then(() => toast.success('Message discarded'));
      },
      onReport: setReporting,
    }),
    [store, otherName],
  );
  // Day labels ("Today") are worked out when the thread changes, which is often enough.
  const items = useMemo(() => itemsOf(messages ?? [], new Date()), [messages]);
  const closeReport = useCallback(() => setReporting(null), []);
  // Long once, long for good: reading the last older page does not swap the list under the reader.
  const [long, setLong] = useState(false);
  if (!long && messages && (hasOlder || messages.length > VIRTUAL_FROM)) setLong(true);

  const confirmReport = async () => {
    if (!reporting) return;
    setBusy(true);
    const result = await reportMessage(store, reporting.id).catch(() => null);
    setBusy(false);
    setReporting(null);
    if (result?.ok) toast.success('Message reported. Our team will review it.');
    else toast.error('Could not report this message. Please try again.');
  };

  let body: ReactNode;
  if (!messages) body = <p className="px-4 py-8 text-center text-sm text-slate-600">Loading messages</p>;
  else if (messages.length === 0)
    body = (
      <p className="px-4 py-8 text-center text-sm text-slate-600">
        No messages yet. Say hello to {otherName} and agree where to meet.
      </p>
    );
  else
    return (
      <>
        {long || hasOlder || messages.length > VIRTUAL_FROM ? (
          <VirtualLog items={items} messages={messages} thread={thread} actions={actions} />
        ) : (
          <PlainLog items={items} messages={messages} actions={actions} />
        )}
        {reporting ? <ReportDialog busy={busy} onConfirm={confirmReport} onCancel={closeReport} /> : null}
      </>
    );
  return <LogFrame live>{body}</LogFrame>;
}

function ReportDialog(props: { busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <ConfirmDialog
      title="Report this message?"
      description="Our team will review it with this conversation. The other person is not told."
      confirmLabel="Report"
      cancelLabel="Cancel"
      busy={props.busy}
      busyLabel="Reporting..."
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
    />
  );
}
