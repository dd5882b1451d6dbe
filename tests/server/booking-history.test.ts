// View Details' data in both order lists: each status a booking reached with its time, and the
// other party's contact once (and only once) the carrier has accepted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeWithCode } from '../support/handoff';
import { createTestServer, type TestServer } from '../support/server-app';
import { addListing, book } from '../support/server-fixtures';
import { signupAndLogin, type TestUser } from '../support/server-users';

let server: TestServer;
let carrier: TestUser;
let traveller: TestUser;
let nowMs = Date.UTC(2026, 10, 1, 8, 0, 0);
const clock = { now: () => nowMs };

beforeAll(async () => {
  server = await createTestServer({ clock });
  [carrier, traveller] = await Promise.all([
    signupAndLogin(server, { name: 'Asha Rao', phone: '9876543210' }),
    signupAndLogin(server, { name: 'Meera Shah', phone: '9123456780' }),
  ]);
});
afterAll(() => server.close());

const setStatus = (id: string, status: string) =>
  carrier.call('PUT', '/api/bookings/update-status', { listingId: id, status });

async function orderIn(user: TestUser, path: string, id: string) {
  const res = await user.call('GET', `${path}?email=${user.email}`);
  const { bookings } = (await res.json()) as { bookings: Record<string, unknown>[] };
  return bookings.find((b) => b.id === id);
}

let flight = 700;
async function newBooking(): Promise<string> {
  flight += 1;
  const listingId = await addListing(carrier, { flightNo: `AI${flight}` });
  return book(traveller, listingId, 2);
}

describe('order history and contact', () => {
  it('shows only the request, and no contact, while a booking is pending', async () => {
    const id = await newBooking();
    for (const [user, path] of [
      [traveller, '/api/orders'],
      [carrier, '/api/carrier-orders'],
    ] as const) {
      const order = await orderIn(user, path, id);
      expect(order?.history).toEqual([{ status: 'pending', at: expect.any(Number) }]);
      expect(order?.contact).toBeNull();
    }
  });

  it("records when it was accepted and completed, and gives each side the other one's contact", async () => {
    const id = await newBooking();
    const requested = (await orderIn(traveller, '/api/orders', id))?.history as { at: number }[];
    nowMs += 3_600_000;
    expect((await setStatus(id, 'accepted')).status).toBe(200);
    nowMs += 7_200_000;
    expect((await completeWithCode(carrier, traveller, id)).status).toBe(200);
    const mine = await orderIn(traveller, '/api/orders', id);
    const start = requested[0]?.at ?? 0;
    expect(mine?.history).toEqual([
      { status: 'pending', at: start },
      { status: 'accepted', at: Math.floor(nowMs / 1000) - 7200 },
      // Completed before the flight's departure: recorded as early.
      { status: 'completed', at: Math.floor(nowMs / 1000), by: 'carrier', early: true },
    ]);
    expect(mine?.contact).toEqual({ name: 'Asha Rao', email: carrier.email, phone: '9876543210' });
    const theirs = await orderIn(carrier, '/api/carrier-orders', id);
    expect(theirs?.contact).toEqual({ name: 'Meera Shah', email: traveller.email, phone: '9123456780' });
  });

  it('keeps contacts hidden after a decline, with the decline time in the history', async () => {
    const id = await newBooking();
    nowMs += 60_000;
    expect((await setStatus(id, 'rejected')).status).toBe(200);
    const mine = await orderIn(traveller, '/api/orders', id);
    expect(mine?.history).toEqual([
      { status: 'pending', at: expect.any(Number) },
      { status: 'rejected', at: Math.floor(nowMs / 1000), by: 'carrier' },
    ]);
    expect(mine?.contact).toBeNull();
  });
});
