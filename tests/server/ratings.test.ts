// Ratings through HTTP: each side of a completed booking rates the other, a second rating updates
// the first within 48 hours, 403 for anyone else or an uncompleted booking, and the averages in
// search, listings, order lists and the profile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeWithCode } from '../support/handoff';
import { createTestServer, type TestServer } from '../support/server-app';
import { addListing, book, searchBody } from '../support/server-fixtures';
import { signupAndLogin, type TestUser } from '../support/server-users';

let now = Date.UTC(2026, 10, 22, 12);
const clock = { now: () => now };
let server: TestServer;
let carrier: TestUser;
let traveller: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  server = await createTestServer({ clock });
  [carrier, traveller, stranger] = await Promise.all([
    signupAndLogin(server, { name: 'Asha Rao' }),
    signupAndLogin(server, { name: 'Ravi Kumar' }),
    signupAndLogin(server),
  ]);
});
afterAll(() => server.close());

let flight = 500;
async function completedBooking(c = carrier, t = traveller): Promise<string> {
  flight += 1;
  const id = await book(t, await addListing(c, { flightNo: `AI${flight}` }));
  await c.call('PUT', '/api/bookings/update-status', { listingId: id, status: 'accepted' });
  const res = await completeWithCode(c, t, id);
  if (res.status !== 200) throw new Error(`complete failed: ${res.status}`);
  return id;
}
const rate = (user: TestUser, bookingId: string, stars: unknown, comment?: string) =>
  user.call('POST', '/api/ratings', { bookingId, stars, ...(comment === undefined ? {} : { comment }) });

describe('POST /api/ratings', () => {
  it('lets each side rate the other once the booking is completed', async () => {
    const id = await completedBooking();
    const byTraveller = await rate(traveller, id, 5, 'Careful with my bag');
    expect(byTraveller.status).toBe(201);
    expect((await byTraveller.json()).rating).toMatchObject({
      bookingId: id,
      stars: 5,
      comment: 'Careful with my bag',
      editableUntil: now + 48 * 3600 * 1000,
    });
    expect((await rate(carrier, id, 4)).status).toBe(201);
  });

  it('answers 403 to someone not party to the booking', async () => {
    const id = await completedBooking();
    const res = await rate(stranger, id, 5);
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('rating/not-party');
  });

  it('answers 403 for a booking that is not completed', async () => {
    flight += 1;
    const id = await book(traveller, await addListing(carrier, { flightNo: `AI${flight}` }));
    await carrier.call('PUT', '/api/bookings/update-status', { listingId: id, status: 'accepted' });
    const res = await rate(traveller, id, 5);
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('rating/not-completed');
  });

  it('answers 400 for stars outside 1 to 5 or a comment over 500 characters, 404 for no booking', async () => {
    const id = await completedBooking();
    for (const stars of [0, 6, 2.5, 'x', undefined]) {
      const res = await rate(traveller, id, stars);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        code: 'request/invalid',
        issues: expect.arrayContaining([expect.objectContaining({ path: 'stars' })]),
      });
    }
    const long = await rate(traveller, id, 4, 'a'.repeat(501));
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({
      code: 'request/invalid',
      issues: expect.arrayContaining([expect.objectContaining({ path: 'comment' })]),
    });
    expect((await rate(traveller, id, 4, 'a'.repeat(500))).status).toBe(201);
    expect((await rate(traveller, 'no-such-booking', 4)).status).toBe(404);
  });

  it('updates the first rating when the same side rates again, and counts it once', async () => {
    const c = await signupAndLogin(server);
    const id = await completedBooking(c, traveller);
    expect((await rate(traveller, id, 2, 'Late')).status).toBe(201);
    const again = await rate(traveller, id, 5, 'Sorted out, thanks');
    expect(again.status).toBe(200);
    expect((await again.json()).rating).toMatchObject({ stars: 5, comment: 'Sorted out, thanks' });
    const profile = await (await c.call('GET', `/api/profile/${c.email}`)).json();
    expect(profile.rating).toMatchObject({ average: 5, count: 1 });
    expect(profile.rating.latest).toEqual([
      { stars: 5, comment: 'Sorted out, thanks', by: 'Ravi Kumar', at: expect.any(Number) },
    ]);
  });

  it('refuses a change after 48 hours with 409', async () => {
    const id = await completedBooking();
    expect((await rate(carrier, id, 3)).status).toBe(201);
    now += 47 * 3600 * 1000;
    expect((await rate(carrier, id, 4)).status).toBe(200);
    now += 3600 * 1000;
    const late = await rate(carrier, id, 5);
    expect(late.status).toBe(409);
    expect((await late.json()).code).toBe('rating/edit-closed');
  });

  it('answers a replay of the same rating request with the first answer', async () => {
    const id = await completedBooking();
    const key = { 'Idempotency-Key': `rate-${id}` };
    const body = { bookingId: id, stars: 4, comment: '' };
    expect((await traveller.call('POST', '/api/ratings', body, key)).status).toBe(201);
    const again = await traveller.call('POST', '/api/ratings', body, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
  });
});

describe('rating averages in the answers', () => {
  it('averages many ratings: search, the carrier’s listings and the order lists show them', async () => {
    const star = await signupAndLogin(server, { name: 'Kiran Star' });
    const stars = [5, 5, 4, 5, 3, 5, 4, 5, 5, 4, 5, 5];
    const travellers = await Promise.all(stars.map(() => signupAndLogin(server)));
    for (const [i, t] of travellers.entries()) {
      const id = await completedBooking(star, t);
      expect((await rate(t, id, stars[i])).status).toBe(201);
      expect((await rate(star, id, 4)).status).toBe(201);
    }
    const average = Math.round((stars.reduce((a, b) => a + b, 0) / stars.length) * 10) / 10;
    const summary = { average, count: stars.length, people: stars.length };

    const listingId = await addListing(star, { flightNo: 'EK900', airline: 'EK' });
    const found = await (
      await stranger.call(
        'POST',
        '/api/search-listings',
        searchBody(stranger, { flightNo: 'EK900', airline: 'EK' }),
      )
    ).json();
    expect(found.find((l: { id: string }) => l.id === listingId).carrierRating).toEqual(summary);
    const own = await (await star.call('GET', `/api/listings/${star.email}`)).json();
    expect(
      own.every(
        (l: { carrierRating: unknown }) => JSON.stringify(l.carrierRating) === JSON.stringify(summary),
      ),
    ).toBe(true);

    const first = travellers[0] as TestUser;
    const carrierOrders = await (await star.call('GET', `/api/carrier-orders?email=${star.email}`)).json();
    expect(carrierOrders.bookings[0].otherRating).toEqual({ average: 4, count: 1, people: 1 });
    expect(carrierOrders.bookings[0].myRating).toMatchObject({ stars: 4 });
    const travellerOrders = await (await first.call('GET', `/api/orders?email=${first.email}`)).json();
    expect(travellerOrders.bookings[0]).toMatchObject({ otherRating: summary, myRating: { stars: 5 } });

    const profile = await (await star.call('GET', `/api/profile/${star.email}`)).json();
    expect(profile.rating).toMatchObject(summary);
  });

  it('shows a carrier with no ratings as a zero count', async () => {
    const fresh = await signupAndLogin(server);
    const listingId = await addListing(fresh, { flightNo: 'EK901', airline: 'EK' });
    const found = await (
      await stranger.call(
        'POST',
        '/api/search-listings',
        searchBody(stranger, { flightNo: 'EK901', airline: 'EK' }),
      )
    ).json();
    expect(found.find((l: { id: string }) => l.id === listingId).carrierRating).toEqual({
      average: 0,
      count: 0,
      people: 0,
    });
  });
});
