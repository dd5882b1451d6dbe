// @vitest-environment node
// Courier requests on the device against the real server (issue 30): a request made offline shows
// at once in My courier requests (waiting to send), reaches the server once with its photo, and
// the pull brings its status and the listings that match it; "Book this" books its weight and the
// request shows booked at once; a withdraw made offline closes it at once and on the server.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bookForCourierRequest,
  clearBackoff,
  courierRequestQuery,
  courierRequestsQuery,
  pull,
  replayOutbox,
  submitCourierRequest,
  uploadPhotos,
  withdrawCourierRequest,
} from '@/data';
import { courierRequests, users } from '@/server/db/schema';
import { courierForm, pngPhoto } from '../support/data-courier';
import { signedIn } from '../support/data-store';
import { serverPerFile } from '../support/server-app';
import { addListing } from '../support/server-fixtures';
import { signupAndLogin } from '../support/server-users';

const server = serverPerFile();

async function sendAll(t: Awaited<ReturnType<typeof signedIn>>) {
  await clearBackoff(t.store);
  await uploadPhotos(t.store);
  return replayOutbox(t.store);
}

describe('submitCourierRequest', () => {
  it('made offline, lands once, then shows matched with the listing on its route', async () => {
    const carrier = await signupAndLogin(server);
    const listingId = await addListing(carrier, { flightNo: 'AI707' });
    const t = await signedIn(server);
    t.net.down = true;
    const { id } = await submitCourierRequest(t.store, courierForm(t.user), pngPhoto(), 'bag.png');
    expect(await courierRequestsQuery(t.store)).toMatchObject([
      { id, status: 'submitted', syncState: 'pending', from: 'DEL', to: 'DXB', weight: 2 },
    ]);
    expect(await replayOutbox(t.store)).toMatchObject({ sent: 0 });

    t.net.down = false;
    expect(await sendAll(t)).toMatchObject({ sent: 1, failed: 0, remaining: 0 });
    expect(await sendAll(t)).toMatchObject({ sent: 0 });
    const stored = await server.db
      .select({ id: courierRequests.id })
      .from(courierRequests)
      .innerJoin(users, eq(users.id, courierRequests.userId))
      .where(eq(users.email, t.user.email));
    expect(stored.map((r) => r.id)).toEqual([id]);

    await pull(t.store);
    const row = await courierRequestQuery(t.store, id);
    expect(row).toMatchObject({ status: 'matched', syncState: 'synced' });
    expect(row?.matches.map((l) => l.id)).toEqual([listingId]);
    expect(row?.history.map((h) => h.status)).toEqual(['submitted', 'matched']);

    // Book this: the request shows booked at once, and is booked on the server.
    const listing = row?.matches[0];
    if (!row || !listing) throw new Error('no match');
    await bookForCourierRequest(t.store, row, listing);
    expect(await courierRequestQuery(t.store, id)).toMatchObject({ status: 'booked', syncState: 'pending' });
    expect(await sendAll(t)).toMatchObject({ sent: 1, failed: 0 });
    await pull(t.store);
    expect(await courierRequestQuery(t.store, id)).toMatchObject({
      status: 'booked',
      syncState: 'synced',
      bookingId: expect.any(String),
    });
  });
});

describe('withdrawCourierRequest', () => {
  it('closes the request at once offline, and on the server once sent', async () => {
    const t = await signedIn(server);
    const { id } = await submitCourierRequest(t.store, courierForm(t.user), pngPhoto(16, 9), 'bag.png');
    expect(await sendAll(t)).toMatchObject({ sent: 1 });
    t.net.down = true;
    await withdrawCourierRequest(t.store, id);
    expect(await courierRequestQuery(t.store, id)).toMatchObject({ status: 'closed', syncState: 'pending' });
    t.net.down = false;
    expect(await sendAll(t)).toMatchObject({ sent: 1, failed: 0 });
    expect(await courierRequestQuery(t.store, id)).toMatchObject({ status: 'closed', syncState: 'synced' });
    const [row] = await server.db.select().from(courierRequests).where(eq(courierRequests.id, id));
    expect(row?.status).toBe('closed');
  });
});
