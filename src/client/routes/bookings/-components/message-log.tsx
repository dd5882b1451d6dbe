// The messages of a thread, oldest first with the newest at the bottom, a separator for each day
// (the device's time zone). Each of mine says how it stands: "Sending" while queued, a tick once
// the server has it ("Sent" to screen readers), or "Not sent" with the server's reason and Retry /
// Discard; "Seen" goes under the last one the other side has read. The other side's messages can
// be reported. Past VIRTUAL_FROM messages only the rows on screen are rendered (the window
// scrolls; @tanstack/react-virtual measures each row), so a thread of thousands stays smooth.
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { Check, Clock, Flag, RotateCw, Trash2 } from 'lucide-react';
import {
  memo,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { toast } from 'sonner';
import { useStore } from '@/client/hooks/use-store';
import { Button } from '@/client/ui/button';
import { ConfirmDialog } from '@/client/ui/confirm-dialog';
import { discardEntry, reportMessage, retryEntry, type ThreadInfo, type ThreadMessage } from '@/data';
import { dayKey, dayLabel, otherNameOf, timeLabel } from './thread-text';

/** Threads longer than this render only the rows on screen. */
export const VIRTUAL_FROM = 300;

type Item =
  | { kind: 'day'; key: string; label: string }
  | { kind: 'message'; key: string; message: ThreadMessage; seenHere: boolean };

/** Messages and day separators in order; "Seen" marks the last of mine the other side has read. */
function itemsOf(messages: readonly ThreadMessage[], now: Date): Item[] {
  let lastSeen: string | null = null;
  for (const m of messages) if (m.seen) lastSeen = m.id;
  const items: Item[] = [];
  let day = '';
  for (const m of messages) {
    const at = new Date(m.sentAt);
    const key = dayKey(at);
    if (key !== day) {
      day = key;
      items.push({ kind: 'day', key: `day-${key}`, label: dayLabel(at, now) });
    }
    items.push({ kind: 'message', key: m.id, message: m, seenHere: m.id === lastSeen });
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
  if (item.kind === 'day')
    return (
      <div className="flex justify-center px-4 py-2">
        <p className="rounded-full bg-slate-100 px-3 py-0.5 text-xs font-medium text-slate-700">
          {item.label}
        </p>
      </div>
    );
  return <Bubble m={item.message} seenHere={item.seenHere} actions={actions} />;
}

/** Whether the bottom of the page is (nearly) in view: new messages then keep it in view. */
function nearBottom(): boolean {
  const doc = document.documentElement;
  return window.innerHeight + window.scrollY >= doc.scrollHeight - 160;
}

/**
 * Keeps the newest message in view: on opening, when one arrives while the bottom is in view,
 * when I send one, when the on-screen keyboard shrinks the viewport, and when the page's height
 * changes while the bottom is in view.
 */
function useStickToBottom(
  messages: readonly ThreadMessage[] | undefined,
  toEnd: () => void,
  isAtBottom: () => boolean = nearBottom,
) {
  const atBottom = useRef(true);
  const opened = useRef(false);
  const count = messages?.length ?? 0;
  const last = messages?.at(-1);
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
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a message is added
  useLayoutEffect(() => {
    if (count === 0) return;
    if (!opened.current || atBottom.current || mineSending) toEnd();
    opened.current = true;
  }, [count, mineSending]);
}

/**
 * What screen readers hear of a long thread: its rows come and go as it scrolls, so the visible
 * list is not a live region; new messages of the other side are repeated in a hidden log.
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
    const fresh = messages.filter((m) => !seen.has(m.id));
    for (const m of fresh) seen.add(m.id);
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

function VirtualLog({
  items,
  messages,
  actions,
}: {
  items: Item[];
  messages: ThreadMessage[];
  actions: Actions;
}) {
  const list = useRef<HTMLDivElement>(null);
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    const top = list.current?.getBoundingClientRect().top ?? 0;
    setMargin(top + window.scrollY);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: (i) => (items[i]?.kind === 'day' ? 36 : 68),
    overscan: 8,
    scrollMargin: margin,
    getItemKey: (i) => items[i]?.key ?? i,
  });
  const last = items.length - 1;
  const toEnd = useCallback(() => virtualizer.scrollToIndex(last, { align: 'end' }), [virtualizer, last]);
  // From the virtualizer's own range: reading the page's height would force a layout per frame.
  const isAtBottom = useCallback(() => (virtualizer.range?.endIndex ?? 0) >= last - 1, [virtualizer, last]);
  useStickToBottom(messages, toEnd, isAtBottom);
  const arrivals = useArrivals(messages);
  return (
    <>
      <LogFrame live={false}>
        <div ref={list} className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((row) => {
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

export function MessageLog({ info, messages }: { info: ThreadInfo; messages: ThreadMessage[] | undefined }) {
  const store = useStore();
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
  else if (messages.length > VIRTUAL_FROM)
    return (
      <>
        <VirtualLog items={items} messages={messages} actions={actions} />
        {reporting ? <ReportDialog busy={busy} onConfirm={confirmReport} onCancel={closeReport} /> : null}
      </>
    );
  else
    return (
      <>
        <PlainLog items={items} messages={messages} actions={actions} />
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
