// The sync protocol over HTTP: POST /api/sync/push (numbered mutations, applied once each, a
// refusal recorded without blocking, the client bound to its user) and GET /api/sync/pull
// (the user's rows with the last applied id and a cookie), plus departed flights.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '@/server/config';
import { pruneSyncResults } from '@/server/model/sync.retention';
import { serverPerFile } from '../support/server-app';
import { addListing, bookingBody, daysFromNow, listingBody, searchBody } from '../support/server-fixtures';
import { signupAndLogin, type TestUser, userPerFile } from '../support/server-users';

const clock = { t: Date.now() };
const server = serverPerFile({ clock: { now: () => clock.t } });
const carrier = userPerFile(server);
const traveller = userPerFile(server);

let n = 0;
const newClient = () => {
  n += 1;
  return `client-${n}-${crypto.randomUUID()}`;
};
const contact = (u: TestUser, message: string) => ({
  kind: 'contact',
  args: { name: 'Asha Rao', email: u.email, phone: u.phone, message },
});
const push = (u: TestUser, clientId: string, mutations: { id: number; kind: string; args: unknown }[]) =>
  u.call('POST', '/api/sync/push', { clientId, user: u.email, mutations });
const pull = (u: TestUser, clientId: string, cookie?: string) =>
  u.call(
    'GET',
    `/api/sync/pull?clientId=${clientId}${cookie ? `&cookie=${encodeURIComponent(cookie)}` : ''}`,
  );

describe('POST /api/sync/push', () => {
  it('applies a batch in order and answers each mutation with its reply', async () => {
    const clientId = newClient();
    const res = await push(carrier, clientId, [
      { id: 1, ...contact(carrier, 'one') },
      { id: 2, kind: 'add-listing', args: listingBody(carrier, { flightNo: 'AI501' }) },
    ]);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.lastMutationId).toBe(2);
    expect(body.results).toMatchObject([
      { id: 1, ok: true, body: { message: 'Message sent successfully!' } },
      { id: 2, ok: true, body: { listing: { flightNo: 'AI501' } } },
    ]);
  });

  it('records a refused mutation as applied with its error and goes on with the next', async () => {
    const clientId = newClient();
    const res = await push(traveller, clientId, [
      { id: 1, kind: 'book', args: bookingBody(traveller, 'no-such-listing') },
      { id: 2, ...contact(traveller, 'after the refusal') },
    ]);
    const body = await res.json();
    expect(body).toMatchObject({
      lastMutationId: 2,
      results: [
        { id: 1, ok: false, code: 'listing/not-found' },
        { id: 2, ok: true },
      ],
    });
  });

  it('refuses a second listing of the same flight in one batch and applies the rest', async () => {
    const args = listingBody(carrier, { flightNo: 'AI505' });
    const body = await (
      await push(carrier, newClient(), [
        { id: 1, kind: 'add-listing', args },
        { id: 2, kind: 'add-listing', args },
        { id: 3, ...contact(carrier, 'after the duplicate') },
      ])
    ).json();
    expect(body.results).toMatchObject([
      { id: 1, ok: true },
      { id: 2, ok: false, code: 'listing/duplicate' },
      { id: 3, ok: true },
    ]);
  });

  it('answers a repeated push (its answer lost) from the record and applies nothing twice', async () => {
    const clientId = newClient();
    const batch = [{ id: 1, kind: 'add-listing', args: listingBody(carrier, { flightNo: 'AI502' }) }];
    const first = await (await push(carrier, clientId, batch)).json();
    const again = await (await push(carrier, clientId, batch)).json();
    expect(again).toEqual(first);
    const listings = (await (await carrier.call('GET', `/api/listings/${carrier.email}`)).json()) as {
      flightNo: string;
    }[];
    expect(listings.filter((l) => l.flightNo === 'AI502')).toHaveLength(1);
  });

  it('prunes answers older than the retention, and a re-push of a pruned id is acknowledged, not applied again', async () => {
    const clientId = newClient();
    const old = [{ id: 1, kind: 'add-listing', args: listingBody(carrier, { flightNo: 'AI506' }) }];
    // The first push happened just over the retention ago.
    const back = DEFAULT_CONFIG.idempotencyRetentionMs + 60_000;
    clock.t -= back;
    try {
      expect((await push(carrier, clientId, old)).status).toBe(200);
    } finally {
      clock.t += back;
    }
    const recent = { id: 2, ...contact(carrier, 'after the retention') };
    const kept = await (await push(carrier, clientId, [recent])).json();
    expect(await pruneSyncResults(server.db, clock.t, DEFAULT_CONFIG.idempotencyRetentionMs)).toBe(1);
    const again = await push(carrier, clientId, [...old, recent]);
    expect(again.status).toBe(200);
    const body = await again.json();
    expect(body.lastMutationId).toBe(2);
    // The pruned answer: applied before, so acknowledged with an empty body (the next pull
    // brings its rows); the recent one still gets its stored answer.
    expect(body.results).toEqual([{ id: 1, ok: true, body: {} }, kept.results[0]]);
    const listings = (await (await carrier.call('GET', `/api/listings/${carrier.email}`)).json()) as {
      flightNo: string;
    }[];
    expect(listings.filter((l) => l.flightNo === 'AI506')).toHaveLength(1);
  });

  it("refuses a push of one user's client under another user's session", async () => {
    const clientId = newClient();
    expect((await push(carrier, clientId, [{ id: 1, ...contact(carrier, 'mine') }])).status).toBe(200);
    const res = await push(traveller, clientId, [{ id: 2, ...contact(traveller, 'not yours') }]);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'sync/client-mismatch' });
    expect((await pull(traveller, clientId)).status).toBe(403);
  });

  it('refuses a first push queued for another user than the session', async () => {
    const res = await carrier.call('POST', '/api/sync/push', {
      clientId: newClient(),
      user: traveller.email,
      mutations: [{ id: 1, ...contact(traveller, 'queued by the traveller') }],
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'sync/client-mismatch' });
  });

  it('answers 400 for an unknown kind as a refusal of that mutation only', async () => {
    const clientId = newClient();
    const body = await (
      await push(carrier, clientId, [
        { id: 1, kind: 'teleport', args: {} },
        { id: 2, ...contact(carrier, 'still sent') },
      ])
    ).json();
    expect(body.results).toMatchObject([
      { id: 1, ok: false, code: 'request/invalid' },
      { id: 2, ok: true },
    ]);
  });
});

describe('GET /api/sync/pull', () => {
  it.each([
    ['no client id', ''],
    ['a malformed client id', 'clientId=no'],
    ['a non-numeric acked', `clientId=${'c'.repeat(12)}&acked=x`],
    ['an unknown diff', `clientId=${'c'.repeat(12)}&diff=2`],
  ])('answers 400 request/invalid for %s', async (_what, query) => {
    const res = await carrier.call('GET', `/api/sync/pull?${query}`);
    expect([res.status, (await res.json()).code]).toEqual([400, 'request/invalid']);
  });

  it('refuses without a session (401), then a foreign pull (403), before it reads the query', async () => {
    const anonymous = await server.request('/api/sync/pull?clientId=no');
    expect([anonymous.status, (await anonymous.json()).code]).toEqual([401, 'auth/required']);
    const navigation = await carrier.call('GET', '/api/sync/pull?clientId=no', undefined, {
      'Sec-Fetch-Mode': 'navigate',
    });
    expect([navigation.status, (await navigation.json()).code]).toEqual([403, 'sync/cross-site']);
  });

  it("returns the user's rows with the last applied id, and no rows when the cookie is current", async () => {
    const clientId = newClient();
    await push(carrier, clientId, [
      { id: 7, kind: 'add-listing', args: listingBody(carrier, { flightNo: 'AI503' }) },
    ]);
    const first = await (await pull(carrier, clientId)).json();
    expect(first).toMatchObject({ user: carrier.email, lastMutationId: 7 });
    expect(first.snapshot.listings.map((l: { flightNo: string }) => l.flightNo)).toContain('AI503');
    expect(first.snapshot.profile.profile).toMatchObject({ name: carrier.name });
    const again = await (await pull(carrier, clientId, first.cookie)).json();
    expect(again).toMatchObject({ cookie: first.cookie, snapshot: null, lastMutationId: 7 });
  });

  it('sends a client that asks for a diff only the rows changed since the state its cookie names', async () => {
    const [owner, booker] = await Promise.all([signupAndLogin(server), signupAndLogin(server)]);
    const listings = [
      await addListing(owner, { flightNo: 'AI521' }),
      await addListing(owner, { flightNo: 'AI522' }),
    ];
    const bookingIds: string[] = [];
    for (const id of listings) {
      const res = await booker.call('POST', '/api/book', bookingBody(booker, id));
      bookingIds.push(((await res.json()) as { booking: { id: string } }).booking.id);
    }
    const clientId = newClient();
    const pullDiff = async (cookie?: string) => (await pull(booker, `${clientId}&diff=1`, cookie)).json();
    const first = await pullDiff();
    expect(first.patch).toBeNull();
    expect(first.snapshot.bookings.map((b: { id: string }) => b.id).sort()).toEqual([...bookingIds].sort());

    const accepted = bookingIds[0] as string;
    expect(
      (await owner.call('PUT', '/api/bookings/update-status', { listingId: accepted, status: 'accepted' }))
        .status,
    ).toBe(200);
    const second = await pullDiff(first.cookie);
    expect(second.snapshot).toBeNull();
    expect(second.patch).toMatchObject({
      listings: { put: [], del: [] },
      orders: { put: [], del: [] },
      bookings: { put: [expect.objectContaining({ id: accepted, status: 'accepted' })], del: [] },
    });
    expect(second.patch.bookings.put).toHaveLength(1);
    expect(second.patch.profile).toMatchObject({ profile: expect.anything() }); // its counts moved

    // The answer was lost: the cookie before it still gets the same patch, not the whole state.
    expect((await pullDiff(first.cookie)).patch.bookings.put).toHaveLength(1);
    expect(await pullDiff(second.cookie)).toMatchObject({
      cookie: second.cookie,
      snapshot: null,
      patch: null,
    });
    // A state the server does not know (pruned, or never sent to this client): the whole snapshot.
    const unknown = await pullDiff('not-a-known-cookie');
    expect(unknown.patch).toBeNull();
    expect(unknown.snapshot.bookings).toHaveLength(2);
  });

  it("never answers a diff from another user's client", async () => {
    const clientId = newClient();
    // A client id is bound by its first push (a pull writes no client row).
    expect((await push(carrier, clientId, [])).status).toBe(200);
    const first = await (await pull(carrier, `${clientId}&diff=1`)).json();
    const res = await pull(traveller, `${clientId}&diff=1`, first.cookie);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'sync/client-mismatch' });
  });
});

describe('departed flights', () => {
  it('are hidden from search and refused for booking, directly or through a push', async () => {
    const listingId = await addListing(carrier, {
      flightNo: 'AI504',
      departure: daysFromNow(1),
      time: '09:00',
    });
    const search = searchBody(traveller, { flightNo: 'AI504', departure: daysFromNow(1) });
    const before = await (await traveller.call('POST', '/api/search-listings', search)).json();
    expect(before.map((l: { id: string }) => l.id)).toContain(listingId);

    clock.t += 3 * 86_400_000;
    try {
      const after = await (await traveller.call('POST', '/api/search-listings', search)).json();
      expect(Array.isArray(after) ? after.map((l: { id: string }) => l.id) : []).not.toContain(listingId);
      const direct = await traveller.call('POST', '/api/book', bookingBody(traveller, listingId));
      expect(direct.status).toBe(409);
      expect(await direct.json()).toMatchObject({ code: 'listing/departed' });
      const pushed = await (
        await push(traveller, newClient(), [{ id: 1, kind: 'book', args: bookingBody(traveller, listingId) }])
      ).json();
      expect(pushed.results).toMatchObject([
        {
          ok: false,
          code: 'listing/departed',
          message: 'This flight has already departed, so it can no longer be booked.',
        },
      ]);
    } finally {
      clock.t -= 3 * 86_400_000;
    }
  });

  it('on the day itself hides only the flights that have left, judged in the origin zone', async () => {
    const date = daysFromNow(5);
    const ids = {
      morning: await addListing(carrier, { flightNo: 'AI505', departure: date, time: '09:00' }),
      evening: await addListing(carrier, { flightNo: 'AI506', departure: date, time: '18:00' }),
    };
    const found = async () => {
      const answer = await (
        await traveller.call('POST', '/api/search-listings', searchBody(traveller, { departure: date }))
      ).json();
      const shown = new Set(Array.isArray(answer) ? answer.map((l: { id: string }) => l.id) : []);
      return { morning: shown.has(ids.morning), evening: shown.has(ids.evening) };
    };
    const saved = clock.t;
    try {
      // 12:00 in Delhi (UTC+5:30) that day: the 09:00 flight has left, the 18:00 one has not.
      clock.t = Date.parse(`${date}T06:30:00Z`);
      expect(await found()).toEqual({ morning: false, evening: true });
      // 00:30 in Delhi that day (19:00 UTC the day before): both are still to leave.
      clock.t = Date.parse(`${date}T00:30:00+05:30`);
      expect(await found()).toEqual({ morning: true, evening: true });
    } finally {
      clock.t = saved;
    }
  });
});

describe('POST /api/files/courier-images', () => {
  it('names a photo by its bytes, so an upload retried without its key is the same file', async () => {
    const png = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 7,
    ]);
    const upload = async () => {
      const form = new FormData();
      form.append('file', new File([png], 'bag.png', { type: 'image/png' }));
      const res = await server.request('/api/files/courier-images', {
        method: 'POST',
        body: form,
        headers: { Cookie: traveller.cookie },
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { url: string }).url;
    };
    const first = await upload();
    expect(await upload()).toBe(first);
  });
});
