// While a thread is on screen (visible, online), the server is told so and told again every
// THREAD_VIEW_RENEW_MS; leaving the thread or hiding the page ends it. Meanwhile the other side's
// messages here send this user no push (docs/api.md, Notifications). Offline no timer runs: the
// server's view lapses by itself, and coming back online starts it again.
import { useEffect } from 'react';
import { useStore } from '@/client/hooks/use-store';
import { leaveThread, viewThread } from '@/data';
import { THREAD_VIEW_RENEW_MS } from '@/domain/message/notice';

export function useThreadView(bookingId: string) {
  const store = useStore();
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    let told = false;
    const tell = () => void viewThread(store, bookingId).catch(() => undefined);
    const start = () => {
      if (document.visibilityState === 'hidden' || !navigator.onLine || timer !== undefined) return;
      told = true;
      tell();
      timer = setInterval(tell, THREAD_VIEW_RENEW_MS);
    };
    const pause = () => {
      clearInterval(timer);
      timer = undefined;
    };
    const stop = () => {
      pause();
      if (told && navigator.onLine) void leaveThread(store, bookingId).catch(() => undefined);
      told = false;
    };
    const onVisibility = () => (document.visibilityState === 'hidden' ? stop() : start());
    start();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('online', start);
    window.addEventListener('offline', pause);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', start);
      window.removeEventListener('offline', pause);
      stop();
    };
  }, [store, bookingId]);
}
