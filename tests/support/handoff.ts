// Hand-off helpers for server tests: the traveller's code for a booking (read the way the app
// reads it, from GET /api/orders) and a completion that sends it.
//
//   handoffCodeOf(traveller, bookingId): Promise<string>
//   complete(carrier, bookingId, code): Promise<Response>
//   completeWithCode(carrier, traveller, bookingId): Promise<Response>  (accepted -> completed)
import type { TestUser } from './server-users';

export async function handoffCodeOf(traveller: TestUser, bookingId: string): Promise<string> {
  const res = await traveller.call('GET', `/api/orders?email=${encodeURIComponent(traveller.email)}`);
  const { bookings } = (await res.json()) as { bookings: { id: string; handoffCode?: string }[] };
  const code = bookings.find((b) => b.id === bookingId)?.handoffCode;
  if (!code) throw new Error(`no hand-off code for booking ${bookingId}`);
  return code;
}

export function complete(carrier: TestUser, bookingId: string, handoffCode: string, headers = {}) {
  return carrier.call(
    'PUT',
    '/api/bookings/update-status',
    { listingId: bookingId, status: 'completed', handoffCode },
    headers,
  );
}

export async function completeWithCode(carrier: TestUser, traveller: TestUser, bookingId: string) {
  return complete(carrier, bookingId, await handoffCodeOf(traveller, bookingId));
}
