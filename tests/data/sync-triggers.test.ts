// @vitest-environment node
// startSync's page-side triggers: coming back online sends at once, whatever the backoff said.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sendContactMessage, startSync } from '@/data';
import { signedIn } from '../support/data-store';
import { createTestServer, type TestServer } from '../support/server-app';

let server: TestServer;
const events = new EventTarget();
const g = globalThis as unknown as {
  addEventListener?: EventTarget['addEventListener'];
  removeEventListener?: EventTarget['removeEventListener'];
};
let stops: Array<() => void> = [];

beforeAll(async () => {
  server = await createTestServer();
  // Node has no window events: give startSync an event target to listen on.
  g.addEventListener = events.addEventListener.bind(events);
  g.removeEventListener = events.removeEventListener.bind(events);
});
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
});
afterAll(async () => {
  delete g.addEventListener;
  delete g.removeEventListener;
  await server.close();
});

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('condition not met');
}

describe('startSync', () => {
  it('sends an entry that is backing off as soon as the browser says it is online', async () => {
    const s = await signedIn(server);
    const { key } = await sendContactMessage(s.store, {
      name: 'Asha Rao',
      email: s.user.email,
      phone: s.user.phone,
      message: 'Back online',
    });
    // Many failures offline left the entry waiting five minutes.
    await s.store.db.outbox.update(key, { attempts: 9, nextAttemptAt: s.clock.t + 5 * 60_000 });
    stops.push(startSync(s.store));
    await until(async () => (await s.store.db.outbox.get(key))?.state === 'queued');
    expect(s.net.delivered.filter((d) => d.path === '/api/sync/push')).toHaveLength(0);

    events.dispatchEvent(new Event('online'));
    await until(async () => (await s.store.db.outbox.count()) === 0);
    expect(s.net.delivered.filter((d) => d.path === '/api/sync/push')).toHaveLength(1);
  });
});
