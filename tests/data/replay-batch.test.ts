// @vitest-environment node
// Issue 19: the replayer settles a pushed batch's answers at once, and the pull's rebase applies a
// run of one kind at once. A queue over the open-listings quota (20 applied, the rest refused)
// drains, pull included, with a number of database requests that does not grow with the entries, and each entry and row ends as settling them one by one leaves it;
// confirmRows ends as confirmRow called once per item, whatever ids they share.
import { describe, expect, it } from 'vitest';
import type { AppDb, ListingRow } from '@/data';
import { addListing, openDb, pull, replayOutbox, sendContactMessage } from '@/data';
import { deleteMany, getMany, putChanged } from '@/data/engine/bulk';
import { confirmRow, confirmRows } from '@/data/engine/rows';
import { JSON_BODY_MAX_BYTES, OPEN_LISTINGS_MAX } from '@/domain/constants';
import { ERRORS } from '@/domain/errors';
import type { Listing } from '@/domain/listing/schema';
import type { OutboxEntry } from '@/domain/outbox/entry';
import { pathOf, withFetch } from '../support/data-fetch';
import { listingValues, signedIn, uniqueDbName } from '../support/data-store';
import { serverPerFile } from '../support/server-app';

const server = serverPerFile();

const TABLES = ['outbox', 'listings', 'bookings', 'orders', 'watches', 'messages', 'reads'] as const;
const CALLS = ['get', 'put', 'update', 'delete', 'where', 'bulkGet', 'bulkPut', 'bulkDelete'] as const;

/** Counts the calls the replayer makes on the outbox and the row tables (each a request or a query). */
function countCalls(db: AppDb): { count: () => number; on: (v: boolean) => void } {
  let n = 0;
  let counting = false;
  for (const name of TABLES)
    for (const call of CALLS) {
      const table = db[name] as unknown as Record<string, (...a: unknown[]) => unknown>;
      const original = table[call]?.bind(table);
      if (!original) continue;
      table[call] = (...a: unknown[]) => {
        if (counting) n += 1;
        return original(...a);
      };
    }
  return {
    count: () => n,
    on: (v) => {
      counting = v;
    },
  };
}

async function drainOverQuota(queued: number) {
  const carrier = await signedIn(server);
  const requests = countCalls(carrier.store.db);
  const keys: string[] = [];
  for (let i = 0; i < queued; i += 1)
    keys.push((await addListing(carrier.store, listingValues({ flightNo: `AI${1000 + i}` }))).key);
  requests.on(true);
  const result = await replayOutbox(carrier.store);
  requests.on(false);
  return { carrier, keys, result, requests: requests.count() };
}

describe('a batch of answers', () => {
  it('settles 20 applied and the rest refused with requests that do not grow with the queue', async () => {
    const small = await drainOverQuota(OPEN_LISTINGS_MAX + 20);
    const large = await drainOverQuota(OPEN_LISTINGS_MAX + 120);
    expect(small.result).toEqual({ sent: OPEN_LISTINGS_MAX, failed: 20, remaining: 0 });
    expect(large.result).toEqual({ sent: OPEN_LISTINGS_MAX, failed: 120, remaining: 0 });
    // One by one, each refusal cost seven requests or more (its entry, its rows in six tables),
    // and the pull after the push applied each remaining entry again (a put each): 100 more
    // refusals were 1,000 more. At once, the same requests whatever the batch's length.
    expect(large.requests - small.requests, `${small.requests} then ${large.requests}`).toBeLessThan(10);

    // Each entry and row as one-by-one settling leaves them.
    const { db } = large.carrier.store;
    const entries = (await db.outbox.bulkGet(large.keys)) as (OutboxEntry | undefined)[];
    const message = ERRORS['listing/quota-reached'].message;
    for (const [i, key] of large.keys.entries()) {
      const entry = entries[i];
      const local = await db.listings.get(`local-${key}`);
      if (i < OPEN_LISTINGS_MAX) {
        expect(entry).toBeUndefined();
        expect(local).toBeUndefined();
        continue;
      }
      expect(entry).toMatchObject({
        state: 'failed',
        attempts: 1,
        failingSince: null,
        lastError: message,
        lastErrorCode: 'listing/quota-reached',
      });
      expect(local).toMatchObject({
        syncState: 'failed',
        syncError: 'listing/quota-reached',
        outboxKey: key,
      });
    }
    const synced = await db.listings.where('syncState').equals('synced').toArray();
    expect(synced.map((l) => l.flightNo).sort()).toEqual(
      Array.from({ length: OPEN_LISTINGS_MAX }, (_, i) => `AI${1000 + i}`).sort(),
    );
  });
});

/** Counts the listing rows written (put or bulkPut) while `on`. */
function countListingWrites(db: AppDb): { rows: () => number; on: (v: boolean) => void } {
  let n = 0;
  let counting = false;
  const table = db.listings as unknown as Record<string, (...a: unknown[]) => unknown>;
  for (const call of ['put', 'bulkPut'] as const) {
    const original = table[call]?.bind(table);
    if (!original) continue;
    table[call] = (...a: unknown[]) => {
      if (counting) n += Array.isArray(a[0]) ? a[0].length : 1;
      return original(...a);
    };
  }
  return {
    rows: () => n,
    on: (v) => {
      counting = v;
    },
  };
}

describe('the pull after a push', () => {
  // The first pull brings a whole snapshot, a later one a patch: neither writes the rows again.
  it.each([
    ['a snapshot', false],
    ['a patch', true],
  ])(
    'as %s, writes no listing the push answer has just confirmed, and the rows end as the server has them',
    async (_, pulledBefore) => {
      const carrier = await signedIn(server);
      if (pulledBefore) expect(await pull(carrier.store)).toBe('applied');
      const queued = OPEN_LISTINGS_MAX;
      for (let i = 0; i < queued; i += 1)
        await addListing(carrier.store, listingValues({ flightNo: `AI${1000 + i}` }));
      // What the pull brought: the same listings the push answer confirmed.
      const pulled: string[] = [];
      const inner = carrier.net.fetch;
      withFetch(carrier, async (input, init) => {
        const res = await inner(input, init);
        if (pathOf(input) === '/api/sync/pull') {
          type Rows = { listings: { id: string }[] } | { listings: { put: { id: string }[] } };
          const body = (await res.clone().json()) as { patch?: Rows; snapshot?: Rows };
          const rows = body.patch ?? body.snapshot;
          expect(Boolean(body.patch)).toBe(pulledBefore);
          if (rows)
            pulled.push(...('put' in rows.listings ? rows.listings.put : rows.listings).map((l) => l.id));
        }
        return res;
      });
      const writes = countListingWrites(carrier.store.db);
      writes.on(true);
      const result = await replayOutbox(carrier.store);
      writes.on(false);
      expect(result).toEqual({ sent: queued, failed: 0, remaining: 0 });
      const rows = await carrier.store.db.listings.toArray();
      expect(rows).toHaveLength(queued);
      expect(pulled.sort()).toEqual(rows.map((r) => r.id).sort());
      // Each row written once, by the push answer's settling; the pull found them stored as it has them.
      expect(writes.rows()).toBe(queued);
      for (const row of rows)
        expect(row).toMatchObject({ syncState: 'synced', syncError: null, outboxKey: null });
    },
  );
});

/** A listing of carrier C on DEL -> BOM, as the server answers it. */
const listing = (id: string, flightNo: string): Listing => ({
  id,
  email: 'c@example.com',
  name: 'C',
  from: 'DEL',
  to: 'BOM',
  flightNo,
  airline: 'AI',
  departure: '2030-01-10',
  time: '10:30',
  weight: 5,
  available: 5,
  cost: 500,
  createdAt: 0,
});

describe('by key range', () => {
  const row = (id: string, flightNo = id): ListingRow => ({
    ...listing(id, flightNo),
    syncState: 'synced',
    syncError: null,
    outboxKey: null,
  });
  const ids = Array.from({ length: 60 }, (_, i) => `k${String(i).padStart(3, '0')}`);

  it('deletes the keys asked and keeps the rows between them, as bulkDelete', async () => {
    // Two long runs to go, with rows that stay inside the range, and keys not stored at all.
    const gone = [...ids.slice(5, 25), ...ids.slice(30, 55), 'k0105', 'zz'];
    const db = openDb(uniqueDbName());
    await db.listings.bulkPut(ids.map((id) => row(id)));
    await db.transaction('rw', db.listings, () => deleteMany(db.listings, gone));
    expect((await db.listings.toCollection().primaryKeys()).sort()).toEqual(
      ids.filter((id) => !gone.includes(id)),
    );
    // Scattered among rows that stay (every other key): the same result.
    const other = openDb(uniqueDbName());
    await other.listings.bulkPut(ids.map((id) => row(id)));
    const odd = ids.filter((_, i) => i % 2 === 1);
    await other.transaction('rw', other.listings, () => deleteMany(other.listings, odd));
    expect((await other.listings.toCollection().primaryKeys()).sort()).toEqual(
      ids.filter((_, i) => i % 2 === 0),
    );
  });

  it('reads as bulkGet, in the order asked, with repeats and keys not stored', async () => {
    const db = openDb(uniqueDbName());
    await db.listings.bulkPut(ids.map((id) => row(id)));
    const asked = [...ids.slice(10, 40).reverse(), ...ids.slice(0, 30).reverse(), 'k0005', 'k007', 'zz'];
    const got = await db.transaction('r', db.listings, () => getMany(db.listings, asked));
    expect(got).toEqual(await db.listings.bulkGet(asked));
  });

  it('puts only the rows that differ from what is stored', async () => {
    const db = openDb(uniqueDbName());
    await db.listings.bulkPut(ids.map((id) => row(id)));
    const writes = countListingWrites(db);
    const given = ids.map((id, i) => (i % 10 === 0 ? row(id, `NEW-${id}`) : row(id)));
    writes.on(true);
    await db.transaction('rw', db.listings, () => putChanged(db.listings, [...given, row('new')]));
    writes.on(false);
    expect(writes.rows()).toBe(7);
    const stored = await db.listings.toArray();
    expect(stored.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [...given, row('new')].sort((a, b) => a.id.localeCompare(b.id)),
    );
  });
});

describe('confirmRows', () => {
  const entry = (key: string) => ({ key }) as OutboxEntry;
  const pending = (id: string, key: string): ListingRow => ({
    ...listing(id, `P-${id}`),
    syncState: 'pending',
    syncError: null,
    outboxKey: key,
    confirmed: null,
  });

  it('ends as confirmRow once per item, with ids shared, replaced and changed by other entries', async () => {
    const before: ListingRow[] = [
      pending('local-a', 'a'),
      pending('local-b', 'b'),
      pending('s2', 'later'),
      { ...listing('s3', 'OLD'), syncState: 'synced', syncError: null, outboxKey: null },
    ];
    const items = [
      { row: listing('s1', 'A1'), entry: entry('a'), replaces: 'local-a' },
      { row: listing('s2', 'B1'), entry: entry('b'), replaces: 'local-b' },
      { row: listing('s3', 'C1'), entry: entry('c') },
      { row: listing('s1', 'A2'), entry: entry('d'), replaces: 's3' },
      { row: listing('s3', 'C2'), entry: entry('e') },
    ];
    const one = openDb(uniqueDbName());
    const all = openDb(uniqueDbName());
    for (const db of [one, all]) await db.listings.bulkPut(before);
    await one.transaction('rw', one.listings, async () => {
      for (const i of items) await confirmRow(one.listings, i.row, i.entry, i.replaces);
    });
    await all.transaction('rw', all.listings, () => confirmRows(all.listings, items));
    const sorted = async (db: typeof one) =>
      (await db.listings.toArray()).sort((x, y) => x.id.localeCompare(y.id));
    expect(await sorted(all)).toEqual(await sorted(one));
    // And the cases were met: a row another entry changed keeps that change over the new copy.
    expect(await all.listings.get('s2')).toMatchObject({ flightNo: 'P-s2', confirmed: { flightNo: 'B1' } });
  });
});

describe('the size of a push', () => {
  it('stays under the server body limit however long the queued texts, in as few pushes as fit', async () => {
    const s = await signedIn(server);
    // 2,000 Devanagari characters: 6,000 bytes of UTF-8 each, 1.2 MB in all.
    const message = 'क'.repeat(2000);
    for (let i = 0; i < 200; i += 1)
      await sendContactMessage(s.store, {
        name: s.user.name,
        email: s.user.email,
        phone: s.user.phone,
        message,
      });
    const pushes: Array<{ bytes: number; status: number }> = [];
    const inner = s.net.fetch;
    withFetch(s, async (input, init) => {
      const res = await inner(input, init);
      if (pathOf(input) === '/api/sync/push')
        pushes.push({ bytes: new TextEncoder().encode(String(init?.body ?? '')).length, status: res.status });
      return res;
    });
    const result = await replayOutbox(s.store);
    expect(result.remaining).toBe(0);
    expect(result).toEqual({ sent: 200, failed: 0, remaining: 0 });
    expect(pushes.map((p) => p.status)).toEqual([200, 200]);
    for (const p of pushes) expect(p.bytes).toBeLessThanOrEqual(JSON_BODY_MAX_BYTES);
  });
});
