// Contact Us: the message is queued in the outbox; it has no local record to show.
import type { ContactMessage } from '@/domain/contact/schema';
import { appendEntry, newEntry } from './outbox';
import { getSession, loadSession } from './session';
import type { Store } from './store';

export async function sendContactMessage(store: Store, msg: ContactMessage): Promise<{ key: string }> {
  const session = getSession(store) ?? (await loadSession(store));
  // The form may be sent by a visitor's typed email; the queue belongs to the signed-in user.
  const entry = newEntry(store, 'contact', msg, session?.email ?? msg.email);
  await store.db.transaction('rw', store.db.outbox, () => appendEntry(store, entry));
  store.wake();
  return { key: entry.key };
}
