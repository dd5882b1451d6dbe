// Analytics: events buffered in IndexedDB and sent in batches, so nothing is lost offline.
import type { AnalyticsEventName } from '@/domain/analytics/schema';
import { ANALYTICS_BATCH_MAX } from '@/domain/constants';
import { ApiError } from './errors';
import { call } from './http';
import type { Store } from './store';

type PropValue = string | number | boolean | null;

export async function track(
  store: Store,
  name: AnalyticsEventName,
  props: Record<string, PropValue>,
): Promise<void> {
  await store.db.analytics.add({ name, props, at: store.now() });
}

/** Sends buffered events oldest first; stops at the first failure and keeps what is unsent. */
export async function flushAnalytics(store: Store): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await store.db.analytics.orderBy('seq').limit(ANALYTICS_BATCH_MAX).toArray();
    if (batch.length === 0) return sent;
    const events = batch.map(({ name, props, at }) => ({ name, props, at }));
    try {
      await call(store.http, 'POST', '/api/events', { json: { events } });
    } catch (err) {
      // A batch the server rejects as invalid would block every later one forever: drop it.
      const rejected = err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401;
      if (!rejected || err.status === 408 || err.status === 429) return sent;
    }
    await store.db.analytics.bulkDelete(batch.map((e) => e.seq as number));
    sent += batch.length;
  }
}
