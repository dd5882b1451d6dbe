// @vitest-environment node
// Orderings of a phone's day that used to lose or double a change: a full disk during a
// submission and while a push answer is stored, two pulls landing out of order, and an accept
// queued offline on a booking that expired meanwhile.

import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addListing,
  bookListing,
  login,
  pull,
  replayOutbox,
  type Store,
  updateBookingStatus,
  waitingList,
} from '@/data';
import { bookings as bookingsTable } from '@/server/db/schema';
import { expireOverdueBookings } from '@/server/model/bookings.expiry';
import { bookedListing, mirroredListing } from '../support/data-bookings';
import { createDevice } from '../support/data-device';
import { storageFull } from '../support/data-storage-full';
import { listingValues, signedIn } from '../support/data-store';
import { serverPerFile } from '../support/server-app';
import { jsonInit, newUserDetails } from '../support/server-users';

const server = serverPerFile();
afterEach(() => {
  vi.unstubAllGlobals();
});

async function serverBookings(listingId: string) {
  return server.db.select().from(bookingsTable).where(eq(bookingsTable.listingId, listingId));
}

/** A REST session of `user` elsewhere (another device). */
async function elsewhere(user: { email: string; password: string }) {
  const res = await server.request('/auth/login', jsonInit('POST', user));
  const { token } = (await res.json()) as { token: string };
  return (path: string, method: string, body: unknown) =>
    server.request(path, jsonInit(method, body, { Cookie: `carry_session=${token}` }));
}

describe('a full disk during a submission', () => {
  it('books once when the analytics write after the booking fails', async () => {
    const { listing } = await mirroredListing(server, { weight: 10 });
    const traveller = await signedIn(server);
    const full = await storageFull(traveller.store);
    full.fail = (table) => table === 'analytics';
    // The form's submission: it either reports the booking queued, or nothing happened.
    let outcome = 'queued' as 'queued' | 'failed';
    await bookListing(traveller.store, listing, 2).catch(() => {
      outcome = 'failed';
    });
    // "Booking Failed! Please try again": the user tries again.
    if (outcome === 'failed') await bookListing(traveller.store, listing, 2).catch(() => undefined);
    full.fail = null;
    await replayOutbox(traveller.store);
    expect(outcome).toBe('queued');
    expect(await serverBookings(listing.id)).toHaveLength(1);
  });

  it('adds one listing when the analytics write after it fails', async () => {
    const carrier = await signedIn(server);
    const full = await storageFull(carrier.store);
    full.fail = (table) => table === 'analytics';
    const values = listingValues({ cost: 777 });
    await expect(addListing(carrier.store, values)).resolves.toMatchObject({ key: expect.any(String) });
    full.fail = null;
    await replayOutbox(carrier.store);
    expect(await carrier.store.db.listings.filter((l) => l.cost === 777).count()).toBe(1);
  });

  it('queues nothing when the booking itself cannot be stored, and says so', async () => {
    const { listing } = await mirroredListing(server, { weight: 10 });
    const traveller = await signedIn(server);
    const full = await storageFull(traveller.store);
    full.fail = (table) => table === 'outbox';
    await expect(bookListing(traveller.store, listing, 2)).rejects.toThrow();
    full.fail = null;
    expect(await traveller.store.db.outbox.count()).toBe(0);
    expect(await traveller.store.db.bookings.count()).toBe(0);
  });
});

describe('a full disk when a push answer is stored', () => {
  it('shows the change stuck with the reason, and does not push it again every second', async () => {
    const { listing } = await mirroredListing(server, { weight: 10 });
    const traveller = await signedIn(server);
    const pushes = () => traveller.net.delivered.filter((d) => d.path === '/api/sync/push').length;
    const { key } = await bookListing(traveller.store, listing, 2);
    const full = await storageFull(traveller.store);
    // The answer's rows cannot be stored.
    full.fail = (table) => table === 'bookings';
    await replayOutbox(traveller.store).catch(() => undefined);
    for (let i = 0; i < 5; i += 1) {
      traveller.clock.t += 1000;
      await replayOutbox(traveller.store).catch(() => undefined);
    }
    expect(pushes()).toBe(1);
    const [item] = await waitingList(traveller.store, traveller.user.email);
    expect(item).toMatchObject({ key, state: 'stuck' });
    expect(item?.error).toMatch(/storage/i);
    // Space freed: the next try settles it from the server's stored answer, applied once.
    full.fail = null;
    traveller.clock.t += 10 * 60_000;
    await replayOutbox(traveller.store);
    await pull(traveller.store);
    expect(await traveller.store.db.outbox.count()).toBe(0);
    expect(await serverBookings(listing.id)).toHaveLength(1);
  });
});

describe('two pulls at once', () => {
  async function deviceWithOrder() {
    const details = newUserDetails();
    await server.request('/auth/signup', jsonInit('POST', details));
    const device = createDevice(server.app);
    const tabA = device.tabs[0] as Store;
    await login(tabA, { email: details.email, password: details.password });
    await addListing(tabA, listingValues({ weight: 10 }));
    await replayOutbox(tabA);
    const [listing] = await tabA.db.listings.toArray();
    if (!listing) throw new Error('no listing');
    const traveller = await signedIn(server);
    await bookListing(traveller.store, listing, 2);
    await replayOutbox(traveller.store);
    await pull(tabA);
    const [order] = await tabA.db.orders.toArray();
    if (!order) throw new Error('no order');
    return { device, tabA, details, id: order.id };
  }

  it('never applies an answer older than the state the device holds', async () => {
    const { device, tabA, details, id } = await deviceWithOrder();
    const tabB = device.openTab();
    const other = await elsewhere(details);
    await other('/api/bookings/update-status', 'PUT', { listingId: id, status: 'accepted' });
    // Tab A's pull reads the accepted booking; its answer is slow.
    const held = device.link.holdNext('/api/sync/pull');
    const slow = pull(tabA);
    await held.reached;
    await other('/api/bookings/update-status', 'PUT', { listingId: id, status: 'cancelled' });
    // Tab B (or the service worker) pulls meanwhile and lands first.
    await pull(tabB);
    expect((await tabB.db.orders.get(id))?.status).toBe('cancelled');
    const cookie = (await tabB.db.meta.toArray()).find((m) => m.key.startsWith('pullCookie:'))?.value;
    held.deliver();
    await slow;
    expect((await tabA.db.orders.get(id))?.status).toBe('cancelled');
    const after = (await tabA.db.meta.toArray()).find((m) => m.key.startsWith('pullCookie:'))?.value;
    expect(after).toBe(cookie);
    await device.destroy();
  });
});

describe('an accept queued offline on a booking that expired meanwhile', () => {
  it('shows the booking expired, with no refusal and nothing more to do', async () => {
    const { carrier, orders } = await bookedListing(server, { weight: 10, kgs: [2] });
    const id = orders[0]?.id ?? '';
    // Offline, the carrier accepts; the booking's time to be answered runs out before it goes.
    await updateBookingStatus(carrier.store, id, 'accept');
    await server.db
      .update(bookingsTable)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookingsTable.id, id));
    await expireOverdueBookings(server.db, Date.now());
    await replayOutbox(carrier.store);
    const order = await carrier.store.db.orders.get(id);
    expect(order).toMatchObject({ status: 'expired', syncState: 'synced' });
    expect(await carrier.store.db.outbox.count()).toBe(0);
    // Nothing on top: a cancel of an expired booking is refused on the device.
    expect(await updateBookingStatus(carrier.store, id, 'cancel')).toMatchObject({ ok: false });
  });

  it('shows it expired also when the housekeeping has not run yet', async () => {
    const { carrier, orders } = await bookedListing(server, { weight: 10, kgs: [2] });
    const id = orders[0]?.id ?? '';
    await updateBookingStatus(carrier.store, id, 'accept');
    await server.db
      .update(bookingsTable)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookingsTable.id, id));
    await replayOutbox(carrier.store);
    expect(await carrier.store.db.orders.get(id)).toMatchObject({ status: 'expired', syncState: 'synced' });
    expect(await carrier.store.db.outbox.count()).toBe(0);
  });
});
