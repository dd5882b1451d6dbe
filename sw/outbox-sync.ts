// Background Sync: when the browser regains a connection (even with every tab closed), the
// worker uploads waiting photos and pushes the outbox with the same code the page uses, under
// the same locks, against the same API origin (src/data/engine/api-url.ts).

import { clearBackoff, createStore, replayOutbox, type Store, uploadPhotos } from '@/data';
import { OUTBOX_SYNC_TAG } from '@/domain/outbox/entry';

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

export function registerOutboxSync(scope: ServiceWorkerGlobalScope): void {
  let store: Store | undefined;
  scope.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag !== OUTBOX_SYNC_TAG) return;
    sync.waitUntil(
      (async () => {
        store ??= createStore();
        // The browser fires this when it has a connection: the page's backoff need not hold.
        await clearBackoff(store);
        // The photo lane and the pushes go side by side; a request whose photo just arrived
        // goes in one more push.
        const [uploaded, first] = await Promise.all([uploadPhotos(store), replayOutbox(store)]);
        const result = uploaded > 0 ? await replayOutbox(store) : first;
        // Entries still queued (network still flaky, or the session expired): a rejected
        // promise asks the browser to fire this sync again later, with its own backoff.
        if (result.remaining > 0) throw new Error(`${result.remaining} changes are still waiting`);
      })(),
    );
  });
}
