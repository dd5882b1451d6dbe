// Booking, the carrier's status changes, both order lists and the profile counts, through HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeWithCode } from '../support/handoff';
import { createTestServer, type TestServer } from '../support/server-app';
import { addListing, book, bookingBody } from '../support/server-fixtures';
import { signupAndLogin, type TestUser } from '../support/server-users';

let server: TestServer;
let carrier: TestUser;
let traveller: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  server = await createTestServer();
  [carrier, traveller, stranger] = await Promise.all([
    signupAndLogin(server),
    signupAndLogin(server),
    signupAndLogin(server),
  ]);
});
afterAll(() => server.close());

let flight = 100;
const newListing = (overrides: Record<string, unknown> = {}) => {
  flight += 1;
  return addListing(carrier, { flightNo: `AI${flight}`, ...overrides });
};
const setStatus = (user: TestUser, listingId: string, status: string) =>
  user.call('PUT', '/api/bookings/update-status', { listingId, status });

describe('POST /api/book', () => {
  it('books space, totals the cost per KG and copies carrier details from the listing', async () => {
    const listingId = await newListing({ cost: 450 });
    const res = await traveller.call('POST', '/api/book', bookingBody(traveller, listingId, { weight: 3 }));
    expect(res.status).toBe(201);
    const { booking } = await res.json();
    expect(booking).toMatchObject({
      name: traveller.name,
      weight: 3,
      cost: 1350,
      status: 'pending',
      carrierEmail: carrier.email,
      carrierName: carrier.name,
      flightDetails: { from: 'DEL', to: 'DXB', flightNo: `AI${flight}`, airline: 'AI', time: '10:30' },
    });
    expect(booking.listingId).toBe(`${booking.id}_passenger`);
  });

  it('answers 409 when the weight is more than the space left', async () => {
    const listingId = await newListing({ weight: 5 });
    await book(traveller, listingId, 4);
    const res = await traveller.call('POST', '/api/book', bookingBody(traveller, listingId, { weight: 2 }));
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'listing/no-space' });
  });

  it('frees the space of a rejected booking', async () => {
    const listingId = await newListing({ weight: 2 });
    const first = await book(traveller, listingId, 2);
    await setStatus(carrier, first, 'rejected');
    expect(await book(stranger, listingId, 2)).toEqual(expect.any(String));
  });

  it('answers 409 for booking your own listing', async () => {
    const listingId = await newListing();
    const res = await carrier.call('POST', '/api/book', bookingBody(carrier, listingId));
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'listing/own' });
  });

  it('answers 404 for a listing that does not exist (including the literal default-id)', async () => {
    expect((await traveller.call('POST', '/api/book', bookingBody(traveller, 'default-id'))).status).toBe(
      404,
    );
  });

  it("answers 400 for a zero weight, 403 for someone else's email, 401 without a session", async () => {
    const listingId = await newListing();
    const zero = await traveller.call('POST', '/api/book', bookingBody(traveller, listingId, { weight: 0 }));
    expect(zero.status).toBe(400);
    expect((await traveller.call('POST', '/api/book', bookingBody(stranger, listingId))).status).toBe(403);
    const anonymous = await server.request('/api/book', {
      method: 'POST',
      body: JSON.stringify(bookingBody(traveller, listingId)),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('PUT /api/bookings/update-status', () => {
  it('lets the carrier accept then complete, with or without the order suffix', async () => {
    const id = await book(traveller, await newListing());
    const accepted = await setStatus(carrier, `${id}_carrier`, 'accepted');
    expect(accepted.status).toBe(200);
    expect((await accepted.json()).booking).toMatchObject({ id, status: 'accepted' });
    const completed = await completeWithCode(carrier, traveller, id);
    expect((await completed.json()).booking.status).toBe('completed');
  });

  it.each([
    ['pending', 'completed'],
    ['pending', 'cancelled'],
    ['pending', 'pending'],
  ])('answers 409 for %s -> %s', async (_from, to) => {
    const id = await book(traveller, await newListing());
    // A well-formed code, so that completing is refused by the status machine, not the body check.
    const res = await carrier.call('PUT', '/api/bookings/update-status', {
      listingId: id,
      status: to,
      handoffCode: '000000',
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'booking/transition-not-allowed' });
  });

  it('answers 409 for any change of a completed booking', async () => {
    const id = await book(traveller, await newListing());
    await setStatus(carrier, id, 'accepted');
    await completeWithCode(carrier, traveller, id);
    expect((await setStatus(carrier, id, 'cancelled')).status).toBe(409);
  });

  it('answers 403 to the traveller and to anyone else who is not the carrier', async () => {
    const id = await book(traveller, await newListing());
    expect((await setStatus(traveller, id, 'accepted')).status).toBe(403);
    const res = await setStatus(stranger, id, 'accepted');
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'booking/not-carrier' });
  });

  it('answers 404 for an unknown booking, 400 for an unknown status, 401 without a session', async () => {
    expect((await setStatus(carrier, 'nope_carrier', 'accepted')).status).toBe(404);
    expect((await setStatus(carrier, 'nope', 'shipped')).status).toBe(400);
    const anonymous = await server.request('/api/bookings/update-status', {
      method: 'PUT',
      body: '{"listingId":"x","status":"accepted"}',
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('GET /api/orders and /api/carrier-orders', () => {
  it('lists the bookings I made (_passenger) and those on my listings (_carrier), newest first', async () => {
    const carrierB = await signupAndLogin(server);
    const travellerB = await signupAndLogin(server);
    const listingId = await addListing(carrierB, { flightNo: 'EK501', airline: 'EK' });
    const first = await book(travellerB, listingId, 1);
    const second = await book(travellerB, listingId, 2);
    const mine = await (await travellerB.call('GET', `/api/orders?email=${travellerB.email}`)).json();
    expect(mine.bookings.map((o: { listingId: string }) => o.listingId).sort()).toEqual(
      [`${first}_passenger`, `${second}_passenger`].sort(),
    );
    const theirs = await (await carrierB.call('GET', `/api/carrier-orders?email=${carrierB.email}`)).json();
    expect(theirs.bookings).toHaveLength(2);
    expect(theirs.bookings[0]).toMatchObject({
      name: travellerB.name,
      flightDetails: { flightNo: 'EK501' },
      createdAt: { _seconds: expect.any(Number) },
    });
    const secondsOrder = theirs.bookings.map(
      (o: { createdAt: { _seconds: number } }) => o.createdAt._seconds,
    );
    expect(secondsOrder).toEqual([...secondsOrder].sort((a, b) => b - a));
    expect(
      (await (await carrierB.call('GET', `/api/orders?email=${carrierB.email}`)).json()).bookings,
    ).toEqual([]);
  });

  it.each(['/api/orders', '/api/carrier-orders'])(
    "%s answers 403 for someone else's email or none, 401 without a session",
    async (path) => {
      expect((await traveller.call('GET', `${path}?email=${carrier.email}`)).status).toBe(403);
      expect((await traveller.call('GET', path)).status).toBe(403);
      expect((await server.request(`${path}?email=${traveller.email}`)).status).toBe(401);
    },
  );
});

describe('GET /api/profile/:email', () => {
  it('answers the profile and the counts per role, declined gathering rejected and cancelled', async () => {
    const c = await signupAndLogin(server);
    const t = await signupAndLogin(server);
    const listingId = await addListing(c, { flightNo: 'QR579', airline: 'QR', weight: 10 });
    const [b1, b2, b3] = [await book(t, listingId), await book(t, listingId), await book(t, listingId)];
    await book(t, listingId);
    await setStatus(c, b1, 'rejected');
    await setStatus(c, b2, 'accepted');
    await setStatus(c, b2, 'cancelled');
    await setStatus(c, b3, 'accepted');
    await completeWithCode(c, t, b3);
    const res = await t.call('GET', `/api/profile/${t.email}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      profile: { name: t.name, phone: t.phone, gender: 'female', age: 31, upiId: null, locale: null },
      bookings: {
        carrier: { pending: 0, completed: 0, declined: 0 },
        passenger: { pending: 1, completed: 1, declined: 2 },
        sender: { pending: 0, completed: 0, declined: 0 },
      },
      rating: { average: 0, count: 0, people: 0, latest: [] },
    });
    const carrierCounts = (await (await c.call('GET', `/api/profile/${c.email}`)).json()).bookings.carrier;
    expect(carrierCounts).toEqual({ pending: 1, completed: 1, declined: 2 });
  });

  it("answers 403 for someone else's profile and 401 without a session", async () => {
    expect((await traveller.call('GET', `/api/profile/${carrier.email}`)).status).toBe(403);
    expect((await server.request(`/api/profile/${carrier.email}`)).status).toBe(401);
  });
});
