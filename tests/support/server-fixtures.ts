// Request bodies for server tests: a valid listing (departing in 30 days), a booking of it,
// the search that finds it, a courier request naming an uploaded image and a contact message
// (on the route DEL-DXB around the listing's date, so the listing matches it), a contact message
// (`contactBody`, POST /api/contact and the push's `contact` kind); and `patchOf`, a
// diff pull's patch in which only the tables named changed.
import type { TestUser } from './server-users';

/** Whose details a body carries. */
type Person = Pick<TestUser, 'email' | 'name' | 'phone'>;

export function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export function listingBody(carrier: Person, overrides: Record<string, unknown> = {}) {
  return {
    from: 'DEL',
    to: 'DXB',
    departure: daysFromNow(30),
    time: '10:30',
    airline: 'AI',
    flightNo: 'AI101',
    weight: 5,
    cost: 500,
    email: carrier.email,
    name: carrier.name,
    phone: carrier.phone,
    ...overrides,
  };
}

export function bookingBody(traveller: Person, listingId: string, overrides: Record<string, unknown> = {}) {
  return {
    name: traveller.name,
    email: traveller.email,
    phone: traveller.phone,
    weight: 1,
    listingId,
    carrierEmail: 'forged@example.com',
    carrierName: 'Forged',
    carrierPhone: '0000000000',
    flightDetails: {
      from: 'DEL',
      to: 'DXB',
      flightNo: 'AI101',
      airline: 'AI',
      departure: daysFromNow(30),
      time: '10:30',
    },
    ...overrides,
  };
}

export function searchBody(user: Person, overrides: Record<string, unknown> = {}) {
  return {
    from: 'DEL',
    to: 'DXB',
    departure: daysFromNow(30),
    flightNo: 'AI101',
    airline: 'AI',
    email: user.email,
    name: user.name,
    phone: user.phone,
    ...overrides,
  };
}

export function courierBody(sender: Person, itemImageUrl: string, overrides: Record<string, unknown> = {}) {
  return {
    fullName: 'Asha Rao',
    emailAddress: sender.email,
    mobileNumber: '9876543210',
    governmentIdType: 'Aadhaar',
    governmentIdNumber: '1234',
    currentAddress: 'MG Road',
    pinCode: '560001',
    itemDescription: 'Books',
    paymentMode: 'UPI',
    from: 'DEL',
    to: 'DXB',
    firstDay: daysFromNow(25),
    lastDay: daysFromNow(35),
    weight: 2,
    declaredValue: 1500,
    recipientName: 'Ravi Kumar',
    recipientPhone: '9123456780',
    itemCategory: 'books',
    declarations: { noIllegalItems: true, termsAgreed: true, selfResponsibility: true },
    itemImageUrl,
    ...overrides,
  };
}

/** A valid contact message from `sender` (POST /api/contact, or a pushed `contact`'s args). */
export function contactBody(sender: Person, overrides: Record<string, unknown> = {}) {
  return { name: 'Asha Rao', email: sender.email, phone: '9876543210', message: 'hello', ...overrides };
}

/** Adds a listing and returns its id; throws when the server refuses. */
export async function addListing(
  carrier: TestUser,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const res = await carrier.call('POST', '/carrier/carrier/add-listing', listingBody(carrier, overrides));
  const body = (await res.json()) as { listing?: { id: string }; message: string };
  if (res.status !== 201 || !body.listing)
    throw new Error(`add-listing failed: ${res.status} ${body.message}`);
  return body.listing.id;
}

/** Books `weight` KG and returns the booking id; throws when the server refuses. */
export async function book(traveller: TestUser, listingId: string, weight = 1): Promise<string> {
  const res = await traveller.call('POST', '/api/book', bookingBody(traveller, listingId, { weight }));
  const body = (await res.json()) as { booking?: { id: string }; message: string };
  if (res.status !== 201 || !body.booking) throw new Error(`book failed: ${res.status} ${body.message}`);
  return body.booking.id;
}

const TABLES = [
  'listings',
  'bookings',
  'orders',
  'watches',
  'watched',
  'messages',
  'reads',
  'couriers',
] as const;

/** A pull's patch with nothing put or deleted in any table but those `changed` names. */
export function patchOf(
  changed: Partial<Record<(typeof TABLES)[number], { put: unknown[]; del: unknown[] }>>,
) {
  return Object.fromEntries(TABLES.map((t) => [t, changed[t] ?? { put: [], del: [] }]));
}
