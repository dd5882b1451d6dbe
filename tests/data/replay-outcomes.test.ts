// @vitest-environment node
// replayOutbox's outcomes: refusals fail one entry, a 401 parks the queue for the same user,
// and two replayers sharing one database send each entry once.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bookListing,
  countUnsent,
  createStore,
  login,
  openDb,
  pull,
  replayOutbox,
  updateBookingStatus,
} from '@/data';
import { contactMessages } from '@/server/db/schema';
import { declineElsewhere, mirroredListing } from '../support/data-bookings';
import { queueContact } from '../support/data-contact';
import { fakeLocks } from '../support/data-locks';
import { type SignedIn, signedIn } from '../support/data-store';
import { serverPerFile } from '../support/server-app';

const server = serverPerFile();
afterEach(() => {
  vi.unstubAllGlobals();
});

async function serverMessages(email: string): Promise<string[]> {
  const rows = await server.db.select().from(contactMessages).where(eq(contactMessages.email, email));
  return rows.map((r) => r.message).sort();
}

describe('replayOutbox refusals', () => {
  it('counts a refused change as waiting for the user, not as unsent, as the sync line does', async () => {
    const carrier = await signedIn(server);
    const traveller = await signedIn(server);
    const listing = (await mirroredListing(server, { carrier, weight: 2 })).listing;
    await bookListing(traveller.store, { ...listing, available: 99 }, 5);
    await queueContact(traveller, 'still on its way');
    expect(await countUnsent(traveller.store)).toBe(2);
    await replayOutbox(traveller.store);
    await queueContact(traveller, 'queued after the refusal');
    expect(await countUnsent(traveller.store)).toBe(1);
    expect(await countUnsent(traveller.store, null)).toBe(1);
  });

  it('fails an overbooking with the server message and still sends later entries', async () => {
    const carrier = await signedIn(server);
    const traveller = await signedIn(server);
    const listing = (await mirroredListing(server, { carrier, weight: 2 })).listing;
    const { key } = await bookListing(traveller.store, { ...listing, available: 99 }, 5);
    const later = await queueContact(traveller, 'after the refusal');
    expect(await replayOutbox(traveller.store)).toMatchObject({ sent: 1, failed: 1, remaining: 0 });
    expect(await traveller.store.db.outbox.get(key)).toMatchObject({
      state: 'failed',
      lastError: 'There is not enough space left on this listing.',
    });
    expect(await traveller.store.db.bookings.get(`local-${key}`)).toMatchObject({
      syncState: 'failed',
      syncError: 'listing/no-space',
    });
    expect(await traveller.store.db.outbox.get(later.key)).toBeUndefined();
  });

  it('fails a status change the server finds illegal', async () => {
    const carrier = await signedIn(server);
    const traveller = await signedIn(server);
    const listing = (await mirroredListing(server, { carrier, weight: 5 })).listing;
    await bookListing(traveller.store, listing, 1);
    await replayOutbox(traveller.store);
    await pull(carrier.store);
    const [order] = await carrier.store.db.orders.toArray();
    if (!order) throw new Error('no order');
    // Another device of the carrier declined it meanwhile; this one still shows it pending.
    await declineElsewhere(server, carrier, order.id);
    await updateBookingStatus(carrier.store, order.id, 'accept');
    await replayOutbox(carrier.store);
    const [entry] = await carrier.store.db.outbox.toArray();
    expect(entry).toMatchObject({
      state: 'failed',
      lastError: 'This booking can no longer change to that status.',
    });
    expect(await carrier.store.db.orders.get(order.id)).toMatchObject({ syncState: 'failed' });
  });
});

describe('replayOutbox on 401', () => {
  it('keeps the queue and resumes it after the same user logs in again', async () => {
    const s = await signedIn(server);
    const { key } = await queueContact(s, 'kept through expiry');
    // The server session ends (expired or revoked elsewhere); the device still holds its copy.
    await s.net.fetch('http://localhost/auth/logout', { method: 'POST' });
    expect(await replayOutbox(s.store)).toMatchObject({ sent: 0, remaining: 1 });
    expect(await s.store.db.outbox.get(key)).toMatchObject({ state: 'queued', attempts: 0 });
    expect(await replayOutbox(s.store)).toMatchObject({ sent: 0, remaining: 1 });
    expect(s.net.delivered.filter((d) => d.path === '/api/sync/push')).toHaveLength(1);

    await login(s.store, { email: s.user.email, password: s.user.password });
    expect(await replayOutbox(s.store)).toMatchObject({ sent: 1, remaining: 0 });
  });

  it('does not send another user\u2019s parked entries', async () => {
    const s = await signedIn(server);
    const other = await signedIn(server);
    const { key } = await queueContact(s, 'not for the next user');
    await s.net.fetch('http://localhost/auth/logout', { method: 'POST' });
    await replayOutbox(s.store);
    await login(s.store, { email: other.user.email, password: other.user.password });
    await replayOutbox(s.store);
    expect(await s.store.db.outbox.get(key)).toMatchObject({ user: s.user.email, state: 'queued' });
    expect(await serverMessages(s.user.email)).toEqual([]);
  });
});

describe('replayOutbox with two replayers', () => {
  async function race(s: SignedIn) {
    const keys: string[] = [];
    for (let i = 0; i < 5; i += 1) keys.push((await queueContact(s, `race ${i}`)).key);
    // The service worker: its own connection to the same database, no localStorage.
    const worker = createStore({ db: openDb(s.dbName), baseUrl: 'http://localhost', fetch: s.net.fetch });
    worker.storage = null;
    await Promise.all([
      replayOutbox(s.store),
      replayOutbox(worker),
      replayOutbox(s.store),
      replayOutbox(worker),
    ]);
    await Promise.all([replayOutbox(s.store), replayOutbox(worker)]);
    expect(await serverMessages(s.user.email)).toEqual(keys.map((_, i) => `race ${i}`));
    expect(await s.store.db.outbox.count()).toBe(0);
  }

  it('sends each entry once under the IndexedDB lease', async () => {
    await race(await signedIn(server));
  });

  it('sends each entry once under Web Locks', async () => {
    vi.stubGlobal('navigator', { locks: fakeLocks() });
    await race(await signedIn(server));
  });
});
