// @vitest-environment node
// Plans change on the device, against the real server: a traveller's cancel and a carrier's
// decline are held for their Undo, then land once with their reason on both sides; a refused
// cancel keeps its code; an edit below the booked weight is refused on the device; a withdrawn
// listing leaves another user's watched mirror and the carrier's pending orders show declined.
import { describe, expect, it } from 'vitest';
import {
  cancelMyBooking,
  editListing,
  endOrder,
  pull,
  replayOutbox,
  undoChange,
  withdrawListing,
} from '@/data';
import { watchRoute } from '@/data/watches';
import { UNDO_HOLD_MS } from '@/domain/outbox/entry';
import { bookedListing, declineElsewhere, mirroredListing } from '../support/data-bookings';
import { signedIn } from '../support/data-store';
import { serverPerFile } from '../support/server-app';

const server = serverPerFile();
const reason = { code: 'plans-changed' as const, text: 'Trip moved a week' };

describe('cancelMyBooking', () => {
  it('shows the cancel at once, holds it for Undo, then sends it once with its reason', async () => {
    const { carrier, traveller, orders } = await bookedListing(server);
    const id = orders[0]?.id ?? '';
    await pull(traveller.store);
    const { key } = await cancelMyBooking(traveller.store, id, reason);
    expect(await traveller.store.db.bookings.get(id)).toMatchObject({
      status: 'cancelled',
      syncState: 'pending',
    });
    // Held: a push now sends nothing.
    await replayOutbox(traveller.store);
    expect(await traveller.store.db.outbox.get(key)).toBeDefined();
    expect(await undoChange(traveller.store, key)).toBe(true);
    expect(await traveller.store.db.bookings.get(id)).toMatchObject({
      status: 'pending',
      syncState: 'synced',
    });
    expect(await traveller.store.db.outbox.count()).toBe(0);

    const again = await cancelMyBooking(traveller.store, id, reason);
    traveller.clock.t += UNDO_HOLD_MS;
    await replayOutbox(traveller.store);
    expect(await traveller.store.db.outbox.count()).toBe(0);
    expect(await undoChange(traveller.store, again.key)).toBe(false);
    expect(await traveller.store.db.bookings.get(id)).toMatchObject({
      status: 'cancelled',
      syncState: 'synced',
    });
    await pull(carrier.store);
    const order = await carrier.store.db.orders.get(id);
    expect(order?.status).toBe('cancelled');
    expect(order?.history?.at(-1)).toMatchObject({ by: 'traveller', reason });
  });

  it('keeps a cancel the server refused as failed with its code (the carrier declined meanwhile)', async () => {
    const { carrier, traveller, orders } = await bookedListing(server);
    const id = orders[0]?.id ?? '';
    await pull(traveller.store);
    traveller.net.down = true;
    const { key } = await cancelMyBooking(traveller.store, id, reason);
    await declineElsewhere(server, carrier, id);
    traveller.net.down = false;
    traveller.clock.t += UNDO_HOLD_MS;
    await replayOutbox(traveller.store);
    expect(await traveller.store.db.outbox.get(key)).toMatchObject({
      state: 'failed',
      lastErrorCode: 'booking/moved-on',
    });
  });
});

describe('endOrder', () => {
  it("declines with a reason that reaches the traveller's history, after the hold", async () => {
    const { carrier, traveller, orders } = await bookedListing(server);
    const id = orders[0]?.id ?? '';
    const declined = await endOrder(carrier.store, id, 'decline', { code: 'no-space' });
    expect(declined.ok).toBe(true);
    expect(await undoChange(carrier.store, declined.key ?? '')).toBe(true);
    expect((await carrier.store.db.orders.get(id))?.status).toBe('pending');
    await endOrder(carrier.store, id, 'decline', { code: 'no-space' });
    carrier.clock.t += UNDO_HOLD_MS;
    await replayOutbox(carrier.store);
    await pull(traveller.store);
    const mine = await traveller.store.db.bookings.get(id);
    expect(mine?.status).toBe('rejected');
    expect(mine?.history?.at(-1)).toMatchObject({ by: 'carrier', reason: { code: 'no-space' } });
  });
});

describe('editListing and withdrawListing', () => {
  it('refuses on the device a weight below what is booked', async () => {
    const { carrier, listing } = await bookedListing(server, { weight: 10, kgs: [4] });
    await pull(carrier.store);
    const { departure, time, flightNo, cost } = listing;
    await expect(
      editListing(carrier.store, listing.id, { departure, time, flightNo, cost, weight: 3 }),
    ).rejects.toMatchObject({ code: 'listing/below-booked' });
    await editListing(carrier.store, listing.id, { departure, time, flightNo, cost: 800, weight: 4 });
    await replayOutbox(carrier.store);
    expect(await carrier.store.db.listings.get(listing.id)).toMatchObject({
      cost: 800,
      weight: 4,
      syncState: 'synced',
    });
  });

  it("takes a withdrawn listing out of another user's watched mirror", async () => {
    const { carrier, listing } = await mirroredListing(server);
    const watcher = await signedIn(server);
    const watched = await watchRoute(watcher.store, {
      from: listing.from,
      to: listing.to,
      departure: listing.departure,
      days: 0,
    });
    expect(watched.ok).toBe(true);
    await replayOutbox(watcher.store);
    await pull(watcher.store);
    expect(await watcher.store.db.watched.get(listing.id)).toBeDefined();

    await withdrawListing(carrier.store, listing.id, { code: 'flight-changed' });
    expect((await carrier.store.db.listings.get(listing.id))?.withdrawnAt).toBeTypeOf('number');
    carrier.clock.t += UNDO_HOLD_MS;
    await replayOutbox(carrier.store);
    expect(await carrier.store.db.outbox.count()).toBe(0);
    await pull(watcher.store);
    expect(await watcher.store.db.watched.get(listing.id)).toBeUndefined();
  });
});
