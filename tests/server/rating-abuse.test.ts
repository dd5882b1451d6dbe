// Issue 17, ratings: stars follow the number rules and comments the text rules of every other
// field, and repeat bookings between the same two people count once in the average, which says
// from how many people it comes.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ratingTotals } from '@/server/db/schema';
import { completeWithCode } from '../support/handoff';
import { migrationStatement } from '../support/migrations';
import { createTestServer, type TestServer } from '../support/server-app';
import { addListing, book, searchBody } from '../support/server-fixtures';
import { signupAndLogin, type TestUser } from '../support/server-users';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

let flight = 800;
async function completedBooking(carrier: TestUser, traveller: TestUser): Promise<string> {
  flight += 1;
  const id = await book(traveller, await addListing(carrier, { flightNo: `AI${flight}` }));
  await carrier.call('PUT', '/api/bookings/update-status', { listingId: id, status: 'accepted' });
  const res = await completeWithCode(carrier, traveller, id);
  if (res.status !== 200) throw new Error(`complete failed: ${res.status}`);
  return id;
}
const rate = (user: TestUser, bookingId: string, stars: unknown, comment?: string) =>
  user.call('POST', '/api/ratings', { bookingId, stars, ...(comment === undefined ? {} : { comment }) });

describe('POST /api/ratings input rules', () => {
  let carrier: TestUser;
  let traveller: TestUser;
  let bookingId: string;
  beforeAll(async () => {
    [carrier, traveller] = await Promise.all([signupAndLogin(server), signupAndLogin(server)]);
    bookingId = await completedBooking(carrier, traveller);
  });

  it.each(['0x5', '5e0', ' 4 ', '+4'])('refuses %j stars with 400 request/invalid', async (stars) => {
    const res = await rate(traveller, bookingId, stars);
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('request/invalid');
  });

  it.each(['fine\u202Eenif', 'ring\u0007', '\u2066isolated\u2069'])(
    'refuses the comment %j with 400 request/invalid',
    async (comment) => {
      const res = await rate(traveller, bookingId, 5, comment);
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe('request/invalid');
    },
  );

  it('stores an invisible-only comment as no comment, and a plain decimal string as stars', async () => {
    const res = await rate(traveller, bookingId, '4', '\u200B\u200C');
    expect(res.status).toBe(201);
    expect((await res.json()).rating).toMatchObject({ stars: 4, comment: '' });
  });
});

describe('repeat bookings between the same two people', () => {
  it('count once in the average (the latest rating), and the summary says how many people', async () => {
    const [carrier, friend] = await Promise.all([signupAndLogin(server), signupAndLogin(server)]);
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1) ids.push(await completedBooking(carrier, friend));
    for (const id of ids) expect((await rate(friend, id, 5)).status).toBe(201);
    const profile = async () =>
      (await (await carrier.call('GET', `/api/profile/${carrier.email}`)).json()).rating;
    expect(await profile()).toMatchObject({ average: 5, count: 4, people: 1 });

    // Two honest travellers rate 3; the friend's four fives weigh as one.
    for (const t of await Promise.all([signupAndLogin(server), signupAndLogin(server)])) {
      const id = await completedBooking(carrier, t);
      expect((await rate(t, id, 3)).status).toBe(201);
    }
    expect(await profile()).toMatchObject({ average: 3.7, count: 6, people: 3 });

    // The friend changes the latest rating: it replaces their weight in the average.
    expect((await rate(friend, ids.at(-1) as string, 4)).status).toBe(200);
    // Changing an older one does not count: only each person's latest does.
    expect((await rate(friend, ids[0] as string, 1)).status).toBe(200);
    expect(await profile()).toMatchObject({ average: 3.3, count: 6, people: 3 });

    const listingId = await addListing(carrier, { flightNo: 'AI899' });
    const searcher = await signupAndLogin(server);
    const found = await (
      await searcher.call('POST', '/api/search-listings', searchBody(searcher, { flightNo: 'AI899' }))
    ).json();
    expect(found.find((l: { id: string }) => l.id === listingId).carrierRating).toEqual({
      average: 3.3,
      count: 6,
      people: 3,
    });
    const orders = await (await friend.call('GET', `/api/orders?email=${friend.email}`)).json();
    expect(orders.bookings[0].otherRating).toEqual({ average: 3.3, count: 6, people: 3 });

    // Migration 0013's backfill computes the same totals from the ratings table.
    await server.db.update(ratingTotals).set({ total: 27, count: 6, people: 0 });
    await server.db.execute(
      sql.raw(migrationStatement('0013_abuse_quotas_expiry', 'UPDATE "rating_totals"')),
    );
    expect(await profile()).toMatchObject({ average: 3.3, count: 6, people: 3 });
  });
});
