// The Dexie schema's upgrade path: a database written by version 1 opens at the current version
// with its rows kept and the fields later versions rely on filled in.
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { DB_VERSIONS, openDb } from '@/data';
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
        'listings',
        'meta',
        'orders',
        'outbox',
        'profile',
        'searchResults',
      ].sort(),
    );
    db.close();
  });
});
