// A courier request queued through the data layer, with a small PNG as its photo.
//
//   courierWithPhoto(s, size?, fill?) : Promise<{ key }>   same `fill`, same bytes, same hash
import { submitCourierRequest } from '@/data';
import type { SignedIn } from './data-store';

/** Queues a courier request of `s` with a PNG photo of `size` bytes (its signature, then filler). */
export function courierWithPhoto(
  s: Pick<SignedIn, 'store' | 'user'>,
  size = 16,
  fill = 7,
): Promise<{ key: string }> {
  const bytes = new Uint8Array(size).fill(fill);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const form = {
    fullName: 'Asha Rao',
    emailAddress: s.user.email,
    mobileNumber: s.user.phone,
    governmentIdType: '',
    governmentIdNumber: '',
    currentAddress: '',
    pinCode: '',
    itemDescription: 'Books',
    paymentMode: 'UPI' as const,
  };
  return submitCourierRequest(s.store, form, new Blob([bytes], { type: 'image/png' }), 'bag.png');
}
