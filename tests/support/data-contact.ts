// A contact message through the data layer, the simplest change a test can queue: it needs no
// other rows, and the server accepts it from any signed-in user.
//
//   queueContact(s, message) : Promise<{ key }>
import { sendContactMessage } from '@/data';
import type { SignedIn } from './data-store';

/** Queues a contact message of `s`'s user (sent with the next replay). */
export function queueContact(s: SignedIn, message: string) {
  return sendContactMessage(s.store, { name: 'Asha Rao', email: s.user.email, phone: s.user.phone, message });
}
