// Issue 19: a push applies a run of add-listings in one insert (runMutators), deciding every
// refusal before it writes. Its answers and rows are those of the same mutations pushed one per
// request (each applied alone): duplicates of a stored flight and of one earlier in the run, bad
// arguments, another carrier's email, an unknown airport, and the quota, which is judged before
// a duplicate and counts only what the run inserted. What the push knows of the carrier's flights
// is kept between its runs, and read again after an edit in between changed them. A run tells
// whoever waits on its routes: a search that found nothing, the sender of an open courier request.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courierRequests, listings, matchRequests, users } from '@/server/db/schema';
import { createTestServer, type TestServer } from '../support/server-app';
import { submitCourier } from '../support/server-courier';
import { addListing, daysFromNow, listingBody, searchBody } from '../support/server-fixtures';
import { signupAndLogin, type TestUser } from '../support/server-users';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ config: { openListingsMax: 3 } });
});
afterAll(() => server.close());

type Result = { id: number; ok: boolean; code?: string };

function mutations(carrier: TestUser, other: TestUser) {
  const args = (overrides: Record<string, unknown>) => listingBody(carrier, overrides);
  return [
    args({ flightNo: 'AI1' }), // listed before: duplicate
    args({ flightNo: 'AI2' }), // applied
    args({ flightNo: 'AI2' }), // the run's own: duplicate
    args({ flightNo: 'AI5', weight: -1 }), // bad arguments
    listingBody(other, { flightNo: 'AI6' }), // someone else's email
    args({ flightNo: 'AI7', to: 'ZZZ' }), // unknown airport
    args({ flightNo: 'AI3' }), // applied: the third open listing
    args({ flightNo: 'AI1' }), // quota first, before the duplicate
    args({ flightNo: 'AI4' }), // quota
  ].map((a, i) => ({ id: i + 1, kind: 'add-listing', args: a }));
}

async function push(carrier: TestUser, batch: ReturnType<typeof mutations>, clientId: string) {
  const res = await carrier.call('POST', '/api/sync/push', {
    clientId,
    user: carrier.email,
    mutations: batch,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { results: Result[] }).results.map((r) => ({
    id: r.id,
    ok: r.ok,
    code: r.code,
  }));
}

async function flightsOf(carrier: TestUser) {
  const [user] = await server.db.select().from(users).where(eq(users.email, carrier.email));
  const rows = await server.db
    .select({ flightNo: listings.flightNo })
    .from(listings)
    .where(eq(listings.userId, user?.id ?? ''));
  return rows.map((r) => r.flightNo).sort();
}

describe('a run of add-listings in one push', () => {
  it('answers and writes as the same mutations pushed one by one', async () => {
    const other = await signupAndLogin(server);
    const together = await signupAndLogin(server);
    const oneByOne = await signupAndLogin(server);
    for (const c of [together, oneByOne]) await addListing(c, { flightNo: 'AI1' });

    const batched = await push(together, mutations(together, other), `runs-${crypto.randomUUID()}`);
    const single: Result[] = [];
    const clientId = `runs-${crypto.randomUUID()}`;
    for (const m of mutations(oneByOne, other)) single.push(...(await push(oneByOne, [m], clientId)));

    expect(batched).toEqual(single);
    expect(batched.map((r) => r.code ?? 'ok')).toEqual([
      'listing/duplicate',
      'ok',
      'listing/duplicate',
      'request/invalid',
      'auth/forbidden',
      'request/invalid',
      'ok',
      'listing/quota-reached',
      'listing/quota-reached',
    ]);
    expect(await flightsOf(together)).toEqual(['AI1', 'AI2', 'AI3']);
    expect(await flightsOf(oneByOne)).toEqual(['AI1', 'AI2', 'AI3']);
  });

  it('answers a repeated push of the run from what was stored, applying nothing again', async () => {
    const other = await signupAndLogin(server);
    const carrier = await signupAndLogin(server);
    await addListing(carrier, { flightNo: 'AI1' });
    const clientId = `runs-${crypto.randomUUID()}`;
    const first = await push(carrier, mutations(carrier, other), clientId);
    expect(await push(carrier, mutations(carrier, other), clientId)).toEqual(first);
    expect(await flightsOf(carrier)).toEqual(['AI1', 'AI2', 'AI3']);
  });
});

describe('runs of add-listings around an edit in one push', () => {
  let roomy: TestServer;
  beforeAll(async () => {
    roomy = await createTestServer({ config: { openListingsMax: 20 } });
  });
  afterAll(() => roomy.close());

  it('judge a flight the edit freed or took as the flights are after it', async () => {
    const carrier = await signupAndLogin(roomy);
    const listingId = await addListing(carrier, { flightNo: 'AI1' });
    const args = (flightNo: string) => listingBody(carrier, { flightNo });
    const edit = {
      listingId,
      departure: daysFromNow(30),
      time: '10:30',
      flightNo: 'AI5',
      weight: 5,
      cost: 500,
    };
    const batch = [
      { kind: 'add-listing', args: args('AI2') },
      { kind: 'add-listing', args: args('AI3') },
      { kind: 'edit-listing', args: edit }, // AI1 becomes AI5
      { kind: 'add-listing', args: args('AI1') }, // free again
      { kind: 'add-listing', args: args('AI4') },
      { kind: 'edit-listing', args: { ...edit, flightNo: 'AI6' } }, // AI5 becomes AI6
      { kind: 'add-listing', args: args('AI6') }, // the edit's
      { kind: 'add-listing', args: args('AI5') }, // free again
    ].map((m, i) => ({ id: i + 1, ...m }));
    const res = await carrier.call('POST', '/api/sync/push', {
      clientId: `runs-${crypto.randomUUID()}`,
      user: carrier.email,
      mutations: batch,
    });
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as { results: Result[] };
    expect(results.map((r) => r.code ?? 'ok')).toEqual([
      ...['ok', 'ok', 'ok', 'ok', 'ok', 'ok'],
      ...['listing/duplicate', 'ok'],
    ]);
    const [user] = await roomy.db.select().from(users).where(eq(users.email, carrier.email));
    const rows = await roomy.db
      .select({ flightNo: listings.flightNo })
      .from(listings)
      .where(eq(listings.userId, user?.id ?? ''));
    expect(rows.map((r) => r.flightNo).sort()).toEqual(['AI1', 'AI2', 'AI3', 'AI4', 'AI5', 'AI6']);
  });

  it('tell the searches and the courier senders waiting on their routes', async () => {
    const [searcher, sender, carrier] = await Promise.all([
      signupAndLogin(roomy),
      signupAndLogin(roomy),
      signupAndLogin(roomy),
    ]);
    const date = daysFromNow(30);
    const found = await searcher.call(
      'POST',
      '/api/search-listings',
      searchBody(searcher, { from: 'CCU', to: 'BKK' }),
    );
    expect(found.status).toBe(200);
    const courier = await submitCourier(roomy, sender, { from: 'BOM', to: 'SIN' });
    expect(courier.body.request.status).toBe('submitted');
    const batch = [
      listingBody(carrier, { flightNo: 'AI11' }),
      listingBody(carrier, { flightNo: 'AI12', from: 'CCU', to: 'BKK', departure: date }),
      listingBody(carrier, { flightNo: 'AI13', from: 'BOM', to: 'SIN', departure: date }),
    ].map((args, i) => ({ id: i + 1, kind: 'add-listing', args }));
    const res = await carrier.call('POST', '/api/sync/push', {
      clientId: `runs-${crypto.randomUUID()}`,
      user: carrier.email,
      mutations: batch,
    });
    expect(((await res.json()) as { results: Result[] }).results.map((r) => r.ok)).toEqual([
      true,
      true,
      true,
    ]);
    const [search] = await roomy.db
      .select()
      .from(matchRequests)
      .where(eq(matchRequests.email, searcher.email));
    expect(search?.notifiedAt).not.toBeNull();
    const [request] = await roomy.db
      .select()
      .from(courierRequests)
      .where(eq(courierRequests.id, courier.body.id));
    expect(request?.status).toBe('matched');
  });
});
