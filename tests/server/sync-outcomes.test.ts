// Issue 16 on the server: a pull carries the stored results the client has not acknowledged,
// a mutation sent before over REST keeps its Idempotency-Key identity in a push, both calls
// refuse a protocol the server does not speak, and what a mutation throws is a refusal unless a
// retry could pass.
import { describe, expect, it } from 'vitest';
import { SYNC_PROTOCOL } from '@/domain/sync/protocol';
import { classifyFailure } from '@/server/routes/sync/sync.failures';
import { serverPerFile } from '../support/server-app';
import { addListing, bookingBody } from '../support/server-fixtures';
import { type TestUser, userPerFile } from '../support/server-users';

const server = serverPerFile();
const carrier = userPerFile(server);
const traveller = userPerFile(server);

const newClient = () => `client-${crypto.randomUUID()}`;
type Mutation = { id: number; kind: string; args: unknown; idempotencyKey?: string };
const push = (u: TestUser, clientId: string, mutations: Mutation[], extra: Record<string, unknown> = {}) =>
  u.call('POST', '/api/sync/push', { clientId, user: u.email, protocol: SYNC_PROTOCOL, mutations, ...extra });
const contact = (u: TestUser, message: string) => ({
  kind: 'contact',
  args: { name: 'Asha Rao', email: u.email, phone: u.phone, message },
});

describe('pull results', () => {
  it('brings the stored answers above the id the client acknowledged, refusals with their message', async () => {
    const clientId = newClient();
    const listingId = await addListing(carrier, { flightNo: 'AI701', weight: 1 });
    await push(traveller, clientId, [
      { id: 1, kind: 'book', args: bookingBody(traveller, listingId, { weight: 1 }) },
      { id: 2, kind: 'book', args: bookingBody(traveller, listingId, { weight: 1 }) },
    ]);
    const pull = async (acked?: number) =>
      (
        await traveller.call(
          'GET',
          `/api/sync/pull?clientId=${clientId}&protocol=${SYNC_PROTOCOL}${acked === undefined ? '' : `&acked=${acked}`}`,
        )
      ).json();
    const all = await pull(0);
    expect(all.lastMutationId).toBe(2);
    expect(all.protocol).toBe(SYNC_PROTOCOL);
    expect(all.results).toMatchObject([
      { id: 1, ok: true, body: { booking: { weight: 1 } } },
      { id: 2, ok: false, code: 'listing/no-space', message: expect.stringMatching(/.+/) },
    ]);
    expect((await pull(1)).results).toMatchObject([{ id: 2, ok: false }]);
    expect((await pull(2)).results).toEqual([]);
    expect((await pull()).results).toBeUndefined();
  });
});

describe('protocol versions', () => {
  it('refuses a push or a pull naming a protocol the server does not speak with 426 sync/upgrade-required', async () => {
    const clientId = newClient();
    const res = await push(carrier, clientId, [{ id: 1, ...contact(carrier, 'from the future') }], {
      protocol: SYNC_PROTOCOL + 1,
    });
    expect(res.status).toBe(426);
    expect(await res.json()).toMatchObject({ code: 'sync/upgrade-required' });
    const pulled = await carrier.call(
      'GET',
      `/api/sync/pull?clientId=${clientId}&protocol=${SYNC_PROTOCOL + 1}`,
    );
    expect(pulled.status).toBe(426);
    expect(await pulled.json()).toMatchObject({ code: 'sync/upgrade-required' });
    // Nothing of the refused push was applied: the same id goes through once the client speaks it.
    const ok = await (await push(carrier, clientId, [{ id: 1, ...contact(carrier, 'now') }])).json();
    expect(ok).toMatchObject({ protocol: SYNC_PROTOCOL, lastMutationId: 1, results: [{ id: 1, ok: true }] });
  });
});

describe('Idempotency-Key of the REST era', () => {
  it('answers a pushed mutation whose key the REST path already applied from that record, once', async () => {
    const listingId = await addListing(carrier, { flightNo: 'AI702', weight: 10 });
    const key = crypto.randomUUID();
    const args = bookingBody(traveller, listingId, { weight: 3 });
    const rest = await traveller.call('POST', '/api/book', args, { 'Idempotency-Key': key });
    expect(rest.status).toBe(201);
    const restBody = await rest.json();
    const pushed = await (
      await push(traveller, newClient(), [{ id: 1, kind: 'book', args, idempotencyKey: key }])
    ).json();
    expect(pushed.results).toEqual([{ id: 1, ok: true, body: restBody }]);
    const orders = await (await traveller.call('GET', `/api/orders?email=${traveller.email}`)).json();
    expect(
      orders.bookings.filter((b: { flightDetails: { flightNo: string } }) => b.flightDetails),
    ).toHaveLength(orders.bookings.length);
    const onListing = orders.bookings.filter((b: { id: string }) => b.id === restBody.booking.id);
    expect(onListing).toHaveLength(1);
    expect(orders.bookings.filter((b: { weight: number }) => b.weight === 3)).toHaveLength(1);
  });

  it('claims the key for a mutation applied by push, so a REST retry with it replays', async () => {
    const key = crypto.randomUUID();
    const args = contact(carrier, 'pushed first').args;
    const pushed = await (
      await push(carrier, newClient(), [{ id: 1, kind: 'contact', args, idempotencyKey: key }])
    ).json();
    expect(pushed.results).toMatchObject([{ id: 1, ok: true }]);
    const rest = await carrier.call('POST', '/api/contact', args, { 'Idempotency-Key': key });
    expect(rest.headers.get('idempotent-replayed')).toBe('true');
  });
});

describe('what a mutation throws', () => {
  it('refuses text that is not well-formed Unicode and applies the change queued behind it', async () => {
    const clientId = newClient();
    const res = await push(carrier, clientId, [
      { id: 1, ...contact(carrier, 'box \ud800') },
      { id: 2, ...contact(carrier, 'behind it') },
    ]);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      lastMutationId: 2,
      results: [
        { id: 1, ok: false, code: 'request/invalid' },
        { id: 2, ok: true },
      ],
    });
    const rest = await carrier.call('POST', '/api/contact', contact(carrier, 'box \udc00 lone').args);
    expect(rest.status).toBe(400);
  });

  it('is transient only when a retry could pass; anything else is refused with a code', () => {
    const pg = (code: string) => Object.assign(new Error(`db ${code}`), { code });
    const wrapped = (code: string) => Object.assign(new Error('Failed query'), { cause: { code } });
    for (const transient of [
      pg('40001'),
      pg('40P01'),
      pg('55P03'),
      pg('57P01'),
      pg('08006'),
      wrapped('40001'),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      new Error('Connection terminated unexpectedly'),
    ])
      expect(classifyFailure(transient)).toMatchObject({ kind: 'transient' });
    const refused = (err: unknown) => {
      const f = classifyFailure(err);
      return f.kind === 'refused' ? f.error.code : f.kind;
    };
    expect(refused(pg('22021'))).toBe('request/invalid');
    expect(refused(wrapped('22P05'))).toBe('request/invalid');
    expect(refused(pg('23503'))).toBe('sync/unprocessable');
    expect(refused(pg('23505'))).toBe('sync/unprocessable');
    expect(refused(pg('42703'))).toBe('sync/unprocessable');
    expect(refused(new TypeError("Cannot read properties of undefined (reading 'email')"))).toBe(
      'sync/unprocessable',
    );
  });
});
