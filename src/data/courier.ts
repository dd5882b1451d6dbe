// Courier requests: the photo is stored under its user and the hash of its bytes for the photo
// lane (engine/photos.ts), and the request is queued as a mutation that goes once the photo is up;
// it shows in "My courier requests" at once. The list, one request, its withdraw, and booking a
// listing that matches it (a booking of its weight, as the traveller's).

import {
  COURIER_HIDDEN_DEFAULTS,
  type CourierFormValues,
  type CourierRequest,
} from '@/domain/courier/schema';
import type { Listing } from '@/domain/listing/schema';
import { bookListing } from './bookings';
import {
  appendAndApply,
  type CourierRequestRow,
  getSession,
  loadSession,
  mutationTables,
  newEntry,
  photoIdOf,
  SessionMissingError,
  type Store,
} from './engine';

/**
 * Queues a courier request with its (already downscaled) image. `originalSize` is the picked
 * file's size before downscaling, shown beside the upload's progress. Returns the entry's key and
 * the request's id (its row in courierRequestsQuery).
 */
export async function submitCourierRequest(
  store: Store,
  form: CourierFormValues,
  image: Blob,
  fileName: string,
  originalSize: number = image.size,
): Promise<{ key: string; id: string }> {
  const session = getSession(store) ?? (await loadSession(store));
  const user = session?.email ?? form.emailAddress;
  const bytes = await image.arrayBuffer();
  const photo = await photoIdOf(user, bytes);
  const id = crypto.randomUUID();
  // itemImageUrl is filled in when the photo is up, just before the request is first pushed.
  const args: CourierRequest = {
    ...COURIER_HIDDEN_DEFAULTS,
    ...form,
    id,
    itemCategory: [form.itemCategory],
    itemImageUrl: '',
  };
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
  return { key: entry.key, id };
}

/** My courier requests, newest first. */
export async function courierRequestsQuery(store: Store): Promise<CourierRequestRow[]> {
  const rows = await store.db.couriers.toArray();
  return rows.sort((a, b) => b.createdAt - a.createdAt);
}

/** One of my courier requests, or undefined. */
export function courierRequestQuery(store: Store, id: string): Promise<CourierRequestRow | undefined> {
  return store.db.couriers.get(id);
}

/** Queues the withdraw of my request: it shows closed at once. */
export async function withdrawCourierRequest(store: Store, id: string): Promise<void> {
  const email = (await loadSession(store))?.email;
  if (!email) throw new SessionMissingError();
  const { db } = store;
  await db.transaction('rw', mutationTables(db), async () => {
    await appendAndApply(store, newEntry(store, 'courier-withdraw', { id }, {}, email));
  });
  store.wake();
}

/** "Book this": a booking of the request's weight on `listing`, as the traveller's, for the request. */
export function bookForCourierRequest(
  store: Store,
  request: Pick<CourierRequestRow, 'id' | 'weight'>,
  listing: Listing,
): Promise<{ key: string }> {
  return bookListing(store, listing, request.weight, { courierRequestId: request.id });
}
