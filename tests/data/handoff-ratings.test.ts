// @vitest-environment node
// Completing with the hand-off code and rating, through the data layer against the real server:
// offline completion reaches the server once, a typo is caught on the device, a wrong code the
// device cannot tell puts the order back to accepted with the server's message, and ratings queue.

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  completeBooking,
  discardEntry,
  handoffRefusal,
  pull,
  rateBooking,
  replayOutbox,
  updateBookingStatus,
} from '@/data';
import { handoffCodeFrom } from '@/domain/handoff/code';
import { syncClients, users } from '@/server/db/schema';
import { acceptedBooking } from '../support/data-bookings';
import type { SignedIn } from '../support/data-store';
import { serverPerFile } from '../support/server-app';

const server = serverPerFile();

/** The server's applied answers to this user's pushed mutations whose answer matches `match`. */
/**
 * How many of this user's mutations the server has applied, by the last-applied ids of their
 * clients: each change is applied under one id and never again. (The answers themselves go once
 * the device's pull acknowledges them, so they cannot be counted afterwards.)
 */
async function appliedCount(s: SignedIn) {
  const [me] = await server.db.select().from(users).where(eq(users.email, s.user.email));
  const rows = await server.db
    .select({ last: syncClients.lastMutationId })
    .from(syncClients)
    .where(eq(syncClients.userId, me?.id ?? ''));
  return rows.reduce((sum, r) => sum + r.last, 0);
}

describe('completeBooking', () => {
  it('records a completion offline at once and delivers it once when back online', async () => {
    const { carrier, traveller, id, code } = await acceptedBooking(server);
    const before = await appliedCount(carrier);
    carrier.net.down = true;
    expect(await completeBooking(carrier.store, id, code)).toEqual({ ok: true });
    expect(await carrier.store.db.orders.get(id)).toMatchObject({
      status: 'completed',
      syncState: 'pending',
    });
    await replayOutbox(carrier.store);
    expect(await carrier.store.db.outbox.count()).toBe(1);
    // Back online, the first answer is lost on the way: the retry with the same key is a replay.
    carrier.net.down = false;
    carrier.net.inject('drop');
    for (let i = 0; i < 3; i += 1) {
      carrier.clock.t += 10 * 60_000;
      await replayOutbox(carrier.store);
    }
    expect(await carrier.store.db.outbox.count()).toBe(0);
    expect(await appliedCount(carrier)).toBe(before + 1);
    expect(await carrier.store.db.orders.get(id)).toMatchObject({ status: 'completed', syncState: 'synced' });
    await pull(traveller.store);
    expect((await traveller.store.db.bookings.get(id))?.status).toBe('completed');
  });

  it('catches a mistyped code on the device: nothing is recorded or queued', async () => {
    const { carrier, id, code } = await acceptedBooking(server);
    carrier.net.down = true;
    const typo = `${code.slice(0, 2)}${(Number(code[2]) + 1) % 10}${code.slice(3)}`;
    expect(await completeBooking(carrier.store, id, typo)).toEqual({ ok: false, code: 'typo' });
    expect(await completeBooking(carrier.store, id, '12')).toEqual({ ok: false, code: 'format' });
    expect(await carrier.store.db.outbox.count()).toBe(0);
    expect((await carrier.store.db.orders.get(id))?.status).toBe('accepted');
  });

  it('puts the order back to accepted with the server’s message for a wrong code that passes the check', async () => {
    const { carrier, id, code } = await acceptedBooking(server);
    const wrong = handoffCodeFrom(String((Number(code.slice(0, 5)) + 7) % 100_000).padStart(5, '0'));
    carrier.net.down = true;
    expect(await completeBooking(carrier.store, id, wrong)).toEqual({ ok: true });
    expect((await carrier.store.db.orders.get(id))?.status).toBe('completed');
    carrier.net.down = false;
    await replayOutbox(carrier.store);
    expect(await carrier.store.db.outbox.count()).toBe(0);
    expect(await carrier.store.db.orders.get(id)).toMatchObject({ status: 'accepted', syncState: 'synced' });
    expect(await handoffRefusal(carrier.store, id)).toBe('Hand-off code does not match');
    // A refresh of the orders (the server's row) keeps the message.
    await pull(carrier.store);
    expect(await handoffRefusal(carrier.store, id)).toBe('Hand-off code does not match');
    // The right code then completes it, and the message goes.
    expect(await completeBooking(carrier.store, id, code)).toEqual({ ok: true });
    await replayOutbox(carrier.store);
    expect((await carrier.store.db.orders.get(id))?.status).toBe('completed');
    expect(await handoffRefusal(carrier.store, id)).toBeNull();
  });

  it('after five wrong codes shows the lock, even for the right code, until the lock ends', async () => {
    const { carrier, id, code } = await acceptedBooking(server);
    const wrong = handoffCodeFrom(String((Number(code.slice(0, 5)) + 3) % 100_000).padStart(5, '0'));
    for (let i = 0; i < 4; i += 1) {
      await completeBooking(carrier.store, id, wrong);
      await replayOutbox(carrier.store);
    }
    expect(await handoffRefusal(carrier.store, id)).toBe('Hand-off code does not match');
    // The fifth wrong code's answer already shows the lock.
    await completeBooking(carrier.store, id, wrong);
    await replayOutbox(carrier.store);
    expect(await carrier.store.db.orders.get(id)).toMatchObject({ status: 'accepted', syncState: 'synced' });
    expect(await handoffRefusal(carrier.store, id)).toBe(
      'Too many wrong hand-off codes. Completing this booking is locked for 15 minutes.',
    );
    await completeBooking(carrier.store, id, code);
    await replayOutbox(carrier.store);
    expect((await carrier.store.db.orders.get(id))?.status).toBe('accepted');
    expect(await handoffRefusal(carrier.store, id)).toBe(
      'Too many wrong hand-off codes. Completing this booking is locked for 15 minutes.',
    );
    expect(await carrier.store.db.outbox.count()).toBe(0);
  });

  it('does not complete through the plain status command, which has no code', async () => {
    const { carrier, id } = await acceptedBooking(server);
    expect((await updateBookingStatus(carrier.store, id, 'complete')).ok).toBe(false);
    expect(await carrier.store.db.outbox.count()).toBe(0);
  });
});

describe('rateBooking', () => {
  async function completed() {
    const world = await acceptedBooking(server);
    await completeBooking(world.carrier.store, world.id, world.code);
    await replayOutbox(world.carrier.store);
    await pull(world.traveller.store);
    return world;
  }

  it('queues a rating offline, shows it at once and sends it once online', async () => {
    const { traveller, carrier, id } = await completed();
    const before = await appliedCount(traveller);
    traveller.net.down = true;
    expect(await rateBooking(traveller.store, { bookingId: id, stars: 4, comment: 'Smooth' })).toEqual({
      ok: true,
    });
    expect(await traveller.store.db.bookings.get(id)).toMatchObject({
      myRating: { stars: 4, comment: 'Smooth' },
      syncState: 'pending',
    });
    traveller.net.down = false;
    await replayOutbox(traveller.store);
    expect(await appliedCount(traveller)).toBe(before + 1);
    expect(await traveller.store.db.bookings.get(id)).toMatchObject({
      myRating: { stars: 4 },
      syncState: 'synced',
    });
    await pull(carrier.store);
    expect((await carrier.store.db.orders.get(id))?.otherRating).toEqual({ average: 0, count: 0, people: 0 });
  });

  it('lets the carrier rate online and change it, the second rating replacing the first', async () => {
    const { carrier, traveller, id } = await completed();
    await rateBooking(carrier.store, { bookingId: id, stars: 2, comment: '' });
    await replayOutbox(carrier.store);
    await rateBooking(carrier.store, { bookingId: id, stars: 5, comment: 'On time after all' });
    await replayOutbox(carrier.store);
    expect((await carrier.store.db.orders.get(id))?.myRating).toMatchObject({
      stars: 5,
      comment: 'On time after all',
    });
    await pull(traveller.store);
    const profile = await traveller.store.db.profile.get(traveller.user.email);
    expect(profile?.rating).toMatchObject({
      average: 5,
      count: 1,
      latest: [{ stars: 5, comment: 'On time after all' }],
    });
  });

  it('refuses to rate a booking that is not completed, and Discard restores the earlier rating', async () => {
    const { carrier, id } = await acceptedBooking(server);
    expect(await rateBooking(carrier.store, { bookingId: id, stars: 3, comment: '' })).toEqual({
      ok: false,
      code: 'rating/not-completed',
    });
    await carrier.store.db.orders.update(id, { status: 'completed' });
    await rateBooking(carrier.store, { bookingId: id, stars: 3, comment: '' });
    const [entry] = await carrier.store.db.outbox.toArray();
    await discardEntry(carrier.store, entry?.key ?? '');
    expect(await carrier.store.db.orders.get(id)).toMatchObject({ myRating: null, syncState: 'synced' });
  });
});
