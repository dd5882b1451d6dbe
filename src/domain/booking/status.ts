// The booking status machine: a transition table and one pure function. Only a listing's
// carrier drives it (accept, decline, cancel, complete); the server answers 409 to anything else.
// The one move nobody makes by hand: a pending booking the carrier has not answered in time
// becomes `expired` (bookingExpiry below; the server's housekeeping applies it).

export const BOOKING_STATUSES = [
  'pending',
  'accepted',
  'rejected',
  'cancelled',
  'completed',
  'expired',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export function isBookingStatus(status: string): status is BookingStatus {
  return (BOOKING_STATUSES as readonly string[]).includes(status);
}

export const BOOKING_ACTIONS = ['accept', 'decline', 'cancel', 'complete'] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];

const NEXT: Record<BookingStatus, Partial<Record<BookingAction, BookingStatus>>> = {
  pending: { accept: 'accepted', decline: 'rejected' },
  accepted: { cancel: 'cancelled', complete: 'completed' },
  rejected: {},
  cancelled: {},
  completed: {},
  expired: {},
};

export type TransitionResult =
  | { ok: true; status: BookingStatus }
  | { ok: false; code: 'booking/transition-not-allowed'; from: BookingStatus; action: BookingAction };

export function transition(from: BookingStatus, action: BookingAction): TransitionResult {
  const to = NEXT[from][action];
  return to ? { ok: true, status: to } : { ok: false, code: 'booking/transition-not-allowed', from, action };
}

/** The action that moves a booking to `to` (the wire carries the target status), if any. */
export function actionFor(to: BookingStatus): BookingAction | undefined {
  const byTarget: Partial<Record<BookingStatus, BookingAction>> = {
    accepted: 'accept',
    rejected: 'decline',
    cancelled: 'cancel',
    completed: 'complete',
  };
  return byTarget[to];
}

/** The actions a carrier may take on a booking in `status`, in display order. */
export function availableActions(status: BookingStatus): BookingAction[] {
  return BOOKING_ACTIONS.filter((a) => NEXT[status][a] !== undefined);
}

/** How long before departure a traveller may still cancel an accepted booking themselves, unless
 * the operator sets CANCEL_CUTOFF_HOURS; later only the carrier cancels it. */
export const CANCEL_CUTOFF_HOURS_DEFAULT = 6;

export type TravellerCancel =
  | { ok: true }
  | { ok: false; code: 'booking/transition-not-allowed' | 'booking/cancel-too-late' };

/**
 * Whether the traveller may cancel their own booking: a pending one at any time; an accepted one
 * until `cutoffMs` before departure, or at any time once the carrier changed its flight or time
 * (`flightChanged`: the traveller did not agree to the new one). Nothing else moves.
 */
export function travellerCancel(
  status: BookingStatus,
  departureMs: number,
  nowMs: number,
  cutoffMs: number,
  flightChanged: boolean,
): TravellerCancel {
  if (status === 'pending') return { ok: true };
  if (status !== 'accepted') return { ok: false, code: 'booking/transition-not-allowed' };
  if (flightChanged || nowMs < departureMs - cutoffMs) return { ok: true };
  return { ok: false, code: 'booking/cancel-too-late' };
}

/** Statuses whose weight counts against a listing's space. */
export const HOLDS_SPACE: ReadonlySet<BookingStatus> = new Set(['pending', 'accepted', 'completed']);

/**
 * Profile counters: 'declined' gathers the bookings that ended without a hand-off: rejected,
 * cancelled and expired (an unanswered request is, for both sides, one that did not go ahead;
 * counting it as pending would show a request nobody can act on any more).
 */
export function profileBucket(status: BookingStatus): 'pending' | 'completed' | 'declined' | null {
  if (status === 'pending') return 'pending';
  if (status === 'completed') return 'completed';
  if (status === 'rejected' || status === 'cancelled' || status === 'expired') return 'declined';
  return null;
}

/** A pending booking the carrier has not answered expires this long after it was made... */
export const BOOKING_ANSWER_WINDOW_MS = 24 * 60 * 60 * 1000;
/** ...or this long before its flight departs, whichever comes first. */
export const BOOKING_ANSWER_BEFORE_DEPARTURE_MS = 2 * 60 * 60 * 1000;

/** Why a booking expired: no answer within 24 hours, or none by 2 hours before departure. */
export const EXPIRY_REASONS = ['unanswered', 'departure'] as const;
export type ExpiryReason = (typeof EXPIRY_REASONS)[number];

/** When a pending booking made at `createdMs` on a flight leaving at `departureMs` expires, and why. */
export function bookingExpiry(createdMs: number, departureMs: number): { at: number; reason: ExpiryReason } {
  const unanswered = createdMs + BOOKING_ANSWER_WINDOW_MS;
  const departure = departureMs - BOOKING_ANSWER_BEFORE_DEPARTURE_MS;
  return departure < unanswered
    ? { at: departure, reason: 'departure' }
    : { at: unanswered, reason: 'unanswered' };
}

/** The reason shown with an expired booking, on both sides. */
export function expiryReasonText(reason: ExpiryReason | undefined): string {
  return reason === 'departure'
    ? 'The carrier did not answer by 2 hours before departure.'
    : 'The carrier did not answer within 24 hours.';
}
