// @vitest-environment node
// startSync's page-side triggers: an entry backing off waits for its time, and coming back online
// sends it at once, whatever the backoff said.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSync } from '@/data';
import { queueContact } from '../support/data-contact';
import { pageEventsPerFile } from '../support/data-page';
import { signedIn } from '../support/data-store';
import { serverPerFile } from '../support/server-app';
import { until } from '../support/until';

const server = serverPerFile();
const page = pageEventsPerFile();
afterEach(() => {
  vi.restoreAllMocks();
});

describe('startSync', () => {
  it('leaves an entry backing off alone, and sends it as soon as the browser says it is online', async () => {
    const s = await signedIn(server);
    const { key } = await queueContact(s, 'Back online');
    // Many failures offline left the entry waiting five minutes.
    const backOff = 5 * 60_000;
    await s.store.db.outbox.update(key, { attempts: 9, nextAttemptAt: s.clock.t + backOff });
    const timers = vi.spyOn(globalThis, 'setTimeout');
    page.keep(startSync(s.store));
    // The signal that the loop's first run is over: it set its timer for the end of the back-off.
    await until(() => timers.mock.calls.some(([, ms]) => ms === backOff), {
      what: 'the loop waits for the back-off',
    });
    const pushes = () => s.net.delivered.filter((d) => d.path === '/api/sync/push');
    expect(pushes()).toHaveLength(0);
    expect(await s.store.db.outbox.get(key)).toMatchObject({ state: 'queued', attempts: 9 });

    page.events.dispatchEvent(new Event('online'));
    await until(async () => (await s.store.db.outbox.count()) === 0, { what: 'the entry is sent' });
    expect(pushes()).toHaveLength(1);
  });
});
