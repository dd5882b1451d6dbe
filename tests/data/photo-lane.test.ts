// @vitest-environment node
// The photo lane against the real server: a photo belongs to the user who chose it (two people
// on one phone sending the same picture never wait on each other), and an upload answered 401
// waits for the same user to sign in again instead of backing off as if the network had failed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, replayOutbox, uploadPhotos, waitingList } from '@/data';
import { getMeta, META } from '@/data/engine/meta';
import { courierWithPhoto } from '../support/data-courier';
import { signedIn } from '../support/data-store';
import { createTestServer, type TestServer } from '../support/server-app';
import { jsonInit, newUserDetails } from '../support/server-users';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

/** Ends the session on the server only: the device still believes in it (a session that expired). */
async function expireSession(s: Awaited<ReturnType<typeof signedIn>>): Promise<void> {
  const res = await s.net.fetch('http://localhost/auth/logout', jsonInit('POST'));
  expect(res.status).toBeLessThan(300);
}

describe('photos belong to the user who chose them', () => {
  it("sends B's request with the same picture while A's waits for A, and A's later on", async () => {
    const a = await signedIn(server);
    const aCourier = await courierWithPhoto(a);
    await expireSession(a);
    // B signs in on the same phone and sends the very same picture.
    const b = newUserDetails();
    expect((await server.request('/auth/signup', jsonInit('POST', b))).status).toBe(201);
    await login(a.store, { email: b.email, password: b.password });
    const bCourier = await courierWithPhoto({ store: a.store, user: b });
    expect(await uploadPhotos(a.store)).toBe(1);
    expect(await replayOutbox(a.store)).toMatchObject({ sent: 1, remaining: 0 });
    expect(await a.store.db.outbox.get(bCourier.key)).toBeUndefined();
    // A comes back: A's photo and request go, and nothing of either is left behind.
    await login(a.store, { email: a.user.email, password: a.user.password });
    expect(await uploadPhotos(a.store)).toBe(1);
    expect(await replayOutbox(a.store)).toMatchObject({ sent: 1, remaining: 0 });
    expect(await a.store.db.outbox.get(aCourier.key)).toBeUndefined();
    expect(await a.store.db.photos.count()).toBe(0);
    const uploads = a.net.delivered.filter((d) => d.path === '/api/files/courier-images');
    expect(uploads.map((d) => d.status)).toEqual([201, 201]);
  });
});

describe('photos stored by hash alone, before photos were named by user', () => {
  it("gives B's request its own copy of A's photo row, and A's clean-up keeps it until then", async () => {
    const a = await signedIn(server);
    const b = newUserDetails();
    expect((await server.request('/auth/signup', jsonInit('POST', b))).status).toBe(201);
    // What an older version left: both requests point at one row, named by the hash, A's.
    const aCourier = await courierWithPhoto(a);
    const [row] = await a.store.db.photos.toArray();
    if (!row) throw new Error('no photo');
    const hash = row.id.slice(row.id.lastIndexOf(':') + 1);
    await login(a.store, { email: b.email, password: b.password });
    const bCourier = await courierWithPhoto({ store: a.store, user: b });
    await a.store.db.photos.clear();
    await a.store.db.photos.put({ ...row, id: hash });
    for (const key of [aCourier.key, bCourier.key])
      await a.store.db.outbox.update(key, { local: { photo: hash } });

    // A's session first: A's photo and request go, and the row stays while B's entry needs it.
    await login(a.store, { email: a.user.email, password: a.user.password });
    expect(await uploadPhotos(a.store)).toBe(1);
    expect(await replayOutbox(a.store)).toMatchObject({ sent: 1, remaining: 0 });
    await login(a.store, { email: b.email, password: b.password });
    expect(await uploadPhotos(a.store)).toBe(1);
    expect(await replayOutbox(a.store)).toMatchObject({ sent: 1, failed: 0, remaining: 0 });
    await login(a.store, { email: a.user.email, password: a.user.password });
    await uploadPhotos(a.store);
    expect(await a.store.db.outbox.count()).toBe(0);
    expect(await a.store.db.photos.count()).toBe(0);
  });
});

describe('a photo upload answered 401', () => {
  it('waits for the same user to sign in again, then uploads', async () => {
    const s = await signedIn(server);
    const courier = await courierWithPhoto(s);
    await expireSession(s);
    expect(await uploadPhotos(s.store)).toBe(0);
    const [item] = await waitingList(s.store, s.user.email);
    expect(item).toMatchObject({ key: courier.key, state: 'signin' });
    expect(await getMeta(s.store.db, META.authBlockedFor)).toBe(s.user.email);
    // Not a network failure: no back-off was counted against it.
    expect(await s.store.db.photos.toArray()).toMatchObject([{ attempts: 0, nextAttemptAt: 0 }]);
    await login(s.store, { email: s.user.email, password: s.user.password });
    expect(await uploadPhotos(s.store)).toBe(1);
    expect(await replayOutbox(s.store)).toMatchObject({ sent: 1, remaining: 0 });
  });
});
