// Messages for the screens: a thread's header and messages, and the unread counts the nav and the
// booking rows show, all live from the local mirror (so they read the same offline).
import { liveQuery } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import {
  type Store,
  type ThreadInfo,
  type ThreadMessage,
  threadMessagesQuery,
  threadQuery,
  type UnreadCounts,
  unreadCountsQuery,
} from '@/data';
import { useStore } from './use-store';

/** undefined while loading; null when the booking is not in my lists. */
export function useThread(bookingId: string): ThreadInfo | null | undefined {
  const store = useStore();
  return useLiveQuery(() => threadQuery(store, bookingId), [store, bookingId]);
}

/** The thread oldest first; undefined while loading. */
export function useThreadMessages(bookingId: string): ThreadMessage[] | undefined {
  const store = useStore();
  return useLiveQuery(() => threadMessagesQuery(store, bookingId), [store, bookingId]);
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
