// @vitest-environment node
// A tab still running the previous release (commit d4a1cda, tests/data/fixtures/release-d4a1cda)
// after the update, on the same database, cookie jar and storage as a tab of this release, against
// this server. That release speaks sync protocol 1: its pull deletes every entry the server has
// seen (refusals included), fails on entries of kinds it does not know, and stores a cookie past
// the messages it ignores. The server answers protocol-1 pulls and pushes of a client id that
// has pushed in protocol 2 (the new tab's) 503 sync/old-release with a long Retry-After, which
// that code treats as "try later": it changes nothing the new tab holds, and the new tab's
// changes and the other side's messages arrive.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addListing,
  bookListing,
  login,
  pull,
  replayOutbox,
  type Store,
  sendMessage,
  threadMessagesQuery,
} from '@/data';
import { createDevice } from '../support/data-device';
import { listingValues, signedIn } from '../support/data-store';
import { serverPerFile } from '../support/server-app';
import { listingBody } from '../support/server-fixtures';
import { jsonInit, newUserDetails } from '../support/server-users';
// @ts-expect-error: the fixture is plain JavaScript, bundled from that release.
import * as previous from './fixtures/release-d4a1cda/data.js';

const server = serverPerFile();
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Requests as a browser page sends them (fetch metadata), which the in-process link does not add. */
function asBrowserPage(fetchFn: typeof fetch): typeof fetch {
  return (input, init) => {
    const request = new Request(input, init);
    request.headers.set('Sec-Fetch-Mode', 'cors');
    request.headers.set('Sec-Fetch-Site', 'same-origin');
    return fetchFn(request);
  };
}

interface OldStore {
  db: { close(): void };
}

/** A tab of the previous release on `device`'s database, jar, storage and clock. */
function oldTab(device: ReturnType<typeof createDevice>): OldStore {
  return previous.createStore({
    db: previous.openDb(device.dbName),
    baseUrl: 'http://localhost',
    fetch: asBrowserPage(device.link.fetch),
    now: () => device.clock.t,
    random: () => 1,
    storage: device.storage,
  }) as OldStore;
}

describe('a tab of the previous release after the update', () => {
  it('cannot drop the new tab’s entries or move its pull cookie past the messages it ignores', async () => {
    const details = newUserDetails();
    await server.request('/auth/signup', jsonInit('POST', details));
    const device = createDevice(server.app);
    const tab = device.tabs[0] as Store;
    await login(tab, { email: details.email, password: details.password });
    await addListing(tab, listingValues({ weight: 10 }));
    await replayOutbox(tab);
    const [listing] = await tab.db.listings.toArray();
    if (!listing) throw new Error('no listing');
    const traveller = await signedIn(server);
    await bookListing(traveller.store, listing, 2);
    await replayOutbox(traveller.store);
    await pull(tab);
    const [order] = await tab.db.orders.toArray();
    if (!order) throw new Error('no order');
    // The carrier's messages: one delivered, one still on its way.
    await sendMessage(tab, order.id, 'at gate 32');
    await replayOutbox(tab);
    await sendMessage(tab, order.id, 'still waiting to go');
    const queued = await tab.db.outbox.toArray();
    const cookieBefore = (await tab.db.meta.toArray()).find((m) => m.key.startsWith('pullCookie:'))?.value;
    // The other side writes.
    await pull(traveller.store);
    await sendMessage(traveller.store, order.id, 'by the pharmacy');
    await replayOutbox(traveller.store);

    // The old tab, on the same database, jar and storage, pulls and pushes.
    const old = oldTab(device);
    await previous.pull(old).catch(() => undefined);
    await previous.replayOutbox(old).catch(() => undefined);
    old.db.close();

    // Every entry is still there, still on its way (the old code may have numbered it and backed
    // off: its next try waits the Retry-After), none dropped or marked failed.
    const kept = (await tab.db.outbox.toArray()).map(({ key, kind, args, state }) => ({
      key,
      kind,
      args,
      state,
    }));
    expect(kept).toEqual(queued.map(({ key, kind, args }) => ({ key, kind, args, state: 'queued' })));
    const cookieAfter = (await tab.db.meta.toArray()).find((m) => m.key.startsWith('pullCookie:'))?.value;
    expect(cookieAfter).toBe(cookieBefore);
    // The new tab syncs: its message goes once, and the other side's shows.
    await replayOutbox(tab);
    await pull(tab);
    const thread = (await threadMessagesQuery(tab, order.id)).map((m) => m.text);
    expect(thread).toEqual(['at gate 32', 'by the pharmacy', 'still waiting to go']);
    await device.destroy();
  });

  it('cannot move the pull cookie past the messages it ignores before the new tab has pushed', async () => {
    // The carrier's device has pulled in this release but never pushed: the server cannot tell
    // its old tab from a device that runs only the previous release, and answers that tab's pull.
    const details = newUserDetails();
    await server.request('/auth/signup', jsonInit('POST', details));
    const device = createDevice(server.app);
    const tab = device.tabs[0] as Store;
    await login(tab, { email: details.email, password: details.password });
    const listed = await asBrowserPage(device.link.fetch)(
      'http://localhost/carrier/carrier/add-listing',
      jsonInit('POST', listingBody(details, { weight: 10 })),
    );
    expect(listed.status).toBe(201);
    await pull(tab);
    const [mine] = await tab.db.listings.toArray();
    if (!mine) throw new Error('no listing');
    const traveller = await signedIn(server);
    await bookListing(traveller.store, mine, 2);
    await replayOutbox(traveller.store);
    await pull(tab);
    const [order] = await tab.db.orders.toArray();
    if (!order) throw new Error('no order');
    await pull(traveller.store);
    await sendMessage(traveller.store, order.id, 'by the pharmacy');
    await replayOutbox(traveller.store);

    // The old tab pulls (answered: nothing of this client was pushed in this release yet) and
    // stores the cookie, dropping the message; the new tab's pull must still bring it.
    const old = oldTab(device);
    await previous.pull(old);
    old.db.close();
    await pull(tab);
    const thread = (await threadMessagesQuery(tab, order.id)).map((m) => m.text);
    expect(thread).toEqual(['by the pharmacy']);
    await device.destroy();
  });
});
