// Courier requests: the photo is stored under its user and the hash of its bytes for the photo
// lane (engine/photos.ts), and the request is queued as a mutation that goes once the photo is up.
import { COURIER_HIDDEN_DEFAULTS, type CourierFormValues } from '@/domain/courier/schema';
import {
  appendAndApply,
  getSession,
  loadSession,
  mutationTables,
  newEntry,
  photoIdOf,
  type Store,
} from './engine';

/**
 * Queues a courier request with its (already downscaled) image. `originalSize` is the picked
 * file's size before downscaling, shown beside the upload's progress.
 */
export async function submitCourierRequest(
  store: Store,
  form: CourierFormValues,
  image: Blob,
  fileName: string,
  originalSize: number = image.size,
): Promise<{ key: string }> {
  const session = getSession(store) ?? (await loadSession(store));
  const user = session?.email ?? form.emailAddress;
  const bytes = await image.arrayBuffer();
  const photo = await photoIdOf(user, bytes);
  // itemImageUrl is filled in when the photo is up, just before the request is first pushed.
  const args = { ...COURIER_HIDDEN_DEFAULTS, ...form, itemImageUrl: '' };
  const entry = newEntry(store, 'courier', args, { photo }, user);
  const { db } = store;
  await db.transaction('rw', mutationTables(db), async () => {
    const known = await db.photos.get(photo);
    if (!known || known.refused) {
      await db.photos.put({
        id: photo,
        user,
        bytes,
        type: image.type || 'image/jpeg',
        name: fileName,
        originalSize,
        size: bytes.byteLength,
        sent: 0,
        url: null,
        refused: false,
        attempts: 0,
        nextAttemptAt: 0,
        lastError: null,
        createdAt: store.now(),
      });
    }
    await appendAndApply(store, entry);
  });
  store.wake();
  return { key: entry.key };
}
