// The page's sync loop. One run pushes the outbox, starts the photo lane and flushes analytics
// when due; then one timer is set for whatever is actually next: the head of the queue (the
// entries behind it wait for it), the next photo, the analytics batch. Never below FLOOR_MS,
// never while the browser says it is offline (the `online` event wakes it), never for a queue
// parked by a 401. `online`, the tab becoming visible and each new change (store.wake) wake it.
import { dueAt, isHeld } from '@/domain/outbox/entry';
import { analyticsDueAt, flushAnalytics } from './analytics';
import { getMeta, META } from './meta';
import { clearBackoff, userEntries } from './outbox';
import { nextPhoto, photosOf, uploadPhotos, waitsForPhoto } from './photos';
import { pull } from './pull';
import { replayOutbox } from './replay';
import { runtime } from './runtime';
import { loadSession } from './session';
import type { Store } from './store';

/** The shortest wait between two runs the timer sets up. */
export const FLOOR_MS = 1000;

/** Refreshes every mirror of the signed-in user (one pull); failures wait for the next trigger. */
export async function refreshAll(store: Store): Promise<void> {
  if (!(await loadSession(store))) return;
  await pull(store).catch(() => undefined);
}

/**
 * When the next run is useful, or null when nothing waits on a timer. A wait longer than any
 * back-off means the clock went back: that run is due now (dueAt).
 */
export async function nextRunAt(store: Store): Promise<number | null> {
  const user = (await loadSession(store))?.email;
  if (!user) return null;
  const times: number[] = [];
  const now = store.now();
  if ((await getMeta<string>(store.db, META.authBlockedFor)) !== user) {
    const photos = await photosOf(store.db, user);
    // The head: the first entry a push would take (one waiting for its photo is passed over).
    const head = (await userEntries(store.db, user)).find(
      (e) => e.state !== 'failed' && !waitsForPhoto(store.mutators, e, photos, now),
    );
    if (head)
      times.push(
        Math.max(dueAt(head.nextAttemptAt, now), isHeld(head, now) ? dueAt(head.holdUntil ?? 0, now) : 0),
      );
    const photo = await nextPhoto(store, user);
    if (photo) times.push(dueAt(photo.nextAttemptAt, now));
  }
  const analytics = await analyticsDueAt(store);
  if (analytics !== null) times.push(analytics);
  return times.length ? Math.min(...times) : null;
}

/** Starts the page's sync loop; returns the function that stops it. */
export function startSync(store: Store): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let uploading = false;

  const schedule = async () => {
    clearTimeout(timer);
    if (stopped || runtime.navigator?.onLine === false) return;
    const at = await nextRunAt(store);
    if (at === null || stopped) return;
    timer = setTimeout(() => void run(), Math.max(FLOOR_MS, at - store.now()));
  };
  const run = async () => {
    if (stopped) return;
    clearTimeout(timer);
    // The photo lane runs beside the pushes: a slow upload holds nothing but its own request.
    if (!uploading) {
      uploading = true;
      void uploadPhotos(store)
        .catch(() => 0)
        .finally(() => {
          uploading = false;
          void schedule();
        });
    }
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
