// Telling the server which thread is on screen, so a message there sends this user no push or mail
// (PUT/DELETE /api/bookings/:id/viewing). Plain calls, never queued: a view is only true now, and
// one that fails or is never ended lapses on the server by itself (THREAD_VIEW_TTL_MS).
import { call, type Store } from './engine';

const viewingPath = (bookingId: string) => `/api/bookings/${encodeURIComponent(bookingId)}/viewing`;

/** This device looks at `bookingId`'s thread now (renew every THREAD_VIEW_RENEW_MS while it does). */
export async function viewThread(store: Store, bookingId: string): Promise<void> {
  await call(store.http, 'PUT', viewingPath(bookingId));
}

/** This device no longer looks at `bookingId`'s thread. */
export async function leaveThread(store: Store, bookingId: string): Promise<void> {
  await call(store.http, 'DELETE', viewingPath(bookingId));
}
