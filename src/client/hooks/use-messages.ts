// Messages for the screens: a thread's header and messages, and the unread counts the nav and the
// booking rows show, all live from the local mirror (so they read the same offline).
import { liveQuery, type Subscription } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useSyncExternalStore } from 'react';
import {
  type Store,
  THREAD_PAGE,
  type ThreadInfo,
  type ThreadMessage,
  threadPageStart,
  threadQuery,
  threadRangeQuery,
  type UnreadCounts,
  unreadCountsQuery,
} from '@/data';
import { useStore } from './use-store';

/** undefined while loading; null when the booking is not in my lists. */
export function useThread(bookingId: string): ThreadInfo | null | undefined {
  const store = useStore();
  return useLiveQuery(() => threadQuery(store, bookingId), [store, bookingId]);
}

/** The part of a thread a screen has read so far (useThreadWindow). */
export interface ThreadWindow {
  /** Oldest first, from the oldest page read to the newest message; undefined while loading. */
  messages: ThreadMessage[] | undefined;
  /** Whether the device has older messages of the thread than these. */
  hasOlder: boolean;
  /** Reads the next page of older messages (one page at a time; nothing when there is none). */
  loadOlder(): void;
}

/** A page of the thread: the messages from seq `from` up to `below` (Infinity: the newest page). */
interface Page {
  from: number;
  below: number;
  rows: ThreadMessage[] | undefined;
  subscription: Subscription | null;
}

type WindowState = Pick<ThreadWindow, 'messages' | 'hasOlder'>;

/**
 * A thread read a page at a time, each page a live query of its own range of seq: opening reads
 * the newest page only (a thread of thousands costs what is on screen), and loadOlder adds the
 * page before the oldest read. The newest page has no upper end, so new messages join it; the
 * others change only when one of their own rows does. Pages stay read while the screen is open.
 */
class ThreadWindowSource {
  /** Oldest first; the last one is the newest page. */
  private pages: Page[] = [];
  private more = false;
  private loading = false;
  private opening: Promise<void> | null = null;
  private active = false;
  private readonly listeners = new Set<() => void>();
  private state: WindowState = { messages: undefined, hasOlder: false };

  constructor(
    private readonly store: Store,
    private readonly bookingId: string,
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.start();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  };

  get = (): WindowState => this.state;

  loadOlder = () => {
    const oldest = this.pages[0];
    if (!this.active || this.loading || !this.more || !oldest?.rows) return;
    this.loading = true;
    threadPageStart(this.store, this.bookingId, oldest.from).then(
      (start) => {
        this.more = start.more;
        this.add({ from: start.from, below: oldest.from, rows: undefined, subscription: null });
      },
      () => {
        this.loading = false;
      },
    );
  };

  private start() {
    this.active = true;
    for (const page of this.pages) this.watch(page);
    if (this.pages.length === 0) this.open();
  }

  private open() {
    if (this.opening) return;
    this.opening = threadPageStart(this.store, this.bookingId)
      .then((start) => {
        this.more = start.more;
        this.add({ from: start.from, below: Number.POSITIVE_INFINITY, rows: undefined, subscription: null });
      })
      .catch(() => undefined)
      .finally(() => {
        this.opening = null;
      });
  }

  /**
   * The newest page opened on less than a page (so from the first message) that grew past two at
   * once: the first pull landing after the screen opened. It is read again as the newest page.
   */
  private outgrown(page: Page, rows: readonly ThreadMessage[]): boolean {
    return (
      page.from === 1 &&
      page.below === Number.POSITIVE_INFINITY &&
      this.pages.length === 1 &&
      rows.length > 2 * THREAD_PAGE
    );
  }

  private reopen() {
    this.stop();
    this.pages = [];
    this.active = true;
    this.open();
  }

  private stop() {
    this.active = false;
    for (const page of this.pages) {
      page.subscription?.unsubscribe();
      page.subscription = null;
    }
  }

  private add(page: Page) {
    this.pages.unshift(page);
    if (this.active) this.watch(page);
  }

  private watch(page: Page) {
    if (page.subscription) return;
    const { store, bookingId } = this;
    page.subscription = liveQuery(() => threadRangeQuery(store, bookingId, page.from, page.below)).subscribe({
      next: (rows) => {
        if (this.outgrown(page, rows)) {
          this.reopen();
          return;
        }
        page.rows = rows;
        this.emit();
      },
      error: () => {
        this.loading = false;
      },
    });
  }

  /** Once every page has its rows: an older page shows whole, above the ones on screen. */
  private emit() {
    if (this.pages.some((p) => !p.rows)) return;
    this.loading = false;
    this.state = { messages: this.pages.flatMap((p) => p.rows ?? []), hasOlder: this.more };
    for (const listener of this.listeners) listener();
  }
}

/**
 * The thread oldest first, read a page at a time from the newest: `messages` is undefined while
 * the newest page loads; loadOlder (on scrolling up) adds older pages above.
 */
export function useThreadWindow(bookingId: string): ThreadWindow {
  const store = useStore();
  const source = useMemo(() => new ThreadWindowSource(store, bookingId), [store, bookingId]);
  const state = useSyncExternalStore(source.subscribe, source.get, source.get);
  return useMemo(() => ({ ...state, loadOlder: source.loadOlder }), [state, source]);
}

const NONE: UnreadCounts = { byBooking: {}, traveller: 0, carrier: 0, total: 0 };

interface Source {
  subscribe(onChange: () => void): () => void;
  get(): UnreadCounts;
}

const sources = new WeakMap<Store, Source>();

/**
 * One live query of the unread counts per store, however many components show them (the nav's
 * links, the menu button, the list rows): each reads every mirrored message of the other sides.
 */
function unreadSource(store: Store): Source {
  const known = sources.get(store);
  if (known) return known;
  const query = liveQuery(() => unreadCountsQuery(store));
  const listeners = new Set<() => void>();
  let value = NONE;
  let subscription: { unsubscribe(): void } | null = null;
  const source: Source = {
    subscribe(onChange) {
      listeners.add(onChange);
      subscription ??= query.subscribe({
        next: (counts) => {
          value = counts;
          for (const l of listeners) l();
        },
        error: () => undefined,
      });
      return () => {
        listeners.delete(onChange);
        if (listeners.size > 0) return;
        subscription?.unsubscribe();
        subscription = null;
      };
    },
    get: () => value,
  };
  sources.set(store, source);
  return source;
}

/** Unread messages per booking and per side; all zero while loading. */
export function useUnreadCounts(): UnreadCounts {
  const source = unreadSource(useStore());
  return useSyncExternalStore(source.subscribe, source.get, source.get);
}
