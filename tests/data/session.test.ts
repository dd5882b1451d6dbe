// @vitest-environment node
// Sessions, reference data, search and analytics against the real server.
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  addListing,
  checkAuth,
  countUnsent,
  flushAnalytics,
  getSession,
  logout,
  META,
  refreshReference,
  replayOutbox,
  searchListings,
  setRole,
  signup,
  track,
} from '@/data';
import { REFERENCE_WRITE_BATCH } from '@/data/reference';
import { queueContact } from '../support/data-contact';
import { createNet } from '../support/data-net';
import { listingValues, signedIn, testStore } from '../support/data-store';
import { serverPerFile } from '../support/server-app';
import { newUserDetails } from '../support/server-users';

const server = serverPerFile();

describe('login and logout', () => {
  it('stores the spec keys and mirrors them in the meta table', async () => {
    const s = await signedIn(server);
    expect(getSession(s.store)).toMatchObject({ email: s.user.email, name: s.user.name, userRole: null });
    await setRole(s.store, 'carrier');
    expect(s.store.storage?.getItem('userRole')).toBe('carrier');
    expect(await s.store.db.meta.get(META.session)).toMatchObject({
      value: { email: s.user.email, userRole: 'carrier' },
    });
  });

  it('clears the user data but keeps reference data and, unless told, unsent changes', async () => {
    const s = await signedIn(server);
    await refreshReference(s.store);
    await addListing(s.store, listingValues());
    s.net.down = true;
    expect(await countUnsent(s.store)).toBe(1);
    // Rows of every pulled collection (what the next user must not see).
    const id = crypto.randomUUID();
    await s.store.db.watches.put({
      id,
      from: 'DEL',
      to: 'DXB',
      departure: '2099-01-01',
      days: 0,
      createdAt: 1,
      syncState: 'synced',
      syncError: null,
      outboxKey: null,
    } as never);
    await s.store.db.watched.put({ id } as never);
    await s.store.db.messages.put({ id, bookingId: 'B1', seq: 1 } as never);
    await s.store.db.reads.put({ id: 'B1' } as never);
    await logout(s.store);
    expect(getSession(s.store)).toBeNull();
    expect(await s.store.db.listings.count()).toBe(0);
    for (const table of [s.store.db.watches, s.store.db.watched, s.store.db.messages, s.store.db.reads])
      expect(await table.count()).toBe(0);
    expect(await s.store.db.airports.count()).toBeGreaterThan(0);
    expect(await s.store.db.outbox.count()).toBe(1);
  });

  it('discards unsent changes when asked', async () => {
    const s = await signedIn(server);
    await queueContact(s, 'x');
    await logout(s.store, { discardUnsent: true });
    expect(await s.store.db.outbox.count()).toBe(0);
  });

  it('reports a 409 signup as an ApiError with its status', async () => {
    const store = testStore({ net: createNet(server.app) });
    const details = { ...newUserDetails(), gender: 'female' as const };
    await signup(store, details);
    await expect(signup(store, details)).rejects.toMatchObject({ status: 409 });
    await expect(signup(store, details)).rejects.toBeInstanceOf(ApiError);
  });
});

describe('checkAuth', () => {
  it('tells authenticated, offline and unauthorized apart', async () => {
    const s = await signedIn(server);
    expect(await checkAuth(s.store)).toBe('authenticated');
    s.net.down = true;
    expect(await checkAuth(s.store)).toBe('offline');
    expect(getSession(s.store)).not.toBeNull();
    s.net.down = false;
    await s.net.fetch('http://localhost/auth/logout', { method: 'POST' });
    expect(await checkAuth(s.store)).toBe('unauthorized');
  });

  it('keeps the session when the server fails or the answer is cut short', async () => {
    const store = testStore({ fetch: async () => new Response('oops', { status: 503 }) });
    expect(await checkAuth(store)).toBe('offline');
    const cut = testStore({ fetch: async () => new Response('', { status: 200 }) });
    expect(await checkAuth(cut)).toBe('offline');
    const refused = testStore({
      fetch: async () => new Response(JSON.stringify({ status: 401 }), { status: 401 }),
    });
    expect(await checkAuth(refused)).toBe('unauthorized');
  });
});

describe('refreshReference', () => {
  it('fetches at most every five minutes unless forced', async () => {
    const s = await signedIn(server);
    const fetches = () => s.net.delivered.filter((d) => d.path === '/api/get/airports').length;
    await refreshReference(s.store);
    await refreshReference(s.store);
    expect(fetches()).toBe(1);
    await refreshReference(s.store, { force: true });
    s.clock.t += 5 * 60_000;
    await refreshReference(s.store);
    expect(fetches()).toBe(3);
    expect(await s.store.db.airlines.get('AI')).toMatchObject({ code: 'AI' });
  });

  it('fetches again at once when the mirrored rows are of an older shape', async () => {
    const s = await signedIn(server);
    const fetches = () => s.net.delivered.filter((d) => d.path === '/api/get/airports').length;
    await refreshReference(s.store);
    expect(await s.store.db.airports.get('BLR')).toMatchObject({ city: 'Bengaluru', cc: 'IN' });
    // As a release before issue 29 left it: fresh by its clock, rows without the newer fields.
    await s.store.db.meta.delete('referenceFormat');
    await refreshReference(s.store);
    expect(fetches()).toBe(2);
  });

  it('shares one fetch between callers that ask at the same time', async () => {
    const s = await signedIn(server);
    const fetches = () => s.net.delivered.filter((d) => d.path === '/api/get/airports').length;
    await Promise.all([refreshReference(s.store), refreshReference(s.store), refreshReference(s.store)]);
    expect(fetches()).toBe(1);
  });

  it('stores the airports in batches inside one transaction, so no single task writes them all', async () => {
    const s = await signedIn(server);
    const { db } = s.store;
    // Every write request batch the airports table gets, seen through Dexie's own middleware.
    const batches: number[] = [];
    const transactions = new Set<unknown>();
    db.close();
    db.use({
      stack: 'dbcore',
      name: 'count-airport-writes',
      create: (down) => ({
        ...down,
        table: (name) => {
          const table = down.table(name);
          if (name !== 'airports') return table;
          return {
            ...table,
            mutate: (req) => {
              if (req.type === 'put') {
                batches.push(req.values.length);
                transactions.add(req.trans);
              }
              return table.mutate(req);
            },
          };
        },
      }),
    });
    await db.open();
    await refreshReference(s.store);
    const stored = await db.airports.count();
    expect(stored).toBeGreaterThan(REFERENCE_WRITE_BATCH);
    expect(batches.reduce((a, b) => a + b, 0)).toBe(stored);
    expect(Math.max(...batches)).toBeLessThanOrEqual(REFERENCE_WRITE_BATCH);
    expect(transactions.size).toBe(1);
  });

  it('throws only when it fails with nothing cached', async () => {
    const s = await signedIn(server);
    s.net.down = true;
    await expect(refreshReference(s.store)).rejects.toThrow();
    s.net.down = false;
    await refreshReference(s.store);
    s.net.down = true;
    await expect(refreshReference(s.store, { force: true })).resolves.toBeUndefined();
  });
});

describe('searchListings', () => {
  it('stores results under the search key and answers offline from them', async () => {
    const carrier = await signedIn(server);
    const values = listingValues({ flightNo: 'AI555' });
    await addListing(carrier.store, values);
    await replayOutbox(carrier.store);
    const s = await signedIn(server);
    const form = { from: 'DEL', to: 'BOM', departure: values.departure, flightNo: 'AI555', airline: 'AI' };
    const online = await searchListings(s.store, form);
    expect(online).toMatchObject({ kind: 'results' });
    if (online.kind !== 'results') return;
    expect(online.count).toBeGreaterThanOrEqual(1);
    await searchListings(s.store, form);
    expect(await s.store.db.searchResults.where('searchKey').equals(online.searchKey).count()).toBe(
      online.count,
    );

    s.net.down = true;
    const offline = await searchListings(s.store, { ...form, flightNo: 'AI556' });
    expect(offline).toMatchObject({ kind: 'offline', count: online.count });
  });

  it('passes the server message on when nothing matches', async () => {
    const s = await signedIn(server);
    const form = { from: 'BOM', to: 'DEL', departure: '2031-01-01', flightNo: 'AI1', airline: 'AI' };
    expect(await searchListings(s.store, form)).toMatchObject({
      kind: 'message',
      message: expect.any(String),
    });
  });
});

describe('flushAnalytics', () => {
  it('sends buffered events in batches of at most 100', async () => {
    const s = await signedIn(server);
    for (let i = 0; i < 150; i += 1) await track(s.store, 'page_view', { path: `/p${i}` });
    s.net.down = true;
    expect(await flushAnalytics(s.store)).toBe(0);
    expect(await s.store.db.analytics.count()).toBe(150);
    s.net.down = false;
    // A failure backs the batch off; it goes when due (or forced), never in a loop.
    expect(await flushAnalytics(s.store)).toBe(0);
    expect(await flushAnalytics(s.store, { force: true })).toBe(150);
    expect(s.net.applied().filter((d) => d.path === '/api/events')).toHaveLength(2);
    expect(await s.store.db.analytics.count()).toBe(0);
  });
});
