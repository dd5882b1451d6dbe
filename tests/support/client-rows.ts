// Rows as the API returns them, for screen tests on the fake API, with any field overridden:
//   makeOrder(id)     a booking as the order lists return it: Meera's 3 KG on Asha's AI101
//                     DEL -> BOM on 2099-05-01, pending
//   makeListing(id)   a listing as search returns it: Ravi's AI101 DEL -> BOM on 2099-05-01,
//                     5 KG left of 5 at ₹800 per KG
//   makeListing(id, ASHAS_LISTING)   the signed-in carrier's own: 6 KG left of 8, 2099-11-21 14:05
import type { Order } from '@/domain/booking/schema';
import type { Listing } from '@/domain/listing/schema';

export function makeOrder(
  id: string,
  overrides: Partial<Omit<Order, 'id' | 'flightDetails'>> & { departure?: string } = {},
): Order {
  const { departure = '2099-05-01', ...fields } = overrides;
  return {
    id,
    listingId: `${id}_carrier`,
    name: 'Meera Shah',
    email: 'meera@example.com',
    phone: '9000000000',
    carrierName: 'Asha Rao',
    carrierEmail: 'asha@example.com',
    weight: 3,
    cost: 2400,
    status: 'pending',
    flightDetails: { from: 'DEL', to: 'BOM', departure, flightNo: 'AI101', airline: 'AI', time: '09:30' },
    createdAt: { _seconds: 100 },
    ...fields,
  };
}

/** The signed-in user's (Asha's) own listing, as My Listings shows it. */
export const ASHAS_LISTING = {
  email: 'asha@example.com',
  name: 'Asha',
  departure: '2099-11-21',
  time: '14:05',
  weight: 8,
  available: 6,
} satisfies Partial<Listing>;

export function makeListing(id: string, overrides: Partial<Listing> = {}): Listing {
  return {
    id,
    email: 'carrier@example.com',
    name: 'Ravi',
    from: 'DEL',
    to: 'BOM',
    flightNo: 'AI101',
    airline: 'AI',
    departure: '2099-05-01',
    time: '09:30',
    weight: 5,
    available: 5,
    cost: 800,
    createdAt: 1,
    ...overrides,
  };
}
