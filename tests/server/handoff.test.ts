// The hand-off code through HTTP: made on accept, shown to the traveller only, required to
// complete, a wrong code refused with 422 and counted, five wrong codes lock for 15 minutes.
import { describe, expect, it } from 'vitest';
import { checkHandoffCode, handoffCodeFrom } from '@/domain/handoff/code';
import { complete, handoffCodeOf } from '../support/handoff';
import { serverPerFile } from '../support/server-app';
import { addListing, book } from '../support/server-fixtures';
import { type TestUser, userPerFile } from '../support/server-users';

let now = Date.UTC(2026, 10, 22, 12);
const clock = { now: () => now };
const server = serverPerFile({ clock });
const carrier = userPerFile(server);
const traveller = userPerFile(server);

let flight = 300;
async function acceptedBooking(): Promise<string> {
  flight += 1;
  const id = await book(traveller, await addListing(carrier, { flightNo: `AI${flight}` }));
  const res = await setStatus(id, 'accepted');
  if (res.status !== 200) throw new Error(`accept failed: ${res.status}`);
  return id;
}
const setStatus = (id: string, status: string) =>
  carrier.call('PUT', '/api/bookings/update-status', { listingId: id, status });

/** A different code that still passes the device's check: only the server can refuse it. */
function wrongButWellFormed(code: string): string {
  const five = code.slice(0, 5);
  return handoffCodeFrom(String((Number(five) + 1) % 100_000).padStart(5, '0'));
}

async function carrierOrder(id: string) {
  const res = await carrier.call('GET', `/api/carrier-orders?email=${carrier.email}`);
  const { bookings } = (await res.json()) as { bookings: { id: string; status: string }[] };
  return bookings.find((b) => b.id === id);
}

describe('hand-off code on accept', () => {
  it('gives the traveller a six-digit code that passes the device check, once accepted', async () => {
    flight += 1;
    const id = await book(traveller, await addListing(carrier, { flightNo: `AI${flight}` }));
    const before = await (await traveller.call('GET', `/api/orders?email=${traveller.email}`)).json();
    expect(before.bookings.find((b: { id: string }) => b.id === id).handoffCode).toBeUndefined();
    await setStatus(id, 'accepted');
    const code = await handoffCodeOf(traveller, id);
    expect(code).toMatch(/^\d{6}$/);
    expect(checkHandoffCode(code)).toBe('ok');
  });

  it('never puts the code in an answer to the carrier', async () => {
    flight += 1;
    const listingId = await addListing(carrier, { flightNo: `AI${flight}` });
    const id = await book(traveller, listingId);
    const answers: string[] = [];
    const keep = async (res: Response) => {
      answers.push(await res.text());
      return res;
    };
    await keep(await setStatus(id, 'accepted'));
    const code = await handoffCodeOf(traveller, id);
    await keep(await carrier.call('GET', `/api/carrier-orders?email=${carrier.email}`));
    await keep(await carrier.call('GET', `/api/orders?email=${carrier.email}`));
    await keep(await carrier.call('GET', `/api/listings/${carrier.email}`));
    await keep(await carrier.call('GET', `/api/profile/${carrier.email}`));
    await keep(await complete(carrier, id, wrongButWellFormed(code)));
    await keep(await complete(carrier, id, code));
    await keep(await carrier.call('GET', `/api/carrier-orders?email=${carrier.email}`));
    expect(answers).toHaveLength(8);
    for (const text of answers) {
      expect(text).not.toContain(code);
      expect(text).not.toContain('handoffCode');
    }
  });

  it('leaves accept, decline and cancel as they were: no code asked', async () => {
    const id = await acceptedBooking();
    expect((await setStatus(id, 'cancelled')).status).toBe(200);
    flight += 1;
    const other = await book(traveller, await addListing(carrier, { flightNo: `AI${flight}` }));
    expect((await setStatus(other, 'rejected')).status).toBe(200);
  });
});

describe('completing with the hand-off code', () => {
  it('completes with the traveller’s code, typed with a space or not', async () => {
    const id = await acceptedBooking();
    const code = await handoffCodeOf(traveller, id);
    const res = await complete(carrier, id, `${code.slice(0, 3)} ${code.slice(3)}`);
    expect(res.status).toBe(200);
    expect((await res.json()).booking).toMatchObject({ id, status: 'completed' });
  });

  it('answers 400 with the field message when the code is missing or not six digits', async () => {
    const id = await acceptedBooking();
    const missing = await setStatus(id, 'completed');
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      code: 'request/invalid',
      issues: expect.arrayContaining([expect.objectContaining({ path: 'handoffCode' })]),
    });
    const short = await complete(carrier, id, '12345');
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({
      code: 'request/invalid',
      issues: expect.arrayContaining([expect.objectContaining({ path: 'handoffCode' })]),
    });
    expect((await carrierOrder(id))?.status).toBe('accepted');
  });

  it('refuses a wrong code that passes the device check with 422, and the booking stays accepted', async () => {
    const id = await acceptedBooking();
    const wrong = wrongButWellFormed(await handoffCodeOf(traveller, id));
    expect(checkHandoffCode(wrong)).toBe('ok');
    const res = await complete(carrier, id, wrong);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      code: 'handoff_code_mismatch',
      message: 'Hand-off code does not match',
      attemptsLeft: 4,
    });
    expect((await carrierOrder(id))?.status).toBe('accepted');
  });

  it('locks completion for 15 minutes after five wrong codes, even for the right one', async () => {
    const id = await acceptedBooking();
    const code = await handoffCodeOf(traveller, id);
    const wrong = wrongButWellFormed(code);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await complete(carrier, id, wrong)).status);
    expect(statuses).toEqual([422, 422, 422, 422]);
    // The fifth wrong code's own answer says completion is now locked.
    const fifth = await complete(carrier, id, wrong);
    expect(fifth.status).toBe(429);
    expect(fifth.headers.get('Retry-After')).toBe('900');
    expect(await fifth.json()).toMatchObject({
      code: 'handoff/locked',
      message: 'Too many wrong hand-off codes. Completing this booking is locked for 15 minutes.',
      attemptsLeft: 0,
    });
    const locked = await complete(carrier, id, code);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('Retry-After')).toBe('900');
    expect((await locked.json()).code).toBe('handoff/locked');
    now += 14 * 60 * 1000;
    expect((await complete(carrier, id, code)).status).toBe(429);
    now += 60 * 1000;
    const after = await complete(carrier, id, code);
    expect(after.status).toBe(200);
    expect((await after.json()).booking.status).toBe('completed');
  });

  it('counts a wrong code once however often the same request is replayed', async () => {
    const id = await acceptedBooking();
    const code = await handoffCodeOf(traveller, id);
    const key = { 'Idempotency-Key': `wrong-${id}` };
    for (let i = 0; i < 6; i += 1) {
      const res = await complete(carrier, id, wrongButWellFormed(code), key);
      expect(res.status).toBe(422);
      expect((await res.json()).attemptsLeft).toBe(4);
    }
    expect((await complete(carrier, id, code)).status).toBe(200);
  });

  it('applies a completion once when its request is sent twice with one key', async () => {
    const id = await acceptedBooking();
    const code = await handoffCodeOf(traveller, id);
    const key = { 'Idempotency-Key': `done-${id}` };
    expect((await complete(carrier, id, code, key)).status).toBe(200);
    const again = await complete(carrier, id, code, key);
    expect(again.status).toBe(200);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
  });

  it('answers 403 when the traveller tries to complete with their own code', async () => {
    const id = await acceptedBooking();
    const code = await handoffCodeOf(traveller, id);
    const res = await traveller.call('PUT', '/api/bookings/update-status', {
      listingId: id,
      status: 'completed',
      handoffCode: code,
    });
    expect(res.status).toBe(403);
  });
});

describe('the hand-off through the sync protocol', () => {
  const clientId = () => `c-${crypto.randomUUID()}`;
  const pushAs = (u: TestUser, id: string, mutations: unknown[]) =>
    u.call('POST', '/api/sync/push', { clientId: id, user: u.email, mutations });

  it('pulls the code for the traveller and never for the carrier', async () => {
    const id = await acceptedBooking();
    const code = await handoffCodeOf(traveller, id);
    const mine = await (await traveller.call('GET', `/api/sync/pull?clientId=${clientId()}`)).json();
    expect(mine.snapshot.bookings.find((b: { id: string }) => b.id === id).handoffCode).toBe(code);
    const text = await (await carrier.call('GET', `/api/sync/pull?clientId=${clientId()}`)).text();
    expect(text).not.toContain(code);
    expect(text).not.toContain('handoffCode');
  });

  it('records a pushed wrong code as refused, counts it once when the push is repeated, and completes with the right one', async () => {
    const id = await acceptedBooking();
    const code = await handoffCodeOf(traveller, id);
    const c = clientId();
    const wrong = {
      id: 1,
      kind: 'complete',
      args: { listingId: id, status: 'completed', handoffCode: wrongButWellFormed(code) },
    };
    for (let i = 0; i < 2; i += 1) {
      const res = await pushAs(carrier, c, [wrong]);
      expect((await res.json()).results).toEqual([
        { id: 1, ok: false, code: 'handoff_code_mismatch', message: 'Hand-off code does not match' },
      ]);
    }
    // The repeat was answered from the record: four tries are left, not three.
    const direct = await complete(carrier, id, wrongButWellFormed(code));
    expect((await direct.json()).attemptsLeft).toBe(3);
    const right = {
      id: 2,
      kind: 'complete',
      args: { listingId: id, status: 'completed', handoffCode: code },
    };
    const done = await (await pushAs(carrier, c, [right])).json();
    expect(done.results[0]).toMatchObject({
      id: 2,
      ok: true,
      body: { booking: { id, status: 'completed' } },
    });
    expect(JSON.stringify(done)).not.toContain(code);
  });

  it('refuses to complete through a plain status-update mutation, which carries no code', async () => {
    const id = await acceptedBooking();
    const res = await pushAs(carrier, clientId(), [
      { id: 1, kind: 'status-update', args: { listingId: id, status: 'completed' } },
    ]);
    expect((await res.json()).results[0]).toMatchObject({ ok: false, code: 'request/invalid' });
    expect((await carrierOrder(id))?.status).toBe('accepted');
  });

  it('applies a pushed rating like the REST call', async () => {
    const id = await acceptedBooking();
    await complete(carrier, id, await handoffCodeOf(traveller, id));
    const res = await pushAs(traveller, clientId(), [
      { id: 1, kind: 'rate', args: { bookingId: id, stars: 5, comment: 'Smooth' } },
    ]);
    expect((await res.json()).results[0]).toMatchObject({
      ok: true,
      body: { rating: { stars: 5, comment: 'Smooth' } },
    });
  });
});
