// The team's console over HTTP (issue 30; PGlite, and PostgreSQL on that leg): staff named by
// STAFF_EMAILS or the operator's command (never by a request), every /api/team route refusing
// anyone else, reasons required, no-store answers; the inbox's reply mailed; reports handled by
// dismiss, warn and suspend (sessions end, login and the offline queue refused with
// auth/suspended, listings leave search, pending bookings declined), restore; unmatched searches
// told of a new listing and written to; a listing proposed to a courier request; every action in
// the append-only audit log.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, outboundMessages, users } from '@/server/db/schema';
import { runStaffCommand } from '@/server/model/staff.commands';
import { createTestServer, type TestServer } from '../support/server-app';
import { submitCourier } from '../support/server-courier';
import { addListing, book, contactBody, daysFromNow, searchBody } from '../support/server-fixtures';
import { jsonInit, signupAndLogin, type TestUser } from '../support/server-users';

const BOSS = `boss${Date.now()}@example.com`;
const REASON = { reason: 'Checked the thread: the report is right.' };
let server: TestServer;
let staff: TestUser;
let user: TestUser;

beforeAll(async () => {
  server = await createTestServer({
    config: { staffEmails: [BOSS], signupLimitPerHour: 10_000, loginMaxSuccessesPerAccount: 10_000 },
  });
  staff = await signupAndLogin(server, { email: BOSS });
  user = await signupAndLogin(server);
});
afterAll(() => server?.close());

/** Every console route the app mounts, with a sample id in its path. */
const teamRoutes = () =>
  server.app.routes
    .filter((r) => r.path.startsWith('/api/team') && r.method !== 'ALL')
    .map((r) => ({ method: r.method, path: r.path.replace(':id', 'x') }));

const mailsTo = async (email: string) =>
  (await server.db.select().from(outboundMessages).where(eq(outboundMessages.channel, 'email')))
    .map((r) => r.payload as { to: string; subject: string; text: string })
    .filter((m) => m.to === email);

const auditActions = async () => (await server.db.select().from(auditLog)).map((r) => r.action);

async function json<T>(res: Response | Promise<Response>): Promise<T> {
  return (await (await res).json()) as T;
}

describe('staff routes', () => {
  it('has console routes to check', () => {
    expect(teamRoutes().length).toBeGreaterThanOrEqual(17);
  });

  it('refuses every console route to a signed-in user who is not staff, with 403 and no-store', async () => {
    for (const r of teamRoutes()) {
      const res = await user.call(r.method, r.path, r.method === 'GET' ? undefined : REASON);
      expect(res.status, `${r.method} ${r.path}`).toBe(403);
      expect((await res.json()).code).toBe('team/forbidden');
      expect(res.headers.get('cache-control')).toBe('private, no-store');
    }
  });

  it('refuses every console route without a session with 401', async () => {
    for (const r of teamRoutes()) {
      const res = await server.request(r.path, jsonInit(r.method, r.method === 'GET' ? undefined : REASON));
      expect(res.status, `${r.method} ${r.path}`).toBe(401);
    }
  });

  it('refuses every console write without a reason with 400', async () => {
    for (const r of teamRoutes().filter((x) => x.method === 'POST')) {
      const res = await staff.call(r.method, r.path, {});
      expect(res.status, `${r.method} ${r.path}`).toBe(400);
      expect((await res.json()).code).toBe('request/invalid');
    }
  });

  it('answers staff with Cache-Control: private, no-store', async () => {
    const res = await staff.call('GET', '/api/team/me');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('makes an address staff by the operator command only, and takes it away again', async () => {
    const later = await signupAndLogin(server);
    // GET /api/auth tells the app whether to offer the console, with 200 either way.
    const staffFlag = async () =>
      ((await (await later.call('GET', '/api/auth')).json()) as { staff: boolean }).staff;
    expect((await later.call('GET', '/api/team/me')).status).toBe(403);
    expect(await staffFlag()).toBe(false);
    expect((await runStaffCommand(server.db, { op: 'add', email: later.email }, Date.now())).ok).toBe(true);
    expect((await later.call('GET', '/api/team/me')).status).toBe(200);
    expect(await staffFlag()).toBe(true);
    await runStaffCommand(server.db, { op: 'remove', email: later.email }, Date.now());
    expect((await later.call('GET', '/api/team/me')).status).toBe(403);
    expect(await staffFlag()).toBe(false);
    expect(await auditActions()).toEqual(expect.arrayContaining(['staff.add', 'staff.remove']));
  });
});

describe('the contact inbox', () => {
  it('mails the reply to the user and closes the query, audited', async () => {
    await user.call('POST', '/api/contact', contactBody(user, { message: 'Where is my refund?' }));
    const open = await json<{ items: { id: string; email: string; message: string }[] }>(
      staff.call('GET', `/api/team/queries?q=${encodeURIComponent(user.email)}`),
    );
    const query = open.items.find((q) => q.message === 'Where is my refund?');
    expect(query).toBeDefined();
    const res = await staff.call('POST', `/api/team/queries/${query?.id}/reply`, {
      reply: 'It is on its way.',
      reason: 'Answering the user',
    });
    expect(res.status).toBe(200);
    expect((await mailsTo(user.email)).map((m) => m.text)).toContainEqual(
      expect.stringContaining('It is on its way.'),
    );
    const after = await json<{ items: { id: string }[] }>(staff.call('GET', '/api/team/queries'));
    expect(after.items.map((q) => q.id)).not.toContain(query?.id);
    const again = await staff.call('POST', `/api/team/queries/${query?.id}/reply`, {
      reply: 'x',
      reason: 'y',
    });
    expect(again.status).toBe(409);
    expect(await auditActions()).toContain('query.reply');
  });
});

describe('blocks and reports', () => {
  it('refuses to block or report oneself with 400, and an unknown address with 404', async () => {
    expect((await user.call('POST', '/api/blocks', { email: user.email })).status).toBe(400);
    const self = await user.call('POST', '/api/reports', { kind: 'user', email: user.email, reason: 'spam' });
    expect(self.status).toBe(400);
    expect((await self.json()).code).toBe('report/self');
    const unknown = await user.call('POST', '/api/blocks', { email: `nobody${Date.now()}@example.com` });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).code).toBe('user/not-found');
  });

  it('refuses a report without a reason from the list', async () => {
    const res = await user.call('POST', '/api/reports', {
      kind: 'user',
      email: staff.email,
      reason: 'because',
    });
    expect(res.status).toBe(400);
  });

  it('stops bookings and messages between two users once one blocks the other', async () => {
    const carrier = await signupAndLogin(server);
    const traveller = await signupAndLogin(server);
    const first = await addListing(carrier, { flightNo: 'AI201' });
    const booking = await book(traveller, first);
    expect((await carrier.call('POST', '/api/blocks', { email: traveller.email })).status).toBe(201);
    const refused = await traveller.call('POST', '/api/book', {
      name: traveller.name,
      email: traveller.email,
      phone: traveller.phone,
      weight: 1,
      listingId: first,
    });
    expect(refused.status).toBe(409);
    expect((await refused.json()).code).toBe('user/blocked');
    const message = await traveller.call(
      'POST',
      `/api/bookings/${booking}/messages`,
      { text: 'hello?' },
      {
        'Idempotency-Key': crypto.randomUUID(),
      },
    );
    expect(message.status).toBe(409);
    expect((await message.json()).code).toBe('user/blocked');
    const listed = await json<{ blocks: { email: string }[] }>(carrier.call('GET', '/api/blocks'));
    expect(listed.blocks.map((b) => b.email)).toEqual([traveller.email]);
    await carrier.call('DELETE', '/api/blocks', { email: traveller.email });
    const afterUnblock = await traveller.call(
      'POST',
      `/api/bookings/${booking}/messages`,
      { text: 'hello?' },
      {
        'Idempotency-Key': crypto.randomUUID(),
      },
    );
    expect(afterUnblock.status).toBe(201);
  });
});

describe('a report handled by suspending the user, then restoring them', () => {
  let abuser: TestUser;
  let victim: TestUser;
  let reportId: string;
  let pendingBooking: string;

  beforeAll(async () => {
    abuser = await signupAndLogin(server);
    victim = await signupAndLogin(server);
    await addListing(abuser, { from: 'BOM', to: 'SIN', flightNo: 'SQ421' });
    const victimListing = await addListing(victim, { from: 'BLR', to: 'LHR', flightNo: 'BA118' });
    pendingBooking = await book(abuser, victimListing);
    const report = await victim.call('POST', '/api/reports', {
      kind: 'booking',
      bookingId: pendingBooking,
      reason: 'scam',
      details: 'Asked me to pay cash outside the app.',
    });
    expect(report.status).toBe(201);
    reportId = ((await report.json()) as { id: string }).id;
  });

  it('lists the report with who reported whom and why', async () => {
    const page = await json<{
      items: { id: string; reason: string; details: string; subject: { email: string } }[];
    }>(staff.call('GET', '/api/team/reports'));
    expect(page.items.find((r) => r.id === reportId)).toMatchObject({
      reason: 'scam',
      details: 'Asked me to pay cash outside the app.',
      subject: { email: abuser.email },
    });
  });

  it('suspends: sessions end, the queue and login are refused with auth/suspended', async () => {
    const res = await staff.call('POST', `/api/team/reports/${reportId}/suspend`, REASON);
    expect(res.status).toBe(200);
    const profile = await abuser.call('GET', `/api/profile/${abuser.email}`);
    expect(profile.status).toBe(403);
    expect((await profile.json()).code).toBe('auth/suspended');
    const push = await abuser.call('POST', '/api/sync/push', { clientId: 'c', mutations: [] });
    expect(push.status).toBe(403);
    expect((await push.json()).code).toBe('auth/suspended');
    const login = await server.request(
      '/auth/login',
      jsonInit('POST', { email: abuser.email, password: abuser.password }),
    );
    expect(login.status).toBe(403);
    expect((await login.json()).code).toBe('auth/suspended');
  });

  it('declines their pending bookings and takes their listings out of search', async () => {
    const [row] = await server.db.select().from(bookings).where(eq(bookings.id, pendingBooking));
    expect(row?.status).toBe('rejected');
    const found = await victim.call(
      'POST',
      '/api/search-listings',
      searchBody(victim, { from: 'BOM', to: 'SIN', flightNo: 'SQ421' }),
    );
    expect(await found.json()).toEqual({ message: expect.any(String) });
  });

  it('refuses a second outcome for a handled report', async () => {
    const res = await staff.call('POST', `/api/team/reports/${reportId}/dismiss`, REASON);
    expect(res.status).toBe(409);
  });

  it('restores: the user logs in again; each action is in the audit log with who and why', async () => {
    const [row] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, abuser.email));
    const res = await staff.call('POST', `/api/team/users/${row?.id}/restore`, { reason: 'Appeal accepted' });
    expect(res.status).toBe(200);
    const login = await server.request(
      '/auth/login',
      jsonInit('POST', { email: abuser.email, password: abuser.password }),
    );
    expect(login.status).toBe(200);
    const audit = await json<{
      items: { action: string; actorEmail: string; subject: string; reason: string }[];
    }>(staff.call('GET', '/api/team/audit'));
    expect(audit.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'user.suspend',
          actorEmail: BOSS,
          subject: abuser.email,
          reason: REASON.reason,
        }),
        expect.objectContaining({ action: 'user.restore', actorEmail: BOSS, reason: 'Appeal accepted' }),
        expect.objectContaining({ action: 'report.suspend', actorEmail: BOSS }),
      ]),
    );
  });

  it('warns by mail and dismisses', async () => {
    const r1 = await json<{ id: string }>(
      victim.call('POST', '/api/reports', { kind: 'user', email: abuser.email, reason: 'spam' }),
    );
    expect(
      (await staff.call('POST', `/api/team/reports/${r1.id}/warn`, { reason: 'First time' })).status,
    ).toBe(200);
    expect((await mailsTo(abuser.email)).map((m) => m.subject)).toContain('A warning from the Carry team');
    const r2 = await json<{ id: string }>(
      victim.call('POST', '/api/reports', { kind: 'user', email: abuser.email, reason: 'other' }),
    );
    expect(
      (await staff.call('POST', `/api/team/reports/${r2.id}/dismiss`, { reason: 'Nothing wrong' })).status,
    ).toBe(200);
    expect(await auditActions()).toEqual(expect.arrayContaining(['report.warn', 'report.dismiss']));
  });
});

describe('the audit log', () => {
  it('refuses UPDATE and DELETE in the database', async () => {
    await expect(server.db.execute(sql`update audit_log set reason = 'changed'`)).rejects.toThrow();
    await expect(server.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    expect((await server.db.select().from(auditLog)).length).toBeGreaterThan(0);
  });
});

describe('unmatched searches', () => {
  const route = { from: 'MAA', to: 'CDG', departure: daysFromNow(40), flightNo: 'AF111', airline: 'AF' };

  it('lists a route searched in vain with how many asked, and mails the searcher when a listing appears', async () => {
    const searcher = await signupAndLogin(server);
    await searcher.call('POST', '/api/search-listings', searchBody(searcher, route));
    await searcher.call('POST', '/api/search-listings', searchBody(searcher, route));
    const page = await json<{
      items: { from: string; to: string; people: number; searches: number; notified: number }[];
    }>(staff.call('GET', '/api/team/searches?q=MAA'));
    expect(page.items).toContainEqual(
      expect.objectContaining({ from: 'MAA', to: 'CDG', people: 1, searches: 2, notified: 0 }),
    );
    const carrier = await signupAndLogin(server);
    await addListing(carrier, { ...route });
    expect((await mailsTo(searcher.email)).map((m) => m.subject)).toContainEqual(
      expect.stringContaining('MAA to CDG'),
    );
    const after = await json<{ items: { from: string; notified: number }[] }>(
      staff.call('GET', '/api/team/searches?q=MAA'),
    );
    expect(after.items.find((i) => i.from === 'MAA')?.notified).toBe(1);
  });

  it('writes to the searchers of a route, audited', async () => {
    const res = await staff.call('POST', '/api/team/searches/contact', {
      from: route.from,
      to: route.to,
      departure: route.departure,
      message: 'We are looking for a carrier for you.',
      reason: 'Following up',
    });
    expect(res.status).toBe(200);
    expect((await res.json()).count).toBe(1);
    expect(await auditActions()).toContain('searches.contact');
  });
});

describe('courier requests', () => {
  it('shows listings matching a request and proposes one to the sender by mail', async () => {
    const sender = await signupAndLogin(server);
    const carrier = await signupAndLogin(server);
    const listing = await addListing(carrier, {
      from: 'DEL',
      to: 'BOM',
      flightNo: 'EK527',
      departure: daysFromNow(20),
    });
    const { body } = await submitCourier(server, sender, {
      from: 'DEL',
      to: 'BOM',
      firstDay: daysFromNow(10),
      lastDay: daysFromNow(30),
      weight: 2,
      governmentIdNumber: '123412341234',
    });
    const id = body.id;
    const list = await staff.call('GET', '/api/team/courier-requests');
    expect(await list.text()).not.toContain('123412341234');
    const matches = await json<{ trip: unknown; listings: { id: string }[] }>(
      staff.call('GET', `/api/team/courier-requests/${id}/matches`),
    );
    expect(matches.trip).toEqual({
      from: 'DEL',
      to: 'BOM',
      firstDay: daysFromNow(10),
      lastDay: daysFromNow(30),
      weightKg: 2,
    });
    expect(matches.listings.map((l) => l.id)).toEqual([listing]);
    const res = await staff.call('POST', `/api/team/courier-requests/${id}/propose`, {
      listingId: listing,
      reason: 'Good match',
    });
    expect(res.status).toBe(200);
    expect((await mailsTo(sender.email)).map((m) => m.text)).toContainEqual(expect.stringContaining('EK527'));
  });

  it('lists a request with its trip and its Government ID masked to the last 4 digits', async () => {
    const sender = await signupAndLogin(server);
    const { body } = await submitCourier(server, sender, {
      from: 'BLR',
      to: 'SIN',
      governmentIdType: 'Aadhaar',
      governmentIdNumber: '987654321098',
    });
    const res = await staff.call('GET', `/api/team/courier-requests?q=${encodeURIComponent(sender.email)}`);
    const text = await res.text();
    expect(text).not.toContain('987654321098');
    const page = JSON.parse(text) as {
      items: { id: string; trip: { from: string }; governmentId: unknown }[];
    };
    expect(page.items).toMatchObject([
      { id: body.id, trip: { from: 'BLR', to: 'SIN' }, governmentId: { type: 'Aadhaar', last4: '1098' } },
    ]);
  });

  it('shows the full Government ID to staff only through "Show full ID", which writes an audit row', async () => {
    const sender = await signupAndLogin(server);
    const { body } = await submitCourier(server, sender, {
      governmentIdType: 'Aadhaar',
      governmentIdNumber: '555566667777',
    });
    const path = `/api/team/courier-requests/${body.id}/reveal-id`;
    const reason = { reason: 'Customs asked for the sender ID' };

    const refused = await user.call('POST', path, reason);
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toContain('555566667777');
    expect((await sender.call('POST', path, reason)).status).toBe(403);
    expect((await staff.call('POST', path, {})).status).toBe(400);
    const reveals = () =>
      server.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'courier.reveal-id'))
        .then((rows) => rows.filter((r) => r.subject.includes(sender.email)));
    expect(await reveals()).toEqual([]);

    const res = await staff.call('POST', path, reason);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.json()).toMatchObject({
      governmentIdType: 'Aadhaar',
      governmentIdNumber: '555566667777',
    });
    const [row, ...more] = await reveals();
    expect(more).toEqual([]);
    expect(row).toMatchObject({ actorEmail: BOSS, reason: reason.reason, at: expect.any(Date) });
    expect(JSON.stringify(row)).not.toContain('555566667777');
    expect((await mailsTo(BOSS)).map((m) => m.text).join()).not.toContain('555566667777');

    const missing = await staff.call('POST', '/api/team/courier-requests/nope/reveal-id', reason);
    expect(missing.status).toBe(404);
    const none = await submitCourier(server, sender, { governmentIdType: '', governmentIdNumber: '' });
    const empty = await staff.call('POST', `/api/team/courier-requests/${none.body.id}/reveal-id`, reason);
    expect(empty.status).toBe(404);
    expect((await empty.json()).code).toBe('team/no-government-id');
  });
});

describe('console lists', () => {
  it('pages users newest first with a cursor, and finds them by the start of an e-mail', async () => {
    const first = await json<{ items: { email: string }[]; next: string | null }>(
      staff.call('GET', '/api/team/users?limit=2'),
    );
    expect(first.items).toHaveLength(2);
    expect(first.next).not.toBeNull();
    const second = await json<{ items: { email: string }[] }>(
      staff.call('GET', `/api/team/users?limit=2&cursor=${first.next}`),
    );
    expect(second.items.map((u) => u.email)).not.toContain(first.items[0]?.email);
    const found = await json<{ items: { email: string }[] }>(
      staff.call('GET', `/api/team/users?q=${encodeURIComponent(BOSS.slice(0, 8))}`),
    );
    expect(found.items.map((u) => u.email)).toEqual([BOSS]);
  });

  it("finds bookings by a side's e-mail", async () => {
    const page = await json<{ items: { traveller: string; carrier: string }[] }>(
      staff.call('GET', `/api/team/bookings?q=${encodeURIComponent(user.email)}`),
    );
    expect(page.items).toEqual([]);
    const all = await json<{ items: unknown[] }>(staff.call('GET', '/api/team/bookings'));
    expect(all.items.length).toBeGreaterThan(0);
  });
});

describe('payment disputes (issue 31)', () => {
  it('lists a carrier\'s "not received" with both sides and the reference, and resolves it once, audited', async () => {
    const carrier = await signupAndLogin(server, { name: 'Asha Rao' });
    const traveller = await signupAndLogin(server, { name: 'Ravi Kumar' });
    const id = await book(traveller, await addListing(carrier, { flightNo: 'AI531', cost: 50_000 }), 2);
    await carrier.call('PUT', '/api/bookings/update-status', { listingId: id, status: 'accepted' });
    await traveller.call('POST', `/api/bookings/${id}/payment-claim`, { reference: '412345678901' });
    const answer = await carrier.call('POST', `/api/bookings/${id}/payment-answer`, { answer: 'dispute' });
    expect(answer.status).toBe(200);

    type Dispute = {
      id: string;
      claimedRef: string;
      resolvedAt: number | null;
      booking: { id: string; cost: number; paymentState: string };
      traveller: { email: string };
      carrier: { email: string };
      flightNo: string;
    };
    const open = await json<{ items: Dispute[] }>(
      staff.call('GET', `/api/team/disputes?q=${encodeURIComponent(traveller.email)}`),
    );
    expect(open.items).toMatchObject([
      {
        claimedRef: '412345678901',
        resolvedAt: null,
        booking: { id, cost: 100_000, paymentState: 'disputed' },
        traveller: { email: traveller.email },
        carrier: { email: carrier.email },
        flightNo: 'AI531',
      },
    ]);
    // Found by the carrier's e-mail too; another user's e-mail finds nothing.
    const byCarrier = await json<{ items: Dispute[] }>(
      staff.call('GET', `/api/team/disputes?q=${encodeURIComponent(carrier.email)}`),
    );
    expect(byCarrier.items.map((d) => d.booking.id)).toEqual([id]);
    const none = await json<{ items: Dispute[] }>(
      staff.call('GET', `/api/team/disputes?q=${encodeURIComponent(user.email)}`),
    );
    expect(none.items).toEqual([]);

    const disputeId = open.items[0]?.id ?? '';
    const reason = {
      reason: 'Called both: the UPI app shows the payment failed; the traveller pays in cash.',
    };
    const resolved = await staff.call('POST', `/api/team/disputes/${disputeId}/resolve`, reason);
    expect(resolved.status).toBe(200);
    const again = await staff.call('POST', `/api/team/disputes/${disputeId}/resolve`, reason);
    expect([again.status, (await again.json()).code]).toEqual([409, 'team/already-handled']);
    const unknown = await staff.call('POST', '/api/team/disputes/nope/resolve', reason);
    expect([unknown.status, (await unknown.json()).code]).toEqual([404, 'team/not-found']);

    const stillOpen = await json<{ items: Dispute[] }>(
      staff.call('GET', `/api/team/disputes?q=${encodeURIComponent(traveller.email)}`),
    );
    expect(stillOpen.items).toEqual([]);
    const done = await json<{ items: Dispute[] }>(
      staff.call('GET', `/api/team/disputes?status=resolved&q=${encodeURIComponent(traveller.email)}`),
    );
    expect(done.items.map((d) => d.id)).toEqual([disputeId]);
    expect(done.items[0]?.resolvedAt).toEqual(expect.any(Number));
    expect(await auditActions()).toContain('dispute.resolve');
    // The user's own call is not the team's: a user reaches no dispute list.
    expect((await carrier.call('GET', '/api/team/disputes')).status).toBe(403);
  });
});
