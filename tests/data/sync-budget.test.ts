// @vitest-environment node
// The push budget seen from the device (issue 27): the server answers a push past the account's
// mutations per minute in part, then 429 sync/rate-limited with Retry-After. The replayer waits
// at least that long and sends the rest: every change reaches the server once, none is refused.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayOutbox } from '@/data';
import { contactMessages } from '@/server/db/schema';
import { queueContact } from '../support/data-contact';
import { signedIn } from '../support/data-store';
import { createTestServer, type TestServer } from '../support/server-app';

const serverClock = { t: Date.now() };
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({
    clock: { now: () => serverClock.t },
    config: { syncMutationsPerMinute: 5, syncMutationsPerMinutePerClient: 5 },
  });
});
afterAll(() => server.close());

describe('the push budget', () => {
  it('is waited out and the rest sent again, never turned into a refusal of the changes', async () => {
    const s = await signedIn(server);
    const texts = Array.from({ length: 8 }, (_, i) => `change ${i + 1}`);
    for (const text of texts) await queueContact(s, text);
    const pushes = () => s.net.delivered.filter((d) => d.path === '/api/sync/push').map((d) => d.status);

    // The first push: five applied, three left for later.
    const first = await replayOutbox(s.store);
    expect(first).toMatchObject({ failed: 0 });
    expect(await s.store.db.outbox.count()).toBe(3);

    // The next try, within the minute: 429 with Retry-After, which the entries wait out.
    s.clock.t = Math.max(...(await s.store.db.outbox.toArray()).map((e) => e.nextAttemptAt)) + 1;
    serverClock.t += 10_000;
    await replayOutbox(s.store);
    expect(pushes()).toContain(429);
    const waiting = await s.store.db.outbox.toArray();
    expect(waiting.map((e) => e.state)).toEqual(['queued', 'queued', 'queued']);
    const head = waiting[0];
    expect((head?.nextAttemptAt ?? 0) - s.clock.t).toBeGreaterThanOrEqual(40_000);

    // After the wait (and the server's minute), the rest goes through.
    s.clock.t = (head?.nextAttemptAt ?? 0) + 1000;
    serverClock.t += 60_000;
    expect(await replayOutbox(s.store)).toMatchObject({ failed: 0, remaining: 0 });
    expect(await s.store.db.outbox.count()).toBe(0);
    const stored = await server.db
      .select({ message: contactMessages.message })
      .from(contactMessages)
      .where(eq(contactMessages.email, s.user.email));
    expect(stored.map((r) => r.message).sort()).toEqual([...texts].sort());
  });
});
