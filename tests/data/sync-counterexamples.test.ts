// @vitest-environment node
// The shrunk counterexamples of the model-based test (sync-model.test.ts), one example each, so
// a fix can be checked against the exact story: a refusal overtaken by a pull, a late pull
// crossing a logout and login of the same user, a backoff stretched by a clock jumped back (outbox
// and photo lane), a photo two users of one device both send, and a 401 that arrives after the
// user has logged in again.

import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addListing,
  login,
  logout,
  pull,
  replayOutbox,
  type Store,
  sendContactMessage,
  submitCourierRequest,
  uploadPhotos,
} from '@/data';
import { localId } from '@/data/engine/rows';
import { ERRORS } from '@/domain/errors';
import { sessions } from '@/server/db/schema';
import { listingsOfUser } from '@/server/model/listings.queries';
import { courierForm, pngPhoto } from '../support/data-courier';
import { createDevice, type Device } from '../support/data-device';
import { fakeLocks } from '../support/data-locks';
import { listingValues } from '../support/data-store';
import { serverPerFile } from '../support/server-app';
import { type QuickAccount, quickAccount } from '../support/server-quick-users';

const server = serverPerFile();
const HOUR = 3_600_000;

let device: Device;
let user: QuickAccount;
let tab: Store;

beforeEach(async () => {
  vi.stubGlobal('navigator', { onLine: true, locks: fakeLocks() });
  user = await quickAccount(server);
  device = createDevice(server.app);
  tab = device.tabs[0] as Store;
  await login(tab, { email: user.email, password: user.password });
});
afterEach(async () => {
  await device.destroy();
  vi.unstubAllGlobals();
});

describe('counterexamples of the sync model', () => {
  it('keeps a refused change shown as refused when a pull overtakes the push answer', async () => {
    // Model: AddListing(AI501), AddListing(AI501), PushAnswerLost, then any pull.
    const values = listingValues({ flightNo: 'AI501' });
    await addListing(tab, values);
    const { key } = await addListing(tab, { ...values, cost: values.cost + 1 }); // the same flight again
    const held = device.link.holdNext('/api/sync/push');
    const pushed = replayOutbox(tab);
    await held.reached; // the server applied the first and refused the second
    await pull(tab); // ... and the pull says so before the push answer does
    held.deliver();
    await pushed;
    expect(await tab.db.outbox.get(key)).toMatchObject({
      state: 'failed',
      lastErrorCode: 'listing/duplicate',
      lastError: ERRORS['listing/duplicate'].message,
    });
    expect(await tab.db.listings.get(localId(key))).toMatchObject({
      syncState: 'failed',
      syncError: 'listing/duplicate',
    });
  });

  it('changes nothing with a pull answered before a logout and delivered after the same user logs in', async () => {
    // Model: LatePull, Logout, Login(same user), Pull.
    await addListing(tab, listingValues({ flightNo: 'AI502' }));
    await replayOutbox(tab); // pushed, then pulled: the device holds the listing and a cookie naming it
    const held = device.link.holdNext('/api/sync/pull');
    const late = pull(tab);
    await held.reached;
    await logout(tab);
    await login(tab, { email: user.email, password: user.password });
    held.deliver();
    await late;
    await pull(tab);
    const onServer = await listingsOfUser(server.db, user.id);
    expect(onServer).toHaveLength(1);
    expect((await tab.db.listings.toArray()).map((l) => l.id)).toEqual(onServer.map((l) => l.id));
  });

  it('sends a change backing off within the backoff cap after the clock jumps back', async () => {
    // Model: Contact, PushOffline, JumpClock(-1 h); the network comes back.
    const { key } = await sendContactMessage(tab, {
      name: user.name,
      email: user.email,
      phone: user.phone,
      message: 'after the clock jumped',
    });
    device.link.down = true;
    await replayOutbox(tab); // never reached the server: backs off for a second
    device.link.down = false;
    device.clock.t -= HOUR; // the device's clock is set back an hour
    device.clock.t += 5 * 60_000; // five minutes pass: longer than any backoff (its cap)
    expect(await replayOutbox(tab)).toMatchObject({ sent: 1, remaining: 0 });
    expect(await tab.db.outbox.get(key)).toBeUndefined();
  });

  it("sends a second user's courier request whose photo the first user also queued on the device", async () => {
    // Model: SessionExpires, Courier(photo 0), Login(another user), Courier(photo 0).
    await submitCourierRequest(tab, courierForm(user, 'first'), pngPhoto(32), 'bag.png');
    const other = await quickAccount(server);
    // The app offers this once the first user's session has expired; their request stays queued.
    await login(tab, { email: other.email, password: other.password });
    const { key } = await submitCourierRequest(tab, courierForm(other, 'second'), pngPhoto(32), 'bag.png');
    await uploadPhotos(tab);
    await replayOutbox(tab);
    expect(await tab.db.outbox.get(key)).toBeUndefined();
  });

  it('uploads a photo backing off within the backoff cap after the clock jumps back', async () => {
    // Model: Courier(photo 0), SessionExpires, UploadPhotos, JumpClock(-1 h): any failed upload.
    const { key } = await submitCourierRequest(tab, courierForm(user, 'clock'), pngPhoto(32), 'bag.png');
    device.link.down = true;
    expect(await uploadPhotos(tab)).toBe(0); // backs off
    device.link.down = false;
    device.clock.t -= HOUR;
    device.clock.t += 5 * 60_000;
    expect(await uploadPhotos(tab)).toBe(1);
    await replayOutbox(tab);
    expect(await tab.db.outbox.get(key)).toBeUndefined();
  });

  it('keeps sending after a 401 that was answered before the user logged in again', async () => {
    // Model: SessionExpires, StatusUpdate, PushAnswerDelayed, Login(same user).
    await server.db.delete(sessions).where(eq(sessions.userId, user.id));
    const { key } = await sendContactMessage(tab, {
      name: user.name,
      email: user.email,
      phone: user.phone,
      message: 'after logging in again',
    });
    const held = device.link.holdNext('/api/sync/push');
    const pushed = replayOutbox(tab);
    await held.reached; // answered 401: the session had expired
    await login(tab, { email: user.email, password: user.password }); // the user logs in again
    held.deliver(); // the old 401 arrives now
    await pushed;
    expect(await replayOutbox(tab)).toMatchObject({ sent: 1, remaining: 0 });
    expect(await tab.db.outbox.get(key)).toBeUndefined();
  });

  it('keeps uploading after a photo 401 that was answered before the user logged in again', async () => {
    // Model: SessionExpires, PushAnswerDelayed, Login(same user), Courier: the photo lane's side.
    await server.db.delete(sessions).where(eq(sessions.userId, user.id));
    await submitCourierRequest(tab, courierForm(user, 'late 401'), pngPhoto(32), 'bag.png');
    const held = device.link.holdNext('/api/files/');
    const uploading = uploadPhotos(tab);
    await held.reached; // answered 401: the session had expired
    await login(tab, { email: user.email, password: user.password });
    held.deliver();
    expect(await uploading).toBe(0);
    expect(await uploadPhotos(tab)).toBe(1);
  });
});
