// Add listing, a carrier's own listings and search, through HTTP.

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings, matchRequests } from '@/server/db/schema';
import { NO_MATCH_MESSAGE } from '@/server/routes/listings/listings.handlers';
import { createTestServer, type TestServer } from '../support/server-app';
import { addListing, book, daysFromNow, listingBody, searchBody } from '../support/server-fixtures';
import { signupAndLogin, type TestUser } from '../support/server-users';

let server: TestServer;
let carrier: TestUser;
let other: TestUser;

beforeAll(async () => {
  server = await createTestServer();
  carrier = await signupAndLogin(server);
  other = await signupAndLogin(server);
});
afterAll(() => server.close());

const ADD = '/carrier/carrier/add-listing';
const setStatus = (user: TestUser, bookingId: string, status: string) =>
  user.call('PUT', '/api/bookings/update-status', { listingId: bookingId, status });

describe('POST /carrier/carrier/add-listing', () => {
  it('stores the listing and answers 201 with it, codes upper-cased and space available', async () => {
    const res = await carrier.call(
      'POST',
      ADD,
      listingBody(carrier, { from: 'bom', to: 'sin', flightNo: 'sq 421', airline: 'sq' }),
    );
    expect(res.status).toBe(201);
    const { listing } = await res.json();
    expect(listing).toMatchObject({
      from: 'BOM',
      to: 'SIN',
      flightNo: 'SQ421',
      airline: 'SQ',
      weight: 5,
      available: 5,
      cost: 500,
    });
    expect(listing.email).toBe(carrier.email);
  });

  it('answers 409 for the same flight number on the same date', async () => {
    const body = listingBody(carrier, { flightNo: 'EK511', airline: 'EK' });
    expect((await carrier.call('POST', ADD, body)).status).toBe(201);
    const res = await carrier.call('POST', ADD, body);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'listing/duplicate' });
  });

  it('answers 400 for a departure in the past', async () => {
    const res = await carrier.call('POST', ADD, listingBody(carrier, { departure: daysFromNow(-1) }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'request/invalid',
      message: 'Departure date and time must be in the future.',
    });
  });

  it("judges 'future' in the origin airport's time zone", async () => {
    // 06:00 UTC is 11:30 in Delhi and 01:00 in New York: 11:00 in Delhi has passed, 03:00 in
    // New York has not, although 03:00 UTC (or Delhi's 03:00) is long gone.
    const clockMs = Date.UTC(2030, 0, 15, 6, 0);
    const tz = await createTestServer({ clock: { now: () => clockMs } });
    try {
      const user = await signupAndLogin(tz);
      const delhi = await user.call(
        'POST',
        ADD,
        listingBody(user, { from: 'DEL', to: 'DXB', departure: '2030-01-15', time: '11:00' }),
      );
      expect(delhi.status).toBe(400);
      const newYork = await user.call(
        'POST',
        ADD,
        listingBody(user, { from: 'JFK', to: 'DEL', departure: '2030-01-15', time: '03:00' }),
      );
      expect(newYork.status).toBe(201);
    } finally {
      await tz.close();
    }
  });

  it('answers 400 for an airport or airline the reference data does not know', async () => {
    const res = await carrier.call('POST', ADD, listingBody(carrier, { to: 'ZZZ', airline: '0Z' }));
    expect(res.status).toBe(400);
    expect((await res.json()).issues.map((i: { path: string }) => i.path)).toEqual(['to', 'airline']);
  });

  it('answers 400 with the schema message for a missing weight and for the same origin and destination', async () => {
    const noWeight = await carrier.call('POST', ADD, listingBody(carrier, { weight: '' }));
    expect(await noWeight.json()).toMatchObject({
      code: 'request/invalid',
      issues: expect.arrayContaining([expect.objectContaining({ path: 'weight' })]),
    });
    const same = await carrier.call('POST', ADD, listingBody(carrier, { to: 'DEL' }));
    expect(same.status).toBe(400);
    expect(await same.json()).toMatchObject({
      code: 'request/invalid',
      issues: expect.arrayContaining([expect.objectContaining({ path: 'to' })]),
    });
  });

  it("answers 403 for someone else's email and 401 without a session", async () => {
    const forged = await carrier.call('POST', ADD, listingBody(carrier, { email: other.email }));
    expect(forged.status).toBe(403);
    const anonymous = await server.request(ADD, {
      method: 'POST',
      body: JSON.stringify(listingBody(carrier)),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('GET /api/listings/:email', () => {
  it("lists the carrier's own listings with the space left after bookings", async () => {
    const me = await signupAndLogin(server);
    const id = await addListing(me, { flightNo: '6E22', airline: '6E' });
    await book(other, id, 2);
    const res = await me.call('GET', `/api/listings/${encodeURIComponent(me.email)}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      expect.objectContaining({ id, weight: 5, available: 3, flightNo: '6E22' }),
    ]);
  });

  it('sums each listing only its own bookings that hold space', async () => {
    const me = await signupAndLogin(server);
    const first = await addListing(me, { flightNo: 'AI31', weight: 10 });
    const second = await addListing(me, { flightNo: 'AI32', weight: 10, departure: daysFromNow(31) });
    const untouched = await addListing(me, { flightNo: 'AI33', weight: 10, departure: daysFromNow(32) });
    await book(other, first, 1);
    await book(other, first, 2);
    await book(other, second, 4);
    const declined = await book(other, second, 5);
    expect((await setStatus(me, declined, 'rejected')).status).toBe(200);
    const res = await me.call('GET', `/api/listings/${encodeURIComponent(me.email)}`);
    const available = Object.fromEntries(
      (await res.json()).map((l: { id: string; available: number }) => [l.id, l.available]),
    );
    expect(available).toEqual({ [first]: 7, [second]: 6, [untouched]: 10 });
  });

  it("answers 403 for someone else's listings and 401 without a session", async () => {
    expect((await carrier.call('GET', `/api/listings/${other.email}`)).status).toBe(403);
    expect((await server.request(`/api/listings/${other.email}`)).status).toBe(401);
  });
});

describe('POST /api/search-listings', () => {
  it('finds listings on the route and date with space left: exact flight first, then cheapest', async () => {
    const date = daysFromNow(40);
    const [a, b, c] = await Promise.all([
      signupAndLogin(server),
      signupAndLogin(server),
      signupAndLogin(server),
    ]);
    const cheap = await addListing(a, {
      from: 'BLR',
      to: 'LHR',
      departure: date,
      flightNo: 'BA118',
      airline: 'BA',
      cost: 100,
    });
    const exact = await addListing(b, {
      from: 'BLR',
      to: 'LHR',
      departure: date,
      flightNo: 'AI175',
      airline: 'AI',
      cost: 900,
    });
    const full = await addListing(c, {
      from: 'BLR',
      to: 'LHR',
      departure: date,
      flightNo: 'VS217',
      airline: 'VS',
      cost: 50,
      weight: 1,
    });
    await book(other, full, 1);
    await addListing(c, {
      from: 'BLR',
      to: 'LHR',
      departure: daysFromNow(41),
      flightNo: 'AI175',
      airline: 'AI',
    });
    const res = await other.call(
      'POST',
      '/api/search-listings',
      searchBody(other, { from: 'BLR', to: 'LHR', departure: date, flightNo: 'ai 175' }),
    );
    expect(res.status).toBe(200);
    const found = await res.json();
    expect(found.map((l: { id: string }) => l.id)).toEqual([exact, cheap]);
    expect(found[0]).toMatchObject({ available: 5, weight: 5, email: b.email });
  });

  it('shows each listing the space its own bookings leave, bookings elsewhere not counted', async () => {
    const date = daysFromNow(42);
    const [a, b] = await Promise.all([signupAndLogin(server), signupAndLogin(server)]);
    const route = { from: 'BOM', to: 'SIN', departure: date };
    const booked = await addListing(a, { ...route, flightNo: 'SQ523', airline: 'SQ', weight: 8, cost: 10 });
    const free = await addListing(b, { ...route, flightNo: 'SQ529', airline: 'SQ', weight: 6, cost: 20 });
    const elsewhere = await addListing(a, { ...route, departure: daysFromNow(43), flightNo: 'SQ523' });
    await book(other, booked, 3);
    await book(other, booked, 1.5);
    await book(other, elsewhere, 5);
    const res = await other.call('POST', '/api/search-listings', searchBody(other, route));
    expect(await res.json()).toEqual([
      expect.objectContaining({ id: booked, weight: 8, available: 3.5 }),
      expect.objectContaining({ id: free, weight: 6, available: 6 }),
    ]);
  });

  it('hides a listing once bookings fill it and shows it again when one is cancelled', async () => {
    const date = daysFromNow(44);
    const [owner, searcher] = await Promise.all([signupAndLogin(server), signupAndLogin(server)]);
    const route = { from: 'COK', to: 'DOH', departure: date };
    const id = await addListing(owner, { ...route, flightNo: 'QR517', airline: 'QR', weight: 3 });
    const search = async () =>
      (await searcher.call('POST', '/api/search-listings', searchBody(searcher, route))).json();
    await book(searcher, id, 1);
    const last = await book(searcher, id, 2);
    expect(await search()).toEqual({ message: NO_MATCH_MESSAGE });
    expect((await setStatus(owner, last, 'accepted')).status).toBe(200);
    expect((await setStatus(owner, last, 'cancelled')).status).toBe(200);
    expect(await search()).toEqual([expect.objectContaining({ id, available: 2 })]);
  });

  it("includes the searcher's own listings (the client hides them)", async () => {
    const date = daysFromNow(50);
    const id = await addListing(carrier, {
      from: 'MAA',
      to: 'KUL',
      departure: date,
      flightNo: 'MH181',
      airline: 'MH',
    });
    const res = await carrier.call(
      'POST',
      '/api/search-listings',
      searchBody(carrier, { from: 'MAA', to: 'KUL', departure: date }),
    );
    expect((await res.json()).map((l: { id: string }) => l.id)).toEqual([id]);
  });

  it('answers 200 with a message and saves a match request when nothing matches', async () => {
    const res = await other.call(
      'POST',
      '/api/search-listings',
      searchBody(other, { from: 'CCU', to: 'BKK', flightNo: 'TG314', airline: 'TG' }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'No direct matches found. Our team will contact you soon!' });
    const saved = await server.db.select().from(matchRequests).where(eq(matchRequests.email, other.email));
    expect(saved).toEqual([expect.objectContaining({ from: 'CCU', to: 'BKK', flightNo: 'TG314' })]);
  });

  it('keeps one match request per user, route and date, counting repeats and keeping the latest flight', async () => {
    const user = await signupAndLogin(server);
    const date = daysFromNow(45);
    const body = (flightNo: string) =>
      searchBody(user, { from: 'CCU', to: 'BKK', departure: date, flightNo, airline: 'TG' });
    for (let i = 0; i < 5; i += 1) await user.call('POST', '/api/search-listings', body('TG314'));
    await Promise.all(
      Array.from({ length: 5 }, () => user.call('POST', '/api/search-listings', body('TG316'))),
    );
    await user.call('POST', '/api/search-listings', { ...body('TG314'), departure: daysFromNow(46) });
    const saved = await server.db.select().from(matchRequests).where(eq(matchRequests.email, user.email));
    expect(saved).toHaveLength(2);
    const repeated = saved.find((r) => r.departure === date);
    expect(repeated).toMatchObject({ searchCount: 10, flightNo: 'TG316' });
  });

  it('answers 400 naming the first missing field, 403 for a foreign email, 401 without a session', async () => {
    const missing = await other.call('POST', '/api/search-listings', searchBody(other, { to: '' }));
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      code: 'request/invalid',
      message: 'Please fill out the "To" field.',
    });
    expect((await other.call('POST', '/api/search-listings', searchBody(carrier))).status).toBe(403);
    const anonymous = await server.request('/api/search-listings', {
      method: 'POST',
      body: JSON.stringify(searchBody(other)),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('listings table', () => {
  it('keeps weights exactly (grams) for fractional KG', async () => {
    const id = await addListing(carrier, { flightNo: 'QP1101', airline: 'QP', weight: 2.5 });
    const [row] = await server.db.select().from(listings).where(eq(listings.id, id));
    expect(row?.weightGrams).toBe(2500);
  });
});
