// Contact Us: the message is queued as a mutation; it has no local record to show.
import type { ContactMessage } from '@/domain/contact/schema';
import { enqueue, getSession, loadSession, newEntry, type Store } from './engine';

export async function sendContactMessage(store: Store, msg: ContactMessage): Promise<{ key: string }> {
  const session = getSession(store) ?? (await loadSession(store));
  // The form may be sent by a visitor's typed email; the queue belongs to the signed-in user.
  const entry = newEntry(store, 'contact', msg, {}, session?.email ?? msg.email);
  await enqueue(store, entry);
  return { key: entry.key };
}
