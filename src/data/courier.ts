// Courier requests: the form and the image bytes wait together in one outbox entry; replay
// uploads the image, records its url, then submits (see replay-send.ts).
import type { CourierFormValues } from '@/domain/courier/schema';
import { appendEntry, type CourierPayload, newEntry } from './outbox';
import { getSession, loadSession } from './session';
import type { Store } from './store';

export async function submitCourierRequest(
  store: Store,
  form: CourierFormValues,
  image: Blob,
  fileName: string,
): Promise<{ key: string }> {
  const session = getSession(store) ?? (await loadSession(store));
  const payload: CourierPayload = {
    form: { ...form },
    image: { bytes: await image.arrayBuffer(), type: image.type, name: fileName },
    itemImageUrl: null,
  };
  const entry = newEntry(store, 'courier', payload, session?.email ?? form.emailAddress);
  await store.db.transaction('rw', store.db.outbox, () => appendEntry(store, entry));
  store.wake();
  return { key: entry.key };
}
