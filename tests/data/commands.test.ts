// @vitest-environment node
// Each command against the real server: the optimistic record and its outbox entry appear
// together; after replay the server holds the record once and the local record is synced.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addListing,
  bookListing,
  logout,
  pull,
  queueChange,
  replayOutbox,
  SessionMissingError,
  sendContactMessage,
  submitCourierRequest,
  updateBookingStatus,
  uploadPhotos,
} from '@/data';
import { bookings, contactMessages, courierRequests, listings } from '@/server/db/schema';
import { courierForm } from '../support/data-courier';
import { listingValues, signedIn } from '../support/data-store';
import { serverPerFile } from '../support/server-app';

const server = serverPerFile();

describe('addListing', () => {
  it('writes the pending row and its entry together, then syncs to one server listing', async () => {
    const { store, net, user } = await signedIn(server);
    const { key } = await addListing(store, listingValues());
    const [row] = await store.db.listings.toArray();
    expect(row).toMatchObject({ id: `local-${key}`, syncState: 'pending', outboxKey: key });
    expect(await store.db.outbox.get(key)).toMatchObject({
      kind: 'add-listing',
      state: 'queued',
      user: user.email,
    });

    expect(await replayOutbox(store)).toMatchObject({ sent: 1, failed: 0, remaining: 0 });
    const rows = await store.db.listings.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ syncState: 'synced', outboxKey: null });
    expect(rows[0]?.id.startsWith('local-')).toBe(false);
    expect(await store.db.outbox.count()).toBe(0);
    expect(net.applied().filter((d) => d.path === '/api/sync/push')).toHaveLength(1);
    const mine = await server.db.select().from(listings).where(eq(listings.email, user.email));
    expect(mine).toHaveLength(1);
  });
});

describe('bookListing and updateBookingStatus', () => {
  it('books another carrier listing once, then the carrier accepts it once', async () => {
    const carrier = await signedIn(server);
    const traveller = await signedIn(server);
    await addListing(carrier.store, listingValues({ weight: 5, cost: 300 }));
    await replayOutbox(carrier.store);
    const [listing] = await carrier.store.db.listings.toArray();
    if (!listing) throw new Error('no listing');

    const { key } = await bookListing(traveller.store, listing, 2);
    expect(await traveller.store.db.bookings.get(`local-${key}`)).toMatchObject({
      syncState: 'pending',
      cost: 600,
      status: 'pending',
    });
    expect(await traveller.store.db.outbox.get(key)).toMatchObject({ kind: 'book' });
    await replayOutbox(traveller.store);
    const booked = await traveller.store.db.bookings.toArray();
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({ syncState: 'synced', weight: 2 });

    await pull(carrier.store);
    const [order] = await carrier.store.db.orders.toArray();
    if (!order) throw new Error('no order');
    expect(await updateBookingStatus(carrier.store, order.id, 'accept')).toEqual({
      ok: true,
      status: 'accepted',
    });
    expect(await carrier.store.db.orders.get(order.id)).toMatchObject({
      status: 'accepted',
      syncState: 'pending',
    });
    await replayOutbox(carrier.store);
    expect(await carrier.store.db.orders.get(order.id)).toMatchObject({
      status: 'accepted',
      syncState: 'synced',
    });
    expect(carrier.net.applied().filter((d) => d.path === '/api/sync/push')).toHaveLength(2);
    expect(traveller.net.applied().filter((d) => d.path === '/api/sync/push')).toHaveLength(1);
    const stored = await server.db.select().from(bookings).where(eq(bookings.id, order.id));
    expect(stored.map((b) => b.status)).toEqual(['accepted']);
  });

  it('refuses an illegal transition locally and queues nothing', async () => {
    const carrier = await signedIn(server);
    const traveller = await signedIn(server);
    await addListing(carrier.store, listingValues());
    await replayOutbox(carrier.store);
    const [listing] = await carrier.store.db.listings.toArray();
    if (!listing) throw new Error('no listing');
    await bookListing(traveller.store, listing, 1);
    await replayOutbox(traveller.store);
    await pull(carrier.store);
    const [order] = await carrier.store.db.orders.toArray();
    if (!order) throw new Error('no order');
    const result = await updateBookingStatus(carrier.store, order.id, 'complete');
    expect(result).toMatchObject({ ok: false, code: 'booking/transition-not-allowed' });
    expect(await carrier.store.db.outbox.count()).toBe(0);
  });
});

describe('sendContactMessage', () => {
  it('queues the message and the server stores it once', async () => {
    const { store, user } = await signedIn(server);
    const msg = { name: 'Asha Rao', email: user.email, phone: user.phone, message: 'Where is my bag?' };
    const { key } = await sendContactMessage(store, msg);
    expect(await store.db.outbox.get(key)).toMatchObject({ kind: 'contact', state: 'queued' });
    await replayOutbox(store);
    const rows = await server.db.select().from(contactMessages).where(eq(contactMessages.email, user.email));
    expect(rows.map((r) => r.message)).toEqual(['Where is my bag?']);
    expect(await store.db.outbox.count()).toBe(0);
  });
});

describe('queueChange', () => {
  it('queues a kind with its arguments for the signed-in user, and the server applies it once', async () => {
    const { store, user, net } = await signedIn(server);
    const msg = { name: 'Asha Rao', email: user.email, phone: user.phone, message: 'Queued generically' };
    const { key } = await queueChange(store, 'contact', msg);
    expect(await store.db.outbox.get(key)).toMatchObject({ kind: 'contact', args: msg, user: user.email });
    await replayOutbox(store);
    await replayOutbox(store);
    const rows = await server.db.select().from(contactMessages).where(eq(contactMessages.email, user.email));
    expect(rows.map((r) => r.message)).toEqual(['Queued generically']);
    expect(net.applied().filter((d) => d.path === '/api/sync/push')).toHaveLength(1);
  });

  it('refuses with no session on the device, queuing nothing', async () => {
    const { store } = await signedIn(server);
    await logout(store);
    await expect(
      queueChange(store, 'contact', { name: 'A', email: 'a@b.co', phone: '9876543210', message: 'x' }),
    ).rejects.toThrow(SessionMissingError);
    expect(await store.db.outbox.count()).toBe(0);
  });
});

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
]);

describe('submitCourierRequest', () => {
  it('uploads the photo once on its own lane, then submits the request once with its url', async () => {
    const { store, net, user, clock } = await signedIn(server);
    const { key } = await submitCourierRequest(
      store,
      courierForm(user),
      new Blob([PNG], { type: 'image/png' }),
      'bag.png',
    );
    const queued = await store.db.outbox.get(key);
    expect(queued).toMatchObject({ kind: 'courier', mutationId: null });
    // Before its photo is up, a push passes the request over.
    await replayOutbox(store);
    expect(net.applied().filter((d) => d.path === '/api/sync/push')).toHaveLength(0);
    expect(await uploadPhotos(store)).toBe(1);
    net.inject('fail'); // the push fails before sending
    await replayOutbox(store);
    const entry = await store.db.outbox.get(key);
    expect(entry?.kind === 'courier' && entry.args.itemImageUrl).toMatch(/bag\.png$/);

    clock.t += 60_000; // past the backoff
    await replayOutbox(store);
    await uploadPhotos(store);
    expect(net.applied().filter((d) => d.path === '/api/files/courier-images')).toHaveLength(1);
    expect(net.applied().filter((d) => d.path === '/api/sync/push')).toHaveLength(1);
    const users = await server.db.select().from(courierRequests);
    const mine = users.filter((r) => (r.details as { emailAddress: string }).emailAddress === user.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.itemImageUrl).toMatch(/bag\.png$/);
    expect(await store.db.photos.count()).toBe(0);
  });
});
