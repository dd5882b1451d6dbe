// One refusal, one encoding: a mutator's refusal (an ApiError, thrown or, when its effect must
// stand, returned) reaches a REST caller and a pushed mutation with the same code, and a refusal
// that says when to try again says it on both paths (REST: Retry-After and `retryAfter`; push:
// the result's `retryAfter`). A status update to `completed` is a completion on both paths.
import { describe, expect, it } from 'vitest';
import { handoffCodeFrom } from '@/domain/handoff/code';
import { SYNC_PROTOCOL } from '@/domain/sync/protocol';
import { complete, handoffCodeOf } from '../support/handoff';
import { serverPerFile } from '../support/server-app';
import { addListing, book, listingBody } from '../support/server-fixtures';
import { type TestUser, userPerFile } from '../support/server-users';

let now = Date.now();
const clock = { now: () => now };
const server = serverPerFile({ clock });
const carrier = userPerFile(server);
const traveller = userPerFile(server);

type Mutation = { id: number; kind: string; args: unknown };
const newClient = () => `client-${crypto.randomUUID()}`;
async function push(u: TestUser, clientId: string, mutations: Mutation[]) {
  const res = await u.call('POST', '/api/sync/push', {
    clientId,
    user: u.email,
    protocol: SYNC_PROTOCOL,
    mutations,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { results: Record<string, unknown>[] };
}

let flight = 800;
function nextFlight() {
  flight += 1;
  return `AI${flight}`;
}

async function acceptedBooking(): Promise<{ id: string; code: string }> {
  const id = await book(traveller, await addListing(carrier, { flightNo: nextFlight() }));
  const res = await carrier.call('PUT', '/api/bookings/update-status', { listingId: id, status: 'accepted' });
  expect(res.status).toBe(200);
  return { id, code: await handoffCodeOf(traveller, id) };
}

/** Another code that passes the device's check: only the server can refuse it. */
const wrongCode = (code: string) =>
  handoffCodeFrom(String((Number(code.slice(0, 5)) + 1) % 100_000).padStart(5, '0'));

describe('a duplicate listing', () => {
  it('is listing/duplicate over REST, in a push, and for the loser of a race between them', async () => {
    const flightNo = nextFlight();
    await addListing(carrier, { flightNo });
    const rest = await carrier.call(
      'POST',
      '/carrier/carrier/add-listing',
      listingBody(carrier, { flightNo }),
    );
    expect(rest.status).toBe(409);
    expect((await rest.json()).code).toBe('listing/duplicate');
    const pushed = await push(carrier, newClient(), [
      { id: 1, kind: 'add-listing', args: listingBody(carrier, { flightNo }) },
    ]);
    expect(pushed.results).toMatchObject([{ id: 1, ok: false, code: 'listing/duplicate' }]);

    // The same new flight from REST and two devices at once: one wins, the others lose the race
    // on the unique index and get the same refusal.
    const raced = nextFlight();
    const args = listingBody(carrier, { flightNo: raced });
    const [viaRest, a, b] = await Promise.all([
      carrier.call('POST', '/carrier/carrier/add-listing', args),
      push(carrier, newClient(), [{ id: 1, kind: 'add-listing', args }]),
      push(carrier, newClient(), [{ id: 1, kind: 'add-listing', args }]),
    ]);
    const outcomes = [
      viaRest.status === 201 ? 'ok' : (await viaRest.json()).code,
      a.results[0]?.ok ? 'ok' : a.results[0]?.code,
      b.results[0]?.ok ? 'ok' : b.results[0]?.code,
    ].sort();
    expect(outcomes).toEqual(['listing/duplicate', 'listing/duplicate', 'ok']);
  });

  it('is judged by the same rules when pushed as over REST (the server’s clock, known airports)', async () => {
    const past = listingBody(carrier, { flightNo: nextFlight(), departure: '2020-01-01' });
    const unknown = listingBody(carrier, { flightNo: nextFlight(), from: 'QQQ' });
    const restPast = await carrier.call('POST', '/carrier/carrier/add-listing', past);
    const restUnknown = await carrier.call('POST', '/carrier/carrier/add-listing', unknown);
    const pushed = await push(carrier, newClient(), [
      { id: 1, kind: 'add-listing', args: past },
      { id: 2, kind: 'add-listing', args: unknown },
    ]);
    const restBodies = [await restPast.json(), await restUnknown.json()];
    expect([restPast.status, restUnknown.status]).toEqual([400, 400]);
    expect(pushed.results).toMatchObject([
      { id: 1, ok: false, code: 'request/invalid', message: restBodies[0].message },
      { id: 2, ok: false, code: 'request/invalid', message: restBodies[1].message },
    ]);
  });
});

describe('the hand-off lock', () => {
  it('says how long it has left on both paths: REST Retry-After, the push result’s retryAfter', async () => {
    const viaRest = await acceptedBooking();
    const viaPush = await acceptedBooking();
    const wrong = (b: { id: string; code: string }) => ({
      kind: 'complete',
      args: { listingId: b.id, status: 'completed', handoffCode: wrongCode(b.code) },
    });

    for (let i = 0; i < 4; i += 1)
      expect((await complete(carrier, viaRest.id, wrongCode(viaRest.code))).status).toBe(422);
    const locking = await complete(carrier, viaRest.id, wrongCode(viaRest.code));
    expect(locking.status).toBe(429);
    expect(locking.headers.get('Retry-After')).toBe('900');
    expect(await locking.json()).toMatchObject({ code: 'handoff/locked', attemptsLeft: 0, retryAfter: 900 });

    const clientId = newClient();
    const batch = await push(
      carrier,
      clientId,
      [1, 2, 3, 4, 5].map((id) => ({ id, ...wrong(viaPush) })),
    );
    expect(batch.results.map((r) => r.code)).toEqual([
      'handoff_code_mismatch',
      'handoff_code_mismatch',
      'handoff_code_mismatch',
      'handoff_code_mismatch',
      'handoff/locked',
    ]);
    expect(batch.results[4]).toMatchObject({ ok: false, retryAfter: 900 });

    // Five minutes on, the lock refuses even the right code, with ten minutes left, both ways.
    now += 5 * 60 * 1000;
    const restLocked = await complete(carrier, viaRest.id, viaRest.code);
    expect(restLocked.status).toBe(429);
    expect(restLocked.headers.get('Retry-After')).toBe('600');
    expect(await restLocked.json()).toMatchObject({ code: 'handoff/locked', retryAfter: 600 });
    const pushLocked = await push(carrier, clientId, [
      {
        id: 6,
        kind: 'complete',
        args: { listingId: viaPush.id, status: 'completed', handoffCode: viaPush.code },
      },
    ]);
    expect(pushLocked.results).toMatchObject([{ id: 6, ok: false, code: 'handoff/locked', retryAfter: 600 }]);

    // A pull brings the stored refusal back with its wait.
    const pull = await carrier.call(
      'GET',
      `/api/sync/pull?clientId=${clientId}&protocol=${SYNC_PROTOCOL}&acked=4`,
    );
    expect((await pull.json()).results).toMatchObject([
      { id: 5, code: 'handoff/locked', retryAfter: 900 },
      { id: 6, code: 'handoff/locked', retryAfter: 600 },
    ]);
    now += 10 * 60 * 1000;
  });

  it('replays a locking answer under its Idempotency-Key with the same Retry-After', async () => {
    const b = await acceptedBooking();
    for (let i = 0; i < 4; i += 1) await complete(carrier, b.id, wrongCode(b.code));
    const key = { 'Idempotency-Key': `lock-${b.id}` };
    const first = await complete(carrier, b.id, wrongCode(b.code), key);
    const again = await complete(carrier, b.id, wrongCode(b.code), key);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    for (const res of [first, again]) {
      expect(res.status).toBe(429);
      expect(res.headers.get('Retry-After')).toBe('900');
    }
    now += 15 * 60 * 1000;
  });
});

describe('a status update to completed', () => {
  it('is a completion when pushed as over REST: it needs the hand-off code and checks it', async () => {
    const b = await acceptedBooking();
    const statusUpdate = (handoffCode?: string) => ({
      kind: 'status-update',
      args: { listingId: b.id, status: 'completed', ...(handoffCode ? { handoffCode } : {}) },
    });
    const clientId = newClient();
    const { results } = await push(carrier, clientId, [
      { id: 1, ...statusUpdate() },
      { id: 2, ...statusUpdate(wrongCode(b.code)) },
      { id: 3, ...statusUpdate(b.code) },
    ]);
    expect(results).toMatchObject([
      { id: 1, ok: false, code: 'request/invalid', message: 'Hand-off code is required' },
      { id: 2, ok: false, code: 'handoff_code_mismatch' },
      { id: 3, ok: true, body: { booking: { id: b.id, status: 'completed' } } },
    ]);
    // The same three over REST.
    const r = await acceptedBooking();
    const put = (handoffCode?: string) =>
      carrier.call('PUT', '/api/bookings/update-status', {
        listingId: r.id,
        status: 'completed',
        ...(handoffCode ? { handoffCode } : {}),
      });
    const codes = [];
    for (const res of [await put(), await put(wrongCode(r.code)), await put(r.code)])
      codes.push([res.status, (await res.json()).code]);
    expect(codes).toEqual([
      [400, 'request/invalid'],
      [422, 'handoff_code_mismatch'],
      [200, undefined],
    ]);
  });
});
