// @vitest-environment node
// Issue 16 on the device, against the real server: a refusal whose push answer is lost (or
// overtaken by a pull) still reaches its entry with the server's message; a pull asked before a
// logout and login of the same user changes nothing; an answer or a database from a newer release
// stops syncing ("Reload to update"); an entry this code cannot read shows as failed and can be
// discarded, and never breaks a pull.
import { describe, expect, it } from 'vitest';
import {
  addListing,
  bookListing,
  completeBooking,
  discardEntry,
  handoffRefusal,
  login,
  logout,
  pull,
  replayOutbox,
  retryEntry,
  waitingList,
} from '@/data';
import { subscribeUpgradeRequired, upgradeRequired } from '@/data/engine/upgrade-required';
import { handoffCodeFrom } from '@/domain/handoff/code';
import { SYNC_PROTOCOL } from '@/domain/sync/protocol';
import { acceptedBooking, mirroredListing } from '../support/data-bookings';
import { holdAnswers, pathOf, withFetch } from '../support/data-fetch';
import { listingValues, signedIn } from '../support/data-store';
import { serverPerFile } from '../support/server-app';
import { jsonInit } from '../support/server-users';
import { until } from '../support/until';

const server = serverPerFile();

describe('a refusal whose push answer never arrives', () => {
  it('reaches the entry through the next pull: failed with the server message, Retry and Discard', async () => {
    const { listing } = await mirroredListing(server, { weight: 5 });
    const traveller = await signedIn(server);
    const other = await signedIn(server);
    traveller.net.down = true;
    const { key } = await bookListing(traveller.store, listing, 5);
    // Meanwhile the last space is taken.
    await bookListing(other.store, listing, 5);
    await replayOutbox(other.store);
    // Back online: the push reaches the server, which refuses it; the answer is lost.
    traveller.net.down = false;
    traveller.net.inject('drop');
    await replayOutbox(traveller.store);
    expect(traveller.net.delivered.filter((d) => d.path === '/api/sync/push')).toHaveLength(1);
    // The pull `online` or a list screen starts arrives first.
    await pull(traveller.store);
    const entry = await traveller.store.db.outbox.get(key);
    expect(entry).toMatchObject({ state: 'failed', lastErrorCode: 'listing/no-space' });
    const [item] = await waitingList(traveller.store, traveller.user.email);
    // The refusal's code, not the server's English: the client words it in the user's language.
    expect(item).toMatchObject({ key, state: 'failed', error: 'listing/no-space', invalid: null });
    const rows = await traveller.store.db.bookings.toArray();
    expect(rows).toMatchObject([{ weight: 5, syncState: 'failed', syncError: 'listing/no-space' }]);
    // The push's retry gets the stored answer: nothing changes twice.
    traveller.clock.t += 10 * 60_000;
    await replayOutbox(traveller.store);
    expect(await traveller.store.db.outbox.get(key)).toMatchObject({
      state: 'failed',
      attempts: entry?.attempts,
    });
    // Retry and Discard work on it.
    await retryEntry(traveller.store, key);
    expect(await traveller.store.db.outbox.get(key)).toMatchObject({ state: 'queued', mutationId: null });
    await discardEntry(traveller.store, key);
    expect(await traveller.store.db.bookings.count()).toBe(0);
  });

  it('is settled once when the push answer arrives after the pull that brought it', async () => {
    const { listing } = await mirroredListing(server, { weight: 2 });
    const traveller = await signedIn(server);
    const other = await signedIn(server);
    traveller.net.down = true;
    const { key } = await bookListing(traveller.store, listing, 2);
    await bookListing(other.store, listing, 2);
    await replayOutbox(other.store);
    traveller.net.down = false;
    // The push's answer is held back until a pull has come and gone.
    const gate = holdAnswers(traveller, (path) => path === '/api/sync/push', { times: 1 });
    const replay = replayOutbox(traveller.store);
    await until(() => gate.held.length === 1);
    await pull(traveller.store);
    const failed = await traveller.store.db.outbox.get(key);
    expect(failed).toMatchObject({ state: 'failed', lastErrorCode: 'listing/no-space', attempts: 1 });
    gate.release();
    await replay;
    expect(await traveller.store.db.outbox.get(key)).toEqual(failed);
  });

  it("shows a wrong hand-off code's refusal when only the pull brings it", async () => {
    const { carrier, id, code } = await acceptedBooking(server, { weight: 5 });
    const wrong = handoffCodeFrom(String((Number(code.slice(0, 5)) + 7) % 100_000).padStart(5, '0'));
    expect(await completeBooking(carrier.store, id, wrong)).toEqual({ ok: true });
    carrier.net.inject('drop');
    await replayOutbox(carrier.store);
    expect(await carrier.store.db.outbox.count()).toBe(1);
    await pull(carrier.store);
    expect(await carrier.store.db.outbox.count()).toBe(0);
    expect(await carrier.store.db.orders.get(id)).toMatchObject({
      status: 'accepted',
      syncState: 'synced',
    });
    expect(await handoffRefusal(carrier.store, id)).toBe('Hand-off code does not match');
  });
});

describe('a pull across a logout and login of the same user', () => {
  it('changes nothing, and the next pull brings every row back', async () => {
    const s = await signedIn(server);
    for (const flightNo of ['AI931', 'AI932', 'AI933'])
      await addListing(s.store, listingValues({ flightNo }));
    await replayOutbox(s.store);
    await pull(s.store);
    const first = (await s.store.db.listings.toArray()).find((l) => l.flightNo === 'AI931');
    if (!first) throw new Error('no listing');
    // One listing changes on the server (a booking holds space on it): the next pull is a patch of one row.
    const booker = await signedIn(server);
    await bookListing(booker.store, first, 1);
    await replayOutbox(booker.store);

    const gate = holdAnswers(s, (path) => path === '/api/sync/pull', { times: 1 });
    const late = pull(s.store);
    await until(() => gate.held.length === 1);
    await logout(s.store);
    await login(s.store, { email: s.user.email, password: s.user.password });
    gate.release();
    expect(await late).toBe('ended');
    expect(await s.store.db.listings.count()).toBe(0);
    await pull(s.store);
    expect((await s.store.db.listings.toArray()).map((l) => l.flightNo).sort()).toEqual([
      'AI931',
      'AI932',
      'AI933',
    ]);
  });
});

describe('versions', () => {
  it('stops syncing and asks for a reload when the server answers 426 sync/upgrade-required', async () => {
    const s = await signedIn(server);
    const inner = s.net.fetch;
    withFetch(s, async (input, init) =>
      pathOf(input) === '/api/sync/push'
        ? Response.json({ code: 'sync/upgrade-required', message: 'Reload to update' }, { status: 426 })
        : inner(input, init),
    );
    let told = 0;
    subscribeUpgradeRequired(s.store.db, () => {
      told += 1;
    });
    const { key } = await addListing(s.store, listingValues());
    await replayOutbox(s.store);
    expect(upgradeRequired(s.store.db)).toBe(true);
    expect(told).toBe(1);
    // The entry waits, untouched, for the reloaded code; nothing more goes out.
    expect(await s.store.db.outbox.get(key)).toMatchObject({ state: 'queued', attempts: 0 });
    const before = s.net.delivered.length;
    await replayOutbox(s.store);
    expect(await pull(s.store)).toBe('upgrade-required');
    expect(s.net.delivered.length).toBe(before);
  });

  it('names its protocol in every push and pull', async () => {
    const s = await signedIn(server);
    const seen: string[] = [];
    const inner = s.net.fetch;
    withFetch(s, async (input, init) => {
      const request = new Request(input, init);
      if (pathOf(input) === '/api/sync/push') seen.push(`push ${(await request.clone().json()).protocol}`);
      if (pathOf(input) === '/api/sync/pull')
        seen.push(`pull ${new URL(request.url).searchParams.get('protocol')}`);
      return inner(request);
    });
    await addListing(s.store, listingValues());
    await replayOutbox(s.store);
    expect(seen).toEqual([`push ${SYNC_PROTOCOL}`, `pull ${SYNC_PROTOCOL}`]);
  });
});

describe('an entry this code cannot read', () => {
  it('shows as failed in the waiting list, never breaks a pull, and can be discarded', async () => {
    const s = await signedIn(server);
    await addListing(s.store, listingValues({ flightNo: 'AI941' }));
    // An older release's tab wrote it in its own format (payload, no mutation id).
    await s.store.db.outbox.put({
      key: 'old-format',
      kind: 'book',
      payload: { listingId: 'x', weight: 3 },
      user: s.user.email,
      createdAt: s.clock.t,
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
      state: 'queued',
    } as never);
    // The push sends the listing; the pull after it rebases over every entry, this one too.
    expect(await replayOutbox(s.store)).toMatchObject({ sent: 1, remaining: 0 });
    expect(await pull(s.store)).toBe('unchanged');
    expect((await s.store.db.listings.toArray()).map((l) => [l.flightNo, l.syncState])).toEqual([
      ['AI941', 'synced'],
    ]);
    const [item] = await waitingList(s.store, s.user.email);
    expect(item).toMatchObject({
      key: 'old-format',
      state: 'failed',
      error: 'outbox/unreadable',
      label: { key: 'unreadable' },
    });
    expect(await replayOutbox(s.store)).toMatchObject({ sent: 0, remaining: 0 });
    expect(s.net.delivered.filter((d) => d.path === '/api/sync/push' && d.status !== 200)).toEqual([]);
    await discardEntry(s.store, 'old-format');
    expect(await s.store.db.outbox.count()).toBe(0);
  });
});

describe('the session', () => {
  it('a push answer for an ended session settles its entries but touches no rows', async () => {
    const s = await signedIn(server);
    const inner = s.net.fetch;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let held = false;
    withFetch(s, async (input, init) => {
      // The pull after the push finds no server: only the push answer could write rows.
      if (pathOf(input) === '/api/sync/pull' && held) return Response.json({}, { status: 503 });
      const res = await inner(input, init);
      if (pathOf(input) === '/api/sync/push' && !held) {
        held = true;
        await gate;
      }
      return res;
    });
    const { key } = await addListing(s.store, listingValues({ flightNo: 'AI951' }));
    const replay = replayOutbox(s.store);
    await expect.poll(() => held).toBe(true);
    await s.net.fetch('http://localhost/auth/logout', jsonInit('POST', {}));
    await logout(s.store);
    await login(s.store, { email: s.user.email, password: s.user.password });
    const before = await s.store.db.listings.count();
    release();
    await replay;
    expect(await s.store.db.outbox.get(key)).toBeUndefined();
    expect(await s.store.db.listings.count()).toBe(before);
  });
});
