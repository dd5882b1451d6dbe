// The conversation of one booking, phone first: the booking's flight and status on top, the
// messages oldest to newest with the newest at the bottom, and the composer stuck to the bottom of
// the screen (above the on-screen keyboard: the viewport resizes with it, see index.html). Opening
// the thread, and every message of the other side arriving while it is on screen, marks it read
// (and the server knows it is on screen: no push for it meanwhile).
import { Link } from '@tanstack/react-router';
import { MessageSquareOff } from 'lucide-react';
import { useCallback, useEffect } from 'react';
import { usePulled } from '@/client/hooks/use-collection';
import { useThread, useThreadWindow } from '@/client/hooks/use-messages';
import { useStore } from '@/client/hooks/use-store';
import { useT } from '@/client/i18n/i18n';
import type { Pulled } from '@/client/pull-on-open';
import { buttonClass } from '@/client/ui/button';
import { EmptyState } from '@/client/ui/empty-state';
import { Spinner } from '@/client/ui/spinner';
import { markThreadRead } from '@/data';
import { Composer } from './composer';
import { MessageLog } from './message-log';
import { ThreadHeader } from './thread-header';
import { useThreadView } from './use-thread-view';

/** Marks the thread read while it is on screen: at once, on each new unread message, on return. */
function useMarkRead(bookingId: string, unread: number | undefined) {
  const store = useStore();
  const mark = useCallback(() => {
    if (document.visibilityState === 'hidden') return;
    markThreadRead(store, bookingId).catch(() => undefined);
  }, [store, bookingId]);
  useEffect(() => {
    if (unread) mark();
  }, [unread, mark]);
  useEffect(() => {
    const onVisible = () => {
      if (unread) mark();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [unread, mark]);
  return mark;
}

export function ThreadScreen({ bookingId, pulled }: { bookingId: string; pulled: Pulled }) {
  const t = useT('people');
  const info = useThread(bookingId);
  // The newest page of the thread (read beside the booking), and older pages as the log scrolls up.
  const thread = useThreadWindow(bookingId);
  // The route's pull on opening (messages come with the bookings); the mirror shows meanwhile.
  const { running } = usePulled(pulled);
  const markRead = useMarkRead(bookingId, info?.unread);
  // No push for this thread's messages while it is on screen.
  useThreadView(bookingId);

  if (info === undefined || (info === null && running)) return <Spinner label={t('people.thread.loading')} />;
  if (info === null) return <NoThread bookingId={bookingId} />;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col">
      <ThreadHeader info={info} />
      <MessageLog info={info} thread={thread} />
      {info.writable ? (
        <Composer bookingId={bookingId} onSent={markRead} />
      ) : (
        <p className="sticky bottom-0 border-t border-slate-200 bg-slate-50 px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] text-sm text-slate-700">
          {t('people.thread.closed')}
        </p>
      )}
    </div>
  );
}

function NoThread({ bookingId }: { bookingId: string }) {
  const t = useT('people');
  const local = bookingId.startsWith('local-');
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <h1 className="sr-only">{t('people.thread.heading')}</h1>
      <EmptyState
        icon={<MessageSquareOff className="size-10" />}
        title={local ? t('people.thread.notOnServer') : t('people.thread.notOnDevice')}
      >
        <p>{t('people.thread.onlyParties')}</p>
        <Link to="/mybookings" className={buttonClass('secondary', 'mt-3')}>
          {t('people.thread.backToBookings')}
        </Link>
      </EmptyState>
    </div>
  );
}
