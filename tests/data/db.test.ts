// The Dexie schema's upgrade path: a database written by version 1 opens at the current version
// with its rows kept and the fields later versions rely on filled in.
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { DB_VERSIONS, openDb } from '@/data';
import { upgradeRequired } from '@/data/engine/upgrade-required';
import { uniqueDbName } from '../support/data-store';

describe('AppDb', () => {
  it('upgrades a version 1 database without losing rows', async () => {
    const name = uniqueDbName();
    const [v1] = DB_VERSIONS;
    const old = new Dexie(name);
    old.version(v1.version).stores(v1.stores);
    await old.table('listings').put({ id: 'L1', email: 'a@example.com', from: 'DEL', to: 'BOM', cost: 5 });
    await old
      .table('outbox')
      .put({ key: 'k1', kind: 'contact', payload: {}, user: 'a@example.com', createdAt: 1 });
    await old.table('airports').put({ id: 'DEL', code: 'DEL', name: 'Delhi' });
    old.close();

    const db = openDb(name);
    expect(await db.listings.get('L1')).toMatchObject({
      cost: 5,
      syncState: 'synced',
      syncError: null,
      outboxKey: null,
    });
    expect(await db.outbox.get('k1')).toMatchObject({ state: 'queued', attempts: 0, nextAttemptAt: 0 });
    expect(await db.airports.count()).toBe(1);
    expect(await db.listings.where('syncState').equals('synced').count()).toBe(1);
    expect(db.verno).toBe(DB_VERSIONS.at(-1)?.version);
    expect(
      await db.outbox.where('[user+state+createdAt]').equals(['a@example.com', 'queued', 1]).primaryKeys(),
    ).toEqual(['k1']);
    db.close();
  });

  it('upgrades a version 2 database, indexing queued entries by user and search results by id', async () => {
    const name = uniqueDbName();
    const [v1, v2] = DB_VERSIONS;
    const old = new Dexie(name);
    old.version(v1.version).stores(v1.stores);
    old.version(v2.version).stores(v2.stores);
    const entry = { kind: 'contact', payload: {}, attempts: 0, nextAttemptAt: 0, lastError: null };
    await old.table('outbox').bulkPut([
      { ...entry, key: 'late', user: 'a@example.com', createdAt: 9, state: 'queued' },
      { ...entry, key: 'early', user: 'a@example.com', createdAt: 2, state: 'queued' },
      { ...entry, key: 'refused', user: 'a@example.com', createdAt: 1, state: 'failed' },
      { ...entry, key: 'other', user: 'b@example.com', createdAt: 1, state: 'queued' },
    ]);
    const result = { id: 'L1', from: 'DEL', to: 'BOM', departure: '2099-01-01', rank: 0 };
    await old.table('searchResults').bulkPut([
      { ...result, searchKey: 's1' },
      { ...result, searchKey: 's2' },
      { ...result, id: 'L2', searchKey: 's1' },
    ]);
    old.close();

    const db = openDb(name);
    const queued = await db.outbox
      .where('[user+state+createdAt]')
      .between(['a@example.com', 'queued', Dexie.minKey], ['a@example.com', 'queued', Dexie.maxKey])
      .primaryKeys();
    expect(queued).toEqual(['early', 'late']);
    expect(await db.searchResults.where('id').equals('L1').count()).toBe(2);
    expect(db.verno).toBe(DB_VERSIONS.at(-1)?.version);
    db.close();
  });

  it('upgrades a version 3 outbox to typed mutations, moving a courier image to the photo lane', async () => {
    const name = uniqueDbName();
    const old = new Dexie(name);
    for (const v of DB_VERSIONS.slice(0, 3)) old.version(v.version).stores(v.stores);
    const base = { user: 'a@example.com', attempts: 2, nextAttemptAt: 0, lastError: null, state: 'queued' };
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47]).buffer;
    await old.table('outbox').bulkPut([
      {
        ...base,
        key: 's',
        createdAt: 1,
        kind: 'status-update',
        payload: { listingId: 'b1', status: 'accepted', prevStatus: 'pending' },
      },
      {
        ...base,
        key: 'c',
        createdAt: 2,
        state: 'sending',
        kind: 'courier',
        payload: {
          form: { fullName: 'Asha' },
          image: { bytes, type: 'image/png', name: 'bag.png' },
          itemImageUrl: null,
        },
      },
    ]);
    old.close();

    const db = openDb(name);
    expect(await db.outbox.get('s')).toMatchObject({
      args: { listingId: 'b1', status: 'accepted' },
      mutationId: null,
      state: 'queued',
    });
    const courier = await db.outbox.get('c');
    expect(courier).toMatchObject({ kind: 'courier', state: 'queued', local: { photo: 'legacy-c' } });
    expect(courier && 'payload' in courier).toBe(false);
    expect(await db.photos.get('legacy-c')).toMatchObject({ name: 'bag.png', url: null, size: 4 });
    db.close();
  });

  it('opens a fresh database with every table', async () => {
    const db = openDb(uniqueDbName());
    await db.open();
    expect(db.tables.map((t) => t.name).sort()).toEqual(
      [
        'airlines',
        'airports',
        'analytics',
        'bookings',
        'couriers',
        'listings',
        'messages',
        'meta',
        'orders',
        'outbox',
        'photos',
        'profile',
        'reads',
        'searchResults',
        'watched',
        'watches',
      ].sort(),
    );
    db.close();
  });

  it('closes for good and asks for a reload when a newer release opens the database', async () => {
    const name = uniqueDbName();
    const db = openDb(name);
    await db.outbox.count();
    const newer = new Dexie(name);
    for (const v of DB_VERSIONS) newer.version(v.version).stores(v.stores);
    newer.version(99).stores({ outbox: 'key, createdAt' });
    await newer.open();
    expect(upgradeRequired(db)).toBe(true);
    // No automatic reopen at the newer version: this code never writes its format there.
    await expect(db.outbox.count()).rejects.toMatchObject({ name: 'DatabaseClosedError' });
    newer.close();
  });

  it('does not use a database a newer release wrote', async () => {
    const name = uniqueDbName();
    const newer = new Dexie(name);
    for (const v of DB_VERSIONS) newer.version(v.version).stores(v.stores);
    newer.version(99).stores({ outbox: 'key, createdAt' });
    await newer.open();
    newer.close();
    const db = openDb(name);
    await expect(db.outbox.count()).rejects.toThrow();
    expect(upgradeRequired(db)).toBe(true);
  });

  it('gives an upgraded booking the price its row or search result knows, else an unknown price', async () => {
    const name = uniqueDbName();
    const old = new Dexie(name);
    for (const v of DB_VERSIONS.slice(0, 4)) old.version(v.version).stores(v.stores);
    const entry = (key: string, listingId: string) => ({
      key,
      kind: 'book',
      args: { listingId, weight: 2, flightDetails: { flightNo: 'AI1' } },
      local: { costPerKg: 0 },
      user: 'a@example.com',
      createdAt: key.length,
      mutationId: null,
      attempts: 0,
      nextAttemptAt: 0,
      failingSince: null,
      lastError: null,
      lastErrorCode: null,
      state: 'queued',
    });
    await old
      .table('outbox')
      .bulkPut([entry('by-row', 'L1'), entry('by-search', 'L2'), entry('unknown', 'L3')]);
    await old.table('bookings').put({ id: 'local-by-row', weight: 2, cost: 900, syncState: 'pending' });
    await old.table('searchResults').put({ id: 'L2', searchKey: 's', rank: 0, cost: 300 });
    old.close();

    const db = openDb(name);
    const price = async (key: string) => (await db.outbox.get(key))?.local;
    expect(await price('by-row')).toEqual({ costPerKg: 450 });
    expect(await price('by-search')).toEqual({ costPerKg: 300 });
    expect(await price('unknown')).toEqual({ costPerKg: Number.NaN });
    expect(await db.outbox.get('by-row')).toMatchObject({ idempotencyKey: 'by-row' });
    db.close();
  });
  it('upgrades a version 5 database to the message tables, keeping rows and entries, forgetting pull cookies', async () => {
    const name = uniqueDbName();
    const old = new Dexie(name);
    for (const v of DB_VERSIONS.slice(0, 5)) old.version(v.version).stores(v.stores);
    await old.table('bookings').put({ id: 'B1', status: 'accepted', syncState: 'synced', outboxKey: null });
    await old
      .table('outbox')
      .put({ key: 'k1', kind: 'contact', args: {}, local: {}, user: 'a@example.com', createdAt: 1 });
    await old.table('meta').bulkPut([
      { key: 'pullCookie:c1', value: 'state-without-messages' },
      { key: 'clientId:a@example.com', value: 'c1' },
    ]);
    old.close();

    const db = openDb(name);
    expect(db.verno).toBe(7);
    expect(await db.bookings.get('B1')).toMatchObject({ status: 'accepted' });
    expect(await db.outbox.get('k1')).toMatchObject({ kind: 'contact' });
    // A cookie of v5 names a state whose messages this device never stored: the next pull is whole.
    expect(await db.meta.get('pullCookie:c1')).toBeUndefined();
    expect(await db.meta.get('clientId:a@example.com')).toMatchObject({ value: 'c1' });
    expect(await db.messages.count()).toBe(0);
    expect(await db.messages.where('[bookingId+seq]').between(['B1', 0], ['B1', Infinity]).count()).toBe(0);
    db.close();
  });

  it('upgrades a version 6 database to the courier requests table, keeping entries, forgetting pull cookies', async () => {
    const name = uniqueDbName();
    const old = new Dexie(name);
    for (const v of DB_VERSIONS.slice(0, 6)) old.version(v.version).stores(v.stores);
    await old.table('outbox').put({
      key: 'k1',
      kind: 'courier',
      args: {},
      local: { photo: 'p' },
      user: 'a@example.com',
      createdAt: 1,
    });
    await old.table('meta').put({ key: 'pullCookie:c1', value: 'state-without-couriers' });
    old.close();

    const db = openDb(name);
    expect(db.verno).toBe(7);
    expect(await db.outbox.get('k1')).toMatchObject({ kind: 'courier' });
    // A cookie of v6 names a state whose courier requests this device never stored: the next pull is whole.
    expect(await db.meta.get('pullCookie:c1')).toBeUndefined();
    expect(await db.couriers.count()).toBe(0);
    db.close();
  });
});
