// The carrier-lists, traveller-books set-up of the data tests, through the data layer against the
// real server: each call signs new users up, so tests never share rows.
//
//   mirroredListing(server, { carrier?, weight? }) : { carrier, listing }
//       a listing sent by the carrier's device and mirrored there
//   bookedListing(server, { weight?, kgs? }) : { carrier, traveller, listing, orders }
//       the traveller books `kgs` on it (one booking each); the carrier's device has pulled them
//   acceptedBooking(server, { weight?, kg? }) : { carrier, traveller, id, code }
//       one booking, accepted by the carrier; the traveller's device holds its hand-off code
//   declineElsewhere(server, carrier, bookingId)
//       the carrier's other device declines the booking straight on the server (this one never hears)
import { addListing, bookListing, pull, replayOutbox, updateBookingStatus } from '@/data';
import type { Listing } from '@/domain/listing/schema';
import { listingValues, type SignedIn, signedIn } from './data-store';
import type { TestServer } from './server-app';
import { jsonInit } from './server-users';

export async function mirroredListing(
  server: TestServer,
  opts: { carrier?: SignedIn; weight?: number; flightNo?: string } = {},
): Promise<{ carrier: SignedIn; listing: Listing }> {
  const carrier = opts.carrier ?? (await signedIn(server));
  const { key } = await addListing(
    carrier.store,
    listingValues({ weight: opts.weight ?? 10, ...(opts.flightNo ? { flightNo: opts.flightNo } : {}) }),
  );
  await replayOutbox(carrier.store);
  if (await carrier.store.db.outbox.get(key)) throw new Error('the listing was not sent');
  const [listing] = await carrier.store.db.listings.toArray();
  if (!listing) throw new Error('no listing');
  return { carrier, listing };
}

export async function bookedListing(server: TestServer, opts: { weight?: number; kgs?: number[] } = {}) {
  const { carrier, listing } = await mirroredListing(server, { weight: opts.weight ?? 10 });
  const traveller = await signedIn(server);
  for (const kg of opts.kgs ?? [2]) await bookListing(traveller.store, listing, kg);
  await replayOutbox(traveller.store);
  await pull(carrier.store);
  const orders = await carrier.store.db.orders.toArray();
  if (orders.length !== (opts.kgs ?? [2]).length) throw new Error(`${orders.length} orders mirrored`);
  return { carrier, traveller, listing, orders };
}

export async function acceptedBooking(server: TestServer, opts: { weight?: number; kg?: number } = {}) {
  const { carrier, traveller, orders } = await bookedListing(server, {
    weight: opts.weight ?? 5,
    kgs: [opts.kg ?? 2],
  });
  const id = orders[0]?.id ?? '';
  await updateBookingStatus(carrier.store, id, 'accept');
  await replayOutbox(carrier.store);
  await pull(traveller.store);
  const code = (await traveller.store.db.bookings.get(id))?.handoffCode;
  if (!code) throw new Error('the traveller has no hand-off code');
  return { carrier, traveller, id, code };
}

export async function declineElsewhere(
  server: TestServer,
  carrier: SignedIn,
  bookingId: string,
): Promise<void> {
  const { email, password } = carrier.user;
  const login = await server.request('/auth/login', jsonInit('POST', { email, password }));
  const { token } = (await login.json()) as { token: string };
  const declined = await server.request(
    '/api/bookings/update-status',
    jsonInit('PUT', { listingId: bookingId, status: 'rejected' }, { Cookie: `carry_session=${token}` }),
  );
  if (declined.status !== 200) throw new Error(`decline on the other device: ${declined.status}`);
}
