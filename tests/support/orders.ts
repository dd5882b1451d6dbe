// An order item (a booking as the order lists return it) for tests: Meera's 3 KG on Asha's
// AI101 DEL -> BOM, pending, with any field overridden.
import type { Order } from '@/domain/booking/schema';

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
