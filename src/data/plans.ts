// Changes of plan: the traveller's cancel, the carrier's decline or cancel with a reason, and the
// carrier's edit and withdrawal of a listing. Destructive ones are held UNDO_HOLD_MS before they
// are sent (undoChange takes one back meanwhile). Each is checked against what the device knows
// first, as the server would check it; the server decides.
import type { Reason } from '@/domain/booking/reasons';
import {
  CANCEL_CUTOFF_HOURS_DEFAULT,
  type TransitionResult,
  type TravellerCancel,
  transition,
  travellerCancel,
} from '@/domain/booking/status';
import { ERRORS, type ErrorCode } from '@/domain/errors';
import { departureInstant } from '@/domain/listing/departure';
import type { EditListingFormValues } from '@/domain/listing/schema';
import { UNDO_HOLD_MS } from '@/domain/outbox/entry';
import type { ServerRules } from '@/domain/sync/protocol';
import {
  ApiError,
  appendAndApply,
  getMeta,
  getSession,
  loadSession,
  META,
  mutationTables,
  newEntry,
  type OrderRow,
  SessionMissingError,
  type Store,
  serverNow,
  undoEntry,
} from './engine';

/** A change queued: its key (for Undo) and until when it is held. */
export interface Queued {
  key: string;
  holdMs: number;
}

async function requireEmail(store: Store): Promise<string> {
  const email = (getSession(store) ?? (await loadSession(store)))?.email;
  if (!email) throw new SessionMissingError();
  return email;
}

function refuse(code: ErrorCode): never {
  const { status, message } = ERRORS[code];
  throw new ApiError(status, message, code);
}

async function departsAt(store: Store, flight: { from: string; departure: string; time: string }) {
  const zone = (await store.db.airports.get(flight.from))?.timeZone;
  return departureInstant(flight.departure, flight.time, zone);
}

/**
 * Hours before departure a traveller may still cancel an accepted booking, as the server said in
 * its last pull (the operator's CANCEL_CUTOFF_HOURS); the default before any pull has said.
 */
export async function cancelCutoffHoursQuery(store: Store): Promise<number> {
  const rules = await getMeta<ServerRules>(store.db, META.serverRules);
  return rules?.cancelCutoffHours ?? CANCEL_CUTOFF_HOURS_DEFAULT;
}

export interface CancelVerdict {
  verdict: TravellerCancel;
  /** The cut-off it was decided by (hours), for the words beside Cancel. */
  cutoffHours: number;
}

/** Whether the traveller may cancel `row` now (by the server's clock and cut-off, as last heard). */
export async function travellerCancelQuery(store: Store, row: OrderRow): Promise<CancelVerdict> {
  const cutoffHours = await cancelCutoffHoursQuery(store);
  const now = await serverNow(store);
  const departs = await departsAt(store, row.flightDetails);
  const verdict = travellerCancel(
    row.status,
    departs,
    now,
    cutoffHours * 60 * 60 * 1000,
    Boolean(row.flightChangedAt),
  );
  return { verdict, cutoffHours };
}

/**
 * The traveller cancels their booking with a reason: refused here (ApiError with the server's
 * code) when it has moved on or is past the cut-off by the server's clock; held for Undo.
 */
export async function cancelMyBooking(store: Store, bookingId: string, reason: Reason): Promise<Queued> {
  const email = await requireEmail(store);
  const { db } = store;
  const row = await db.bookings.get(bookingId);
  if (!row) refuse('booking/not-found');
  const { verdict } = await travellerCancelQuery(store, row);
  if (!verdict.ok) refuse(verdict.code === 'booking/cancel-too-late' ? verdict.code : 'booking/moved-on');
  const entry = newEntry(store, 'cancel-booking', { bookingId, reason }, {}, email, UNDO_HOLD_MS);
  await db.transaction('rw', mutationTables(db), () => appendAndApply(store, entry));
  store.wake();
  return { key: entry.key, holdMs: UNDO_HOLD_MS };
}

/** The carrier declines a pending request or cancels an accepted booking, with a reason; held for Undo. */
export async function endOrder(
  store: Store,
  bookingId: string,
  action: 'decline' | 'cancel',
  reason: Reason,
): Promise<TransitionResult & { key?: string; holdMs?: number }> {
  const email = await requireEmail(store);
  const { db } = store;
  const result = await db.transaction('rw', mutationTables(db), async () => {
    const order = await db.orders.get(bookingId);
    if (!order) refuse('booking/not-found');
    const next = transition(order.status, action);
    if (!next.ok) return next;
    const args = { listingId: order.id, status: next.status, reason };
    const entry = newEntry(store, 'status-update', args, {}, email, UNDO_HOLD_MS);
    await appendAndApply(store, entry);
    return { ...next, key: entry.key, holdMs: UNDO_HOLD_MS };
  });
  if (result.ok) store.wake();
  return result;
}

/** The carrier's changes to a listing: never below the weight booked on it (as the device knows). */
export async function editListing(
  store: Store,
  listingId: string,
  values: EditListingFormValues,
): Promise<Queued> {
  const email = await requireEmail(store);
  const { db } = store;
  const listing = await db.listings.get(listingId);
  if (!listing) refuse('listing/not-found');
  if (listing.withdrawnAt) refuse('listing/withdrawn');
  const booked = listing.weight - listing.available;
  if (values.weight < booked) refuse('listing/below-booked');
  const entry = newEntry(store, 'edit-listing', { listingId, ...values }, {}, email);
  await db.transaction('rw', mutationTables(db), () => appendAndApply(store, entry));
  store.wake();
  return { key: entry.key, holdMs: 0 };
}

/**
 * The carrier withdraws a listing; `reason` goes to the travellers of its accepted bookings, which
 * it cancels (pending ones are declined as withdrawn). Held for Undo.
 */
export async function withdrawListing(store: Store, listingId: string, reason: Reason): Promise<Queued> {
  const email = await requireEmail(store);
  const { db } = store;
  const listing = await db.listings.get(listingId);
  if (!listing) refuse('listing/not-found');
  const entry = newEntry(store, 'withdraw-listing', { listingId, reason }, {}, email, UNDO_HOLD_MS);
  await db.transaction('rw', mutationTables(db), () => appendAndApply(store, entry));
  store.wake();
  return { key: entry.key, holdMs: UNDO_HOLD_MS };
}

/** The accepted orders on one of my listings (orders carry its flight and date, unique per carrier). */
export async function acceptedOrdersOf(store: Store, listingId: string) {
  const listing = await store.db.listings.get(listingId);
  if (!listing) return [];
  return store.db.orders
    .filter(
      (o) =>
        o.status === 'accepted' &&
        o.flightDetails.flightNo === listing.flightNo &&
        o.flightDetails.departure === listing.departure,
    )
    .toArray();
}

/** Undo: true when the change was taken back before it left the device. */
export function undoChange(store: Store, key: string): Promise<boolean> {
  return undoEntry(store, key);
}
