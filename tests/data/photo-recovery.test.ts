// @vitest-environment node
// A courier request whose photo the server's hourly clean-up could delete while the request waits
// (a day offline, a session expired until the next day): the request still goes, a refusal for a
// photo the server no longer has is fixed in one tap from the device's copy, and the same photo
// sent again (after a Discard, or under another file name) is stored again, never answered with
// a dead link or refused for its key.
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  discardEntry,
  pull,
  replayOutbox,
  retryEntry,
  submitCourierRequest,
  uploadPhotos,
  waitingList,
} from '@/data';
import { courierRequests } from '@/server/db/schema';
import { pruneOrphanFiles } from '@/server/model/files.prune';
import { courierForm, courierWithPhoto, pngPhoto } from '../support/data-courier';
import { type SignedIn, signedIn } from '../support/data-store';
import { serverPerFile } from '../support/server-app';

const server = serverPerFile();
afterEach(() => {
  vi.unstubAllGlobals();
});

const DAY = 24 * 60 * 60 * 1000;

async function requestsOf(s: SignedIn) {
  return server.db
    .select()
    .from(courierRequests)
    .where(sql`${courierRequests.details}->>'emailAddress' = ${s.user.email}`);
}

/** Uploads the photo, then the push does not get through: the request waits with its photo up. */
async function uploadedNotSent(s: SignedIn, fill = 7): Promise<string> {
  const { key } = await courierWithPhoto(s, 32, fill);
  await uploadPhotos(s.store);
  s.net.down = true;
  await replayOutbox(s.store);
  s.net.down = false;
  // Its back-off over.
  s.clock.t += 10 * 60_000;
  return key;
}

/** The clean-up a day and an hour later, by the server's clock. */
const cleanUpNextDay = () => pruneOrphanFiles(server.db, server.files, Date.now() + DAY + 3_600_000);

async function sync(s: SignedIn): Promise<void> {
  await uploadPhotos(s.store);
  await replayOutbox(s.store);
  await pull(s.store);
}

describe('a courier request whose photo waited a day', () => {
  it('goes once the device is back a day later: the photo is uploaded again first', async () => {
    const s = await signedIn(server);
    await uploadedNotSent(s);
    expect(await cleanUpNextDay()).toBe(1);
    s.clock.t += DAY + 3_600_000;
    await sync(s);
    expect(await requestsOf(s)).toHaveLength(1);
    expect(await s.store.db.outbox.count()).toBe(0);
  });

  it('offers "Upload the photo again" for a refusal of a photo the server lost, and that one tap sends it', async () => {
    const s = await signedIn(server);
    const key = await uploadedNotSent(s);
    await cleanUpNextDay();
    // The device's clock says little time passed (set wrong): the request goes with the dead link.
    await sync(s);
    const [item] = await waitingList(s.store, s.user.email);
    expect(item).toMatchObject({ key, state: 'failed', reupload: true });
    await retryEntry(s.store, key);
    await sync(s);
    expect(await requestsOf(s)).toHaveLength(1);
    expect(await s.store.db.outbox.count()).toBe(0);
  });

  it('stores the same photo again after a Discard, rather than answering with the dead link', async () => {
    const s = await signedIn(server);
    const key = await uploadedNotSent(s);
    await cleanUpNextDay();
    await sync(s);
    expect((await s.store.db.outbox.get(key))?.state).toBe('failed');
    await discardEntry(s.store, key);
    await courierWithPhoto(s, 32, 7);
    await sync(s);
    expect(await requestsOf(s)).toHaveLength(1);
    expect(await s.store.db.outbox.count()).toBe(0);
  });
});

describe('the same photo picked again under another file name', () => {
  it('is uploaded and its request sent, not refused for its key', async () => {
    const s = await signedIn(server);
    await courierWithPhoto(s, 32, 9);
    await sync(s);
    expect(await requestsOf(s)).toHaveLength(1);
    const form = courierForm({ ...s.user, name: 'Asha Rao' }, 'Shoes');
    await submitCourierRequest(s.store, form, pngPhoto(32, 9), 'IMG_2041.png');
    await sync(s);
    expect(await s.store.db.outbox.toArray()).toEqual([]);
    expect(await requestsOf(s)).toHaveLength(2);
  });
});
