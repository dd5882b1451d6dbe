// replaceMirror: the server's rows replace the synced local copy; rows with unsent changes stay.
import { describe, expect, it } from 'vitest';
import { META, type OrderRow } from '@/data';
import { getMeta } from '@/data/meta';
import { replaceMirror } from '@/data/mirror';
import type { Order } from '@/domain/booking/schema';
import type { SyncState } from '@/domain/outbox/entry';
import { testStore } from '../support/data-store';
import { makeOrder } from '../support/orders';

function order(id: string, name = 'Meera Shah'): Order {
  return makeOrder(id, { name });
}

function row(id: string, syncState: SyncState, name = 'Local'): OrderRow {
  return {
    ...order(id, name),
    syncState,
    syncError: null,
    outboxKey: syncState === 'synced' ? null : `k-${id}`,
  };
}

describe('replaceMirror', () => {
  it('replaces synced rows, drops synced rows the server no longer has and keeps unsent ones', async () => {
    const store = testStore();
    await store.db.bookings.bulkPut([
      row('kept-synced', 'synced'),
      row('gone', 'synced'),
      row('pending-on-server', 'pending'),
      row('failed-local', 'failed'),
    ]);
    const server = [
      order('kept-synced', 'Server'),
      order('pending-on-server', 'Server'),
      order('new', 'Server'),
    ];

    await replaceMirror<Order>(store, store.db.bookings, server, 'bookings');

    const rows = await store.db.bookings.toArray();
    expect(rows.map((r) => [r.id, r.name, r.syncState]).sort()).toEqual([
      ['failed-local', 'Local', 'failed'],
      ['kept-synced', 'Server', 'synced'],
      ['new', 'Server', 'synced'],
      ['pending-on-server', 'Local', 'pending'],
    ]);
    expect(await store.db.bookings.get('new')).toMatchObject({ syncError: null, outboxKey: null });
    store.db.close();
  });

  it('records when the collection was synced, even when the server has no rows', async () => {
    const store = testStore();
    await store.db.bookings.put(row('gone', 'synced'));

    await replaceMirror<Order>(store, store.db.bookings, [], 'bookings');

    expect(await store.db.bookings.count()).toBe(0);
    expect(await getMeta(store.db, META.syncedAt('bookings'))).toBe(store.now());
    store.db.close();
  });
});
