// @vitest-environment node
// The account's language through the data layer against the real server (issue 32): chosen
// offline on one device, it shows in that device's profile at once, reaches the server once the
// network is back, and arrives with the profile on the user's other device.
import { describe, expect, it } from 'vitest';
import { login, pull, queueChange, replayOutbox } from '@/data';
import { signedIn, testStore, uniqueDbName } from '../support/data-store';
import { serverPerFile } from '../support/server-app';

const server = serverPerFile();

describe('set-locale', () => {
  it('is kept offline, sent when back online, and pulled by the other device', async () => {
    const phone = await signedIn(server);
    await pull(phone.store);
    const laptop = testStore({ net: phone.net, clock: phone.clock, dbName: uniqueDbName() });
    await login(laptop, { email: phone.user.email, password: phone.user.password });
    await pull(laptop);
    expect((await laptop.db.profile.get(phone.user.email))?.profile.locale ?? null).toBeNull();

    phone.net.down = true;
    await queueChange(phone.store, 'set-locale', { locale: 'hi' });
    expect((await phone.store.db.profile.get(phone.user.email))?.profile.locale).toBe('hi');
    await replayOutbox(phone.store);
    expect(await phone.store.db.outbox.count()).toBe(1);

    phone.net.down = false;
    // Past the back-off of the offline attempt.
    phone.clock.t += 10 * 60_000;
    await replayOutbox(phone.store);
    expect(await phone.store.db.outbox.count()).toBe(0);

    await pull(laptop);
    expect((await laptop.db.profile.get(phone.user.email))?.profile.locale).toBe('hi');
  });
});
