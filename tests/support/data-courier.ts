// A courier request through the data layer: its form, a small PNG as its photo, and both queued.
//
//   courierForm(user, item?) : the Courier Request form's values for `user`
//   pngPhoto(size?, fill?) : Blob   a PNG signature, then filler: same fill and size, same bytes, same hash
//   courierWithPhoto(s, size?, fill?) : Promise<{ key }>
import { submitCourierRequest } from '@/data';
import type { SignedIn } from './data-store';

const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export function courierForm(user: { name: string; email: string; phone: string }, item = 'Books') {
  return {
    fullName: user.name,
    emailAddress: user.email,
    mobileNumber: user.phone,
    governmentIdType: '',
    governmentIdNumber: '',
    currentAddress: '',
    pinCode: '',
    itemDescription: item,
    paymentMode: 'UPI' as const,
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
  };
}

export function pngPhoto(size = 16, fill = 7): Blob {
  const bytes = new Uint8Array(size).fill(fill);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Blob([bytes], { type: 'image/png' });
}

/** Queues a courier request of `s` with a PNG photo of `size` bytes. */
export function courierWithPhoto(
  s: Pick<SignedIn, 'store' | 'user'>,
  size = 16,
  fill = 7,
): Promise<{ key: string }> {
  return submitCourierRequest(
    s.store,
    courierForm({ ...s.user, name: 'Asha Rao' }),
    pngPhoto(size, fill),
    'bag.png',
  );
}
