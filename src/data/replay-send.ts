// How each kind of outbox entry goes over the wire, and how its local record settles once the
// server has answered: replaced by the server's row, or marked failed with the server's words.
import * as v from 'valibot';
import { orderSchema } from '@/domain/booking/schema';
import { IDEMPOTENCY_HEADER } from '@/domain/constants';
import { COURIER_HIDDEN_DEFAULTS } from '@/domain/courier/schema';
import { listingSchema } from '@/domain/listing/schema';
import type { OutboxEntry } from '@/domain/outbox/entry';
import { syncedTables } from './db';
import { call } from './http';
import { type CourierPayload, localId, type StatusPayload } from './outbox';
import type { Store } from './store';

const uploadAnswer = v.object({ url: v.string() });

/** Sends one entry with its key as the Idempotency-Key; resolves with the parsed answer. */
export async function sendEntry(store: Store, entry: OutboxEntry): Promise<unknown> {
  const headers = { [IDEMPOTENCY_HEADER]: entry.key };
  const { http } = store;
  switch (entry.kind) {
    case 'add-listing':
      return call(http, 'POST', '/carrier/carrier/add-listing', { json: entry.payload, headers });
    case 'book':
      return call(http, 'POST', '/api/book', { json: entry.payload, headers });
    case 'status-update': {
      const { listingId, status } = entry.payload as StatusPayload;
      return call(http, 'PUT', '/api/bookings/update-status', { json: { listingId, status }, headers });
    }
    case 'contact':
      return call(http, 'POST', '/api/contact', { json: entry.payload, headers });
    case 'courier':
      return sendCourier(store, entry as OutboxEntry<CourierPayload>);
  }
}

/** Two steps; the url is saved after the first so a retried second step reuses it. */
async function sendCourier(store: Store, entry: OutboxEntry<CourierPayload>): Promise<unknown> {
  let url = entry.payload.itemImageUrl;
  if (!url) {
    const { bytes, type, name } = entry.payload.image;
    const form = new FormData();
    form.append('file', new Blob([bytes], { type }), name);
    const headers = { [IDEMPOTENCY_HEADER]: `${entry.key}-image` };
    const answer = await call(store.http, 'POST', '/api/files/courier-images', { body: form, headers });
    url = v.parse(uploadAnswer, answer).url;
    await store.db.outbox.update(entry.key, { payload: { ...entry.payload, itemImageUrl: url } });
  }
  const body = { ...COURIER_HIDDEN_DEFAULTS, ...entry.payload.form, itemImageUrl: url };
  return call(store.http, 'POST', '/api/courier/submit', {
    json: body,
    headers: { [IDEMPOTENCY_HEADER]: entry.key },
  });
}

const settled = { syncState: 'synced', syncError: null, outboxKey: null } as const;
const listingAnswer = v.object({ listing: listingSchema });
const orderAnswer = v.object({ booking: orderSchema });

/** Removes the entry and settles its optimistic record, in one transaction. */
export async function applySuccess(store: Store, entry: OutboxEntry, answer: unknown): Promise<void> {
  const { db } = store;
  await db.transaction('rw', [db.outbox, db.listings, db.bookings, db.orders], async () => {
    await db.outbox.delete(entry.key);
    const id = localId(entry.key);
    if (entry.kind === 'add-listing') {
      // The server's row replaces the optimistic one; without it the next refresh will.
      const server = v.safeParse(listingAnswer, answer);
      if (server.success) {
        await db.listings.delete(id);
        await db.listings.put({ ...server.output.listing, ...settled });
      } else await db.listings.update(id, settled);
    } else if (entry.kind === 'book') {
      const server = v.safeParse(orderAnswer, answer);
      if (server.success) {
        await db.bookings.delete(id);
        await db.bookings.put({ ...server.output.booking, ...settled });
      } else await db.bookings.update(id, settled);
    } else if (entry.kind === 'status-update') {
      const { listingId } = entry.payload as StatusPayload;
      const row = await db.orders.get(listingId);
      // A later status change on the same booking is still pending: leave its marker.
      if (row?.outboxKey !== entry.key) return;
      const server = v.safeParse(orderAnswer, answer);
      await db.orders.update(listingId, server.success ? { ...server.output.booking, ...settled } : settled);
    }
  });
}

/** The server refused the entry for good: keep it, failed, with the server's message. */
export async function markFailed(store: Store, entry: OutboxEntry, message: string): Promise<void> {
  const { db } = store;
  await db.transaction('rw', [db.outbox, db.listings, db.bookings, db.orders], async () => {
    await db.outbox.update(entry.key, { state: 'failed', lastError: message, attempts: entry.attempts + 1 });
    for (const table of syncedTables(db)) {
      await table.where('outboxKey').equals(entry.key).modify({ syncState: 'failed', syncError: message });
    }
  });
}
