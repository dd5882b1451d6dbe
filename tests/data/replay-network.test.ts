// @vitest-environment node
// replayOutbox on a bad network: no response, lost responses, 503s and a process restart.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createStore, openDb, replayOutbox, type Store } from '@/data';
import { contactMessages } from '@/server/db/schema';
import { queueContact } from '../support/data-contact';
import { MemoryStorage, type SignedIn, signedIn } from '../support/data-store';
import { serverPerFile } from '../support/server-app';

const server = serverPerFile();

async function serverMessages(email: string): Promise<string[]> {
  const rows = await server.db.select().from(contactMessages).where(eq(contactMessages.email, email));
  return rows.map((r) => r.message).sort();
}

/** Replays, then moves the clock to the entry's next attempt; returns the delay it waited. */
async function replayAndAdvance(s: SignedIn, key: string): Promise<number> {
  await replayOutbox(s.store);
  const entry = await s.store.db.outbox.get(key);
  const delay = (entry?.nextAttemptAt ?? s.clock.t) - s.clock.t;
  s.clock.t += delay;
  return delay;
}

describe('replayOutbox', () => {
  it('delivers once after the network fails for N attempts', async () => {
    const s = await signedIn(server);
    const { key } = await queueContact(s, 'one');
    s.net.inject('fail', 4);
    const delays: number[] = [];
    for (let i = 0; i < 4; i += 1) delays.push(await replayAndAdvance(s, key));
    expect(delays).toEqual([1000, 2000, 4000, 8000]);
    expect(await s.store.db.outbox.get(key)).toMatchObject({ attempts: 4, state: 'queued' });
    expect(await replayOutbox(s.store)).toMatchObject({ sent: 1, remaining: 0 });
    expect(await serverMessages(s.user.email)).toEqual(['one']);
  });

  it('does not resend before the backoff has passed', async () => {
    const s = await signedIn(server);
    const { key } = await queueContact(s, 'early');
    s.net.inject('fail');
    await replayOutbox(s.store);
    expect(await replayOutbox(s.store)).toMatchObject({ sent: 0, remaining: 1 });
    expect(s.net.delivered).toHaveLength(1); // only the login
    expect(await s.store.db.outbox.get(key)).toMatchObject({ attempts: 1 });
  });

  it('caps the backoff at five minutes', async () => {
    const s = await signedIn(server);
    const { key } = await queueContact(s, 'capped');
    s.net.down = true;
    const delays: number[] = [];
    for (let i = 0; i < 12; i += 1) delays.push(await replayAndAdvance(s, key));
    expect(Math.max(...delays)).toBe(300_000);
    expect(delays.slice(-3)).toEqual([300_000, 300_000, 300_000]);
    s.net.down = false;
    await replayOutbox(s.store);
    expect(await serverMessages(s.user.email)).toEqual(['capped']);
  });

  it('adds jitter from the injected random source', async () => {
    const s = await signedIn(server);
    s.store.random = () => 0;
    const { key } = await queueContact(s, 'jitter');
    s.net.inject('fail');
    expect(await replayAndAdvance(s, key)).toBe(500);
  });

  it('gets the first answer back when the response to an applied write was lost', async () => {
    const s = await signedIn(server);
    const { key } = await queueContact(s, 'lost answer');
    s.net.inject('drop');
    await replayAndAdvance(s, key);
    expect(await s.store.db.outbox.get(key)).toMatchObject({ state: 'queued', attempts: 1 });
    await replayOutbox(s.store);
    // The same mutation id went twice; the server applied it once and answered the repeat.
    expect(s.net.delivered.filter((d) => d.path === '/api/sync/push')).toHaveLength(2);
    expect(await serverMessages(s.user.email)).toEqual(['lost answer']);
    expect(await s.store.db.outbox.count()).toBe(0);
  });

  it('keeps the entry and backs off on a 503', async () => {
    const s = await signedIn(server);
    const { key } = await queueContact(s, 'busy');
    s.net.inject('503');
    await replayAndAdvance(s, key);
    expect(await s.store.db.outbox.get(key)).toMatchObject({ state: 'queued', attempts: 1 });
    await replayOutbox(s.store);
    expect(await serverMessages(s.user.email)).toEqual(['busy']);
  });

  it('resumes where it stopped after the database is closed and reopened', async () => {
    const s = await signedIn(server);
    const keys: string[] = [];
    for (const m of ['a', 'b', 'c']) keys.push((await queueContact(s, m)).key);
    // The batch is applied but its answer is lost; then the process dies mid-send.
    s.net.inject('drop');
    await replayOutbox(s.store);
    expect(await s.store.db.outbox.count()).toBe(3);
    const [head] = await s.store.db.outbox.orderBy('createdAt').toArray();
    await s.store.db.outbox.update(head?.key ?? '', { state: 'sending' });
    s.store.db.close();

    const reopened: Store = createStore({
      db: openDb(s.dbName),
      baseUrl: 'http://localhost',
      fetch: s.net.fetch,
      now: () => s.clock.t + 60_000,
      random: () => 1,
      storage: new MemoryStorage(),
    });
    // No localStorage after the restart (as in the service worker): the meta copy holds the session.
    reopened.storage = null;
    expect(await replayOutbox(reopened)).toMatchObject({ sent: 3, remaining: 0 });
    expect(s.net.delivered.filter((d) => d.path === '/api/sync/push')).toHaveLength(2);
    expect(await serverMessages(s.user.email)).toEqual(['a', 'b', 'c']);
    expect(keys).toHaveLength(3);
  });
});
