// Page-side triggers for the replayer and the mirrors: start, `online`, the tab becoming
// visible, each enqueue (store.wake) and the earliest backoff deadline.
import { flushAnalytics } from './analytics';
import { refreshCarrierOrders, refreshMyBookings } from './bookings';
import { refreshMyListings } from './listings';
import { clearBackoff, orderedEntries } from './outbox';
import { refreshProfile } from './profile';
import { replayOutbox } from './replay';
import { runtime } from './runtime';
import { loadSession } from './session';
import type { Store } from './store';

/** Refreshes every mirror of the signed-in user; failures are left for the next trigger. */
export async function refreshAll(store: Store): Promise<void> {
  if (!(await loadSession(store))) return;
  await Promise.allSettled([
    refreshMyListings(store),
    refreshMyBookings(store),
    refreshCarrierOrders(store),
    refreshProfile(store),
  ]);
}

/** Starts the page's sync loop; returns the function that stops it. */
export function startSync(store: Store): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = async () => {
    const user = (await loadSession(store))?.email;
    if (stopped || !user) return;
    const waiting = (await orderedEntries(store, user)).filter((e) => e.state === 'queued');
    if (waiting.length === 0) return;
    const next = Math.min(...waiting.map((e) => e.nextAttemptAt));
    clearTimeout(timer);
    timer = setTimeout(() => void run(), Math.max(0, next - store.now()));
  };
  const run = async () => {
    if (stopped) return;
    clearTimeout(timer);
    await replayOutbox(store).catch(() => undefined);
    await flushAnalytics(store).catch(() => 0);
    await schedule().catch(() => undefined);
  };
  const onOnline = () => {
    void clearBackoff(store)
      .catch(() => undefined)
      .then(run);
    void refreshAll(store);
  };
  const onVisibility = () => {
    if (runtime.document?.visibilityState !== 'visible') return;
    void run();
    void refreshAll(store);
  };

  globalThis.addEventListener?.('online', onOnline);
  runtime.document?.addEventListener('visibilitychange', onVisibility);
  const offWake = store.onWake(() => void run());
  void run();
  return () => {
    stopped = true;
    clearTimeout(timer);
    offWake();
    globalThis.removeEventListener?.('online', onOnline);
    runtime.document?.removeEventListener('visibilitychange', onVisibility);
  };
}
