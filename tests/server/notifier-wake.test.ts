// The notifier's loop is asleep between its work: it is woken by a request that queued something
// and again when its queue's next row falls due (a retry's back-off), not by a poll. Here the
// poll is an hour long, so only that wake-up can send the retry; real time, waited for by polling.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type PushService, startPushService } from '../../scripts/push-service';
import { createTestServer, type TestServer } from '../support/server-app';
import { addListing, book } from '../support/server-fixtures';
import { signupAndLogin } from '../support/server-users';

let server: TestServer;
let push: PushService;

beforeAll(async () => {
  push = await startPushService();
  server = await createTestServer({
    notify: {
      allowHttpPushEndpoints: true,
      pushServiceHosts: [new URL(push.origin).host],
      baseBackoffMs: 300,
      random: () => 0.5,
      pollMs: 60 * 60 * 1000,
    },
  });
  server.notifier.start();
});
afterAll(async () => {
  await server.notifier.stop();
  await server.close();
  await push.close();
});

it('sends a retry when its back-off ends, and a new booking at once, with no poll between', async () => {
  const carrier = await signupAndLogin(server);
  const res = await carrier.call('POST', '/api/push/subscriptions', push.subscription('carrier-phone'));
  expect(res.status).toBe(201);
  const traveller = await signupAndLogin(server);
  const listingId = await addListing(carrier, { flightNo: 'AI977' });

  // The first try fails; the back-off (300 ms) ends long before the hour's poll.
  push.respondWith(503);
  await book(traveller, listingId, 2);
  await expect.poll(() => push.hits('carrier-phone'), { timeout: 10_000 }).toBe(2);
  expect(push.received.filter((p) => p.name === 'carrier-phone')).toHaveLength(1);

  // Asleep again until the next write: the second booking goes out when its request ends.
  await book(traveller, listingId, 1);
  await expect.poll(() => push.hits('carrier-phone'), { timeout: 10_000 }).toBe(3);
  expect(push.problems).toEqual([]);
});
