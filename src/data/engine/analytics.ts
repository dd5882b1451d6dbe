// Analytics: events buffered in IndexedDB and sent in batches on the sync loop's schedule (at
// most one flush per ANALYTICS_FLUSH_EVERY_MS, backing off after a failure), so nothing is lost
// offline and nothing is sent in a loop.
import type { AnalyticsEventName } from '@/domain/analytics/schema';
import { ANALYTICS_BATCH_MAX } from '@/domain/constants';
import { dueAt, retryWaitMs } from '@/domain/outbox/entry';
import { ApiError, isTransient } from './errors';
import { call } from './http';
import { getMeta, setMeta } from './meta';
import type { Store } from './store';

type PropValue = string | number | boolean | null;

/** Events wait at least this long after a flush, so a burst of page views goes as one batch. */
export const ANALYTICS_FLUSH_EVERY_MS = 10_000;
const NEXT_AT = 'analyticsNextAt';
const ATTEMPTS = 'analyticsAttempts';

/**
 * Buffers an event. Never throws: an event is written after the user's change has been queued,
 * and a write that fails (storage full) must not report that change as failed: the user would
 * submit it again and it would be made twice. The event is lost instead.
 */
export async function track(
  store: Store,
  name: AnalyticsEventName,
  props: Record<string, PropValue>,
): Promise<void> {
  try {
    await store.db.analytics.add({ name, props, at: store.now() });
  } catch {
    return;
  }
  // The loop decides when the batch goes (analyticsDueAt); waking it never sends in a loop.
  store.wake();
}

/** When buffered events may go next; null when there are none. A clock set back makes it due now. */
export async function analyticsDueAt(store: Store): Promise<number | null> {
  if ((await store.db.analytics.count()) === 0) return null;
  return dueAt((await getMeta<number>(store.db, NEXT_AT)) ?? 0, store.now());
}

/**
 * Sends buffered events oldest first, in batches, if due (or `force`); stops at the first
 * failure and keeps what is unsent.
 */
export async function flushAnalytics(store: Store, opts: { force?: boolean } = {}): Promise<number> {
  const due = await analyticsDueAt(store);
  if (due === null || (!opts.force && due > store.now())) return 0;
  let sent = 0;
  for (;;) {
    const batch = await store.db.analytics.orderBy('seq').limit(ANALYTICS_BATCH_MAX).toArray();
    if (batch.length === 0) break;
    const events = batch.map(({ name, props, at }) => ({ name, props, at }));
    try {
      await call(store.http, 'POST', '/api/events', { json: { events } });
    } catch (err) {
      // A batch the server refuses for good would block every later one forever: drop it.
      const refused = err instanceof ApiError && !isTransient(err) && err.status !== 401;
      if (!refused) {
        const attempts = ((await getMeta<number>(store.db, ATTEMPTS)) ?? 0) + 1;
        await setMeta(store.db, ATTEMPTS, attempts);
        const retryAfter = err instanceof ApiError ? err.retryAfterMs : null;
        await setMeta(store.db, NEXT_AT, store.now() + retryWaitMs(attempts, store.random(), retryAfter));
        return sent;
      }
    }
    await store.db.analytics.bulkDelete(batch.map((e) => e.seq as number));
    sent += batch.length;
  }
  await setMeta(store.db, ATTEMPTS, 0);
  await setMeta(store.db, NEXT_AT, store.now() + ANALYTICS_FLUSH_EVERY_MS);
  return sent;
}
