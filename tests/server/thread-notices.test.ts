// A chat message tells its recipient (issue 28): a push to each of their devices, or a mail with
// none, through the notifier's queue and a local push service; at most one per thread and
// recipient in THREAD_NOTICE_WINDOW_MS, none for one's own messages, and none while the recipient
// has the thread on screen (PUT /api/bookings/:id/viewing, until it leaves or the view lapses).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { THREAD_NOTICE_WINDOW_MS, THREAD_VIEW_TTL_MS } from '@/domain/message/notice';
import { outboundMessages } from '@/server/db/schema';
import { type PushService, startPushService } from '../../scripts/push-service';
import { type SmtpSink, startSmtpSink } from '../../scripts/smtp-sink';
import { createTestServer, type TestServer } from '../support/server-app';
import { addListing, book } from '../support/server-fixtures';
import { signupAndLogin, type TestUser } from '../support/server-users';

let server: TestServer;
let push: PushService;
let smtp: SmtpSink;
let nowMs = Date.now();
const clock = { now: () => nowMs };
let seq = 0;
let flight = 300;

beforeAll(async () => {
  push = await startPushService();
  smtp = await startSmtpSink();
  server = await createTestServer({
    clock,
    notify: {
      smtpUrl: smtp.url,
      allowHttpPushEndpoints: true,
      pushServiceHosts: [new URL(push.origin).host],
    },
  });
});
afterEach(async () => {
  expect(push.problems).toEqual([]);
  await server.db.delete(outboundMessages);
});
afterAll(async () => {
  await server.close();
  await push.close();
  await smtp.close();
});

async function subscribed(user: TestUser) {
  seq += 1;
  const name = `thread-device-${seq}`;
  expect((await user.call('POST', '/api/push/subscriptions', push.subscription(name))).status).toBe(201);
  return name;
}

/** A carrier and a traveller with a booking between them, the booking's own news sent, then each with a device. */
async function thread() {
  const carrier = await signupAndLogin(server);
  const traveller = await signupAndLogin(server);
  const bookingId = await book(traveller, await addListing(carrier, { flightNo: `AI${++flight}` }), 1);
  // The booking's own news goes first (by mail: no device yet); then the devices.
  await server.notifier.drain();
  const carrierDevice = await subscribed(carrier);
  const travellerDevice = await subscribed(traveller);
  return { carrier, traveller, bookingId, carrierDevice, travellerDevice };
}

async function say(user: TestUser, bookingId: string, text = 'Hello') {
  const res = await user.call('POST', `/api/bookings/${bookingId}/messages`, { text });
  expect(res.status).toBe(201);
}

/** The message notices `device` received (a booking made meanwhile sends its own "New booking"). */
const pushedTo = (device: string) =>
  push.received
    .filter((r) => r.name === device)
    .map((r) => r.payload as Record<string, string>)
    .filter((p) => p.title === 'New message');

describe('message notices', () => {
  it('pushes "New message" to the other side\'s devices, never to the sender', async () => {
    const t = await thread();
    await say(t.traveller, t.bookingId, 'My phone number is 98765 43210');
    expect(await server.notifier.drain()).toMatchObject({ sent: 1 });
    expect(pushedTo(t.carrierDevice)).toEqual([
      {
        title: 'New message',
        body: 'You have a new message about a booking. Open Carry to read it.',
        url: `/bookings/${t.bookingId}/messages`,
        tag: `thread-${t.bookingId}`,
      },
    ]);
    expect(pushedTo(t.travellerDevice)).toEqual([]);
  });

  it('sends at most one per thread in the window, and again once it has passed', async () => {
    const t = await thread();
    for (const text of ['one', 'two', 'three']) {
      await say(t.traveller, t.bookingId, text);
      nowMs += 1000;
    }
    await server.notifier.drain();
    expect(pushedTo(t.carrierDevice)).toHaveLength(1);
    nowMs += THREAD_NOTICE_WINDOW_MS - 10_000;
    await say(t.traveller, t.bookingId, 'still within');
    await server.notifier.drain();
    expect(pushedTo(t.carrierDevice)).toHaveLength(1);
    nowMs += 10_000;
    await say(t.traveller, t.bookingId, 'after the window');
    await server.notifier.drain();
    expect(pushedTo(t.carrierDevice)).toHaveLength(2);
  });

  it('coalesces per thread and per recipient: a reply and another thread are told apart', async () => {
    const t = await thread();
    const other = await signupAndLogin(server);
    const second = await book(other, await addListing(t.carrier, { flightNo: `AI${++flight}` }), 1);
    await say(t.traveller, t.bookingId);
    await say(other, second);
    await say(t.carrier, t.bookingId, 'A reply');
    await server.notifier.drain();
    expect(
      pushedTo(t.carrierDevice)
        .map((p) => p.url)
        .sort(),
    ).toEqual([`/bookings/${t.bookingId}/messages`, `/bookings/${second}/messages`].sort());
    expect(pushedTo(t.travellerDevice).map((p) => p.url)).toEqual([`/bookings/${t.bookingId}/messages`]);
  });

  it('sends none to a recipient viewing the thread, and again once they left it', async () => {
    const t = await thread();
    const view = await t.carrier.call('PUT', `/api/bookings/${t.bookingId}/viewing`);
    expect(view.status).toBe(200);
    expect((await view.json()).until).toBe(new Date(nowMs + THREAD_VIEW_TTL_MS).toISOString());
    await say(t.traveller, t.bookingId, 'seen at once');
    await server.notifier.drain();
    expect(pushedTo(t.carrierDevice)).toEqual([]);
    expect(await server.db.select().from(outboundMessages)).toEqual([]);
    expect((await t.carrier.call('DELETE', `/api/bookings/${t.bookingId}/viewing`)).status).toBe(200);
    await say(t.traveller, t.bookingId, 'now away');
    await server.notifier.drain();
    expect(pushedTo(t.carrierDevice)).toHaveLength(1);
  });

  it('sends again once a view lapses without being renewed (a phone put away)', async () => {
    const t = await thread();
    await t.carrier.call('PUT', `/api/bookings/${t.bookingId}/viewing`);
    nowMs += THREAD_VIEW_TTL_MS - 1000;
    await say(t.traveller, t.bookingId, 'still viewing');
    await server.notifier.drain();
    expect(pushedTo(t.carrierDevice)).toEqual([]);
    nowMs += 1000;
    await say(t.traveller, t.bookingId, 'the view lapsed');
    await server.notifier.drain();
    expect(pushedTo(t.carrierDevice)).toHaveLength(1);
  });

  it('a view of another thread does not hold this one back', async () => {
    const t = await thread();
    const other = await signupAndLogin(server);
    const second = await book(other, await addListing(t.carrier, { flightNo: `AI${++flight}` }), 1);
    await t.carrier.call('PUT', `/api/bookings/${second}/viewing`);
    await say(t.traveller, t.bookingId);
    await say(other, second);
    await server.notifier.drain();
    expect(pushedTo(t.carrierDevice).map((p) => p.url)).toEqual([`/bookings/${t.bookingId}/messages`]);
  });

  it('mails a recipient with no push device', async () => {
    const carrier = await signupAndLogin(server);
    const traveller = await signupAndLogin(server);
    const bookingId = await book(traveller, await addListing(carrier, { flightNo: `AI${++flight}` }), 1);
    await server.notifier.drain();
    const before = smtp.messages.filter((m) => m.to.includes(traveller.email)).length;
    await say(carrier, bookingId, 'See you at the gate');
    await server.notifier.drain();
    const mail = await smtp.waitFor(traveller.email, before);
    expect(mail.subject).toBe('New message');
    expect(mail.text).toContain(`/bookings/${bookingId}/messages`);
    expect(mail.text).not.toContain('See you at the gate');
  });
});

describe('PUT /api/bookings/:bookingId/viewing', () => {
  it('needs a session', async () => {
    const res = await server.request('/api/bookings/x/viewing', { method: 'PUT' });
    expect(res.status).toBe(401);
  });

  it("refuses someone else's thread, or none, as 403 thread/forbidden", async () => {
    const t = await thread();
    const stranger = await signupAndLogin(server);
    for (const id of [t.bookingId, 'no-such-booking']) {
      const res = await stranger.call('PUT', `/api/bookings/${id}/viewing`);
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe('thread/forbidden');
    }
    // Nor does a stranger's view hold back the carrier's notices.
    await say(t.traveller, t.bookingId);
    await server.notifier.drain();
    expect(pushedTo(t.carrierDevice)).toHaveLength(1);
  });
});
