// Courier requests that go somewhere (issue 30), through HTTP: every missing field named, the
// forbidden categories refused with their rule, the ID number sealed and only masked in answers,
// the sender's list in the pull with status, history and matching listings, the notice of a new
// listing on the route, "Book this", delivery, and the withdraw.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categoryOf } from '@/domain/courier/categories';
import type { CourierRow } from '@/domain/courier/status';
import { courierRequests, outboundMessages } from '@/server/db/schema';
import { courierRequestsForTeam, readGovernmentIdNumber } from '@/server/model/courier.queries';
import { completeWithCode } from '../support/handoff';
import { serverPerFile } from '../support/server-app';
import { submitCourier } from '../support/server-courier';
import { addListing, bookingBody, daysFromNow } from '../support/server-fixtures';
import { signupAndLogin, type TestUser } from '../support/server-users';

const idKey = randomBytes(32);
const server = serverPerFile({ config: { idKey } });

const submit = (sender: TestUser, overrides: Record<string, unknown> = {}) =>
  submitCourier(server, sender, overrides);

async function myRequests(u: TestUser): Promise<CourierRow[]> {
  const res = await u.call('GET', `/api/sync/pull?clientId=${crypto.randomUUID()}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { snapshot: { couriers: CourierRow[] } }).snapshot.couriers;
}

/** Each route in its own pair of airports, so the tests' listings never match another's request. */
const route = (from: string, to: string) => ({ from, to });

describe('POST /api/courier/submit', () => {
  it('refuses the empty request with 400 naming every missing field', async () => {
    const sender = await signupAndLogin(server);
    const res = await sender.call('POST', '/api/courier/submit', {});
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; issues: { path: string; message: string }[] };
    expect(body.code).toBe('request/invalid');
    const paths = body.issues.map((i) => i.path);
    for (const field of [
      'fullName',
      'emailAddress',
      'mobileNumber',
      'from',
      'to',
      'firstDay',
      'lastDay',
      'weight',
      'declaredValue',
      'recipientName',
      'recipientPhone',
      'itemCategory',
      'paymentMode',
      'declarations.noIllegalItems',
      'declarations.termsAgreed',
      'declarations.selfResponsibility',
      'itemImageUrl',
    ])
      expect(paths).toContain(field);
    expect(body.issues).toContainEqual({ path: 'from', message: 'From is required' });
    expect(body.issues).toContainEqual({ path: 'recipientName', message: 'Recipient name is required' });
  });

  it('refuses a category airlines forbid with the rule that forbids it', async () => {
    const sender = await signupAndLogin(server);
    const { status, body } = await submit(sender, { itemCategory: ['books', 'spare-batteries'] });
    expect(status).toBe(400);
    expect((body as unknown as { issues: { path: string; message: string }[] }).issues).toContainEqual({
      path: 'itemCategory.1',
      message: categoryOf('spare-batteries')?.forbiddenBy,
    });
  });

  it('refuses a window that ended, a window the wrong way round and the same airports', async () => {
    const sender = await signupAndLogin(server);
    expect((await submit(sender, { firstDay: daysFromNow(-3), lastDay: daysFromNow(-1) })).status).toBe(400);
    expect((await submit(sender, { firstDay: daysFromNow(9), lastDay: daysFromNow(3) })).status).toBe(400);
    expect((await submit(sender, { from: 'DEL', to: 'DEL' })).status).toBe(400);
  });

  it('seals the ID number at rest and answers only its last 4 digits', async () => {
    const sender = await signupAndLogin(server);
    const number = '7305 8163 4029';
    // The digits before the last four, as typed or run together: four digits alone ('8163') also
    // turn up in a timestamp (createdAt 1795816329258) or an id.
    const hidden = /7305 ?8163/;
    const { status, body } = await submit(sender, {
      governmentIdType: 'Aadhaar Card',
      governmentIdNumber: number,
      ...route('BLR', 'GOI'),
    });
    expect(status).toBe(201);
    expect(body.request.governmentIdLast4).toBe('4029');
    const [row] = await server.db.select().from(courierRequests).where(eq(courierRequests.id, body.id));
    const stored = JSON.stringify(row);
    expect(stored).not.toMatch(hidden);
    expect(row?.idNumberSealed).toMatch(/^v1\./);
    const pulled = JSON.stringify(await myRequests(sender));
    expect(pulled).toContain('4029');
    expect(pulled).not.toMatch(hidden);
    // The team's console reads it through the model (audited by its caller), with the server's key.
    expect(await readGovernmentIdNumber(server.db, idKey, body.id)).toBe(number);
    await expect(readGovernmentIdNumber(server.db, randomBytes(32), body.id)).rejects.toThrow();
    const team = await courierRequestsForTeam(server.db, { limit: 50, offset: 0 }, Date.now());
    expect(JSON.stringify(team)).not.toMatch(hidden);
  });

  it('answers the same id from its sender with the stored request, and 409 from anyone else', async () => {
    const [a, b] = await Promise.all([signupAndLogin(server), signupAndLogin(server)]);
    const id = crypto.randomUUID();
    expect((await submit(a, { id, ...route('BLR', 'GOI') })).status).toBe(201);
    expect((await submit(a, { id, ...route('BLR', 'GOI') })).status).toBe(200);
    const taken = await submit(b, { id, ...route('BLR', 'GOI') });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('courier/id-taken');
  });
});

describe('matching, booking and delivery', () => {
  it('is matched by a listing on its route and dates, booked with Book this, then delivered', async () => {
    const [sender, carrier] = await Promise.all([signupAndLogin(server), signupAndLogin(server)]);
    const { body } = await submit(sender, route('BOM', 'SIN'));
    expect(body.request.status).toBe('submitted');
    expect(body.request.history.map((h) => h.status)).toEqual(['submitted']);

    // A listing outside the window matches nothing; one inside does, and its sender is told.
    await addListing(carrier, { ...route('BOM', 'SIN'), departure: daysFromNow(40), flightNo: 'SQ421' });
    expect((await myRequests(sender))[0]?.status).toBe('submitted');
    const listingId = await addListing(carrier, { ...route('BOM', 'SIN'), flightNo: 'SQ423' });
    const [mine] = await myRequests(sender);
    expect(mine?.status).toBe('matched');
    expect(mine?.matches.map((l) => l.id)).toEqual([listingId]);
    const notices = await server.db.select().from(outboundMessages);
    expect(notices.some((n) => JSON.stringify(n.payload).includes(`/courier-requests/${body.id}`))).toBe(
      true,
    );

    const booked = await sender.call(
      'POST',
      '/api/book',
      bookingBody(sender, listingId, { weight: 2, courierRequestId: body.id }),
    );
    expect(booked.status).toBe(201);
    const bookingId = ((await booked.json()) as { booking: { id: string } }).booking.id;
    expect((await myRequests(sender))[0]).toMatchObject({ status: 'booked', bookingId, matches: [] });
    // The request is no longer open: a second booking for it is refused.
    const again = await sender.call(
      'POST',
      '/api/book',
      bookingBody(sender, listingId, { weight: 1, courierRequestId: body.id }),
    );
    expect(again.status).toBe(409);

    const accepted = { listingId: bookingId, status: 'accepted' };
    expect((await carrier.call('PUT', '/api/bookings/update-status', accepted)).status).toBe(200);
    expect((await completeWithCode(carrier, sender, bookingId)).status).toBe(200);
    const [done] = await myRequests(sender);
    expect(done?.status).toBe('delivered');
    expect(done?.history.map((h) => h.status)).toEqual(['submitted', 'matched', 'booked', 'delivered']);
  });

  it('goes back to matched when the carrier declines its booking', async () => {
    const [sender, carrier] = await Promise.all([signupAndLogin(server), signupAndLogin(server)]);
    const listingId = await addListing(carrier, { ...route('MAA', 'KUL'), flightNo: 'MH181' });
    const { body } = await submit(sender, route('MAA', 'KUL'));
    expect(body.request.status).toBe('matched');
    const res = await sender.call(
      'POST',
      '/api/book',
      bookingBody(sender, listingId, { weight: 2, courierRequestId: body.id }),
    );
    const bookingId = ((await res.json()) as { booking: { id: string } }).booking.id;
    await carrier.call('PUT', '/api/bookings/update-status', { listingId: bookingId, status: 'rejected' });
    const [mine] = await myRequests(sender);
    expect(mine).toMatchObject({ status: 'matched', bookingId: null });
    expect(mine?.history.at(-1)?.note).toBe('The booking was declined');
  });

  it('refuses booking for a request of someone else with 404', async () => {
    const [sender, other, carrier] = await Promise.all([
      signupAndLogin(server),
      signupAndLogin(server),
      signupAndLogin(server),
    ]);
    const listingId = await addListing(carrier, { ...route('CCU', 'BKK'), flightNo: 'TG314' });
    const { body } = await submit(sender, route('CCU', 'BKK'));
    const res = await other.call(
      'POST',
      '/api/book',
      bookingBody(other, listingId, { weight: 2, courierRequestId: body.id }),
    );
    expect(res.status).toBe(404);
  });
});

describe('POST /api/courier/:id/withdraw', () => {
  it('closes an open request with its history; 404 for another sender, 409 once booked', async () => {
    const [sender, other] = await Promise.all([signupAndLogin(server), signupAndLogin(server)]);
    const { body } = await submit(sender, route('DEL', 'DOH'));
    const foreign = await other.call('POST', `/api/courier/${body.id}/withdraw`);
    expect(foreign.status).toBe(404);
    const res = await sender.call('POST', `/api/courier/${body.id}/withdraw`);
    expect(res.status).toBe(200);
    const { request } = (await res.json()) as { request: CourierRow };
    expect(request.status).toBe('closed');
    expect(request.history.at(-1)).toMatchObject({ status: 'closed', note: 'Withdrawn by the sender' });
    // Withdrawn twice: the outcome asked for.
    expect((await sender.call('POST', `/api/courier/${body.id}/withdraw`)).status).toBe(200);
    const profile = await (await sender.call('GET', `/api/profile/${sender.email}`)).json();
    expect(profile.bookings.sender).toEqual({ pending: 0, completed: 0, declined: 1 });
  });

  it('refuses to withdraw a booked request with 409 courier/not-open', async () => {
    const [sender, carrier] = await Promise.all([signupAndLogin(server), signupAndLogin(server)]);
    const listingId = await addListing(carrier, { ...route('COK', 'MCT'), flightNo: 'WY204' });
    const { body } = await submit(sender, route('COK', 'MCT'));
    await sender.call(
      'POST',
      '/api/book',
      bookingBody(sender, listingId, { weight: 2, courierRequestId: body.id }),
    );
    const res = await sender.call('POST', `/api/courier/${body.id}/withdraw`);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { code: string }).code).toBe('courier/not-open');
  });
});
