// The booking status machine: a transition table and one pure function. Only a listing's
// carrier drives it (accept, decline, cancel, complete); the server answers 409 to anything else.

export const BOOKING_STATUSES = ['pending', 'accepted', 'rejected', 'cancelled', 'completed'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_ACTIONS = ['accept', 'decline', 'cancel', 'complete'] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];

const NEXT: Record<BookingStatus, Partial<Record<BookingAction, BookingStatus>>> = {
  pending: { accept: 'accepted', decline: 'rejected' },
  accepted: { cancel: 'cancelled', complete: 'completed' },
  rejected: {},
  cancelled: {},
  completed: {},
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

/** Statuses whose weight counts against a listing's space. */
export const HOLDS_SPACE: ReadonlySet<BookingStatus> = new Set(['pending', 'accepted', 'completed']);

/** Profile counters: 'declined' gathers rejected and cancelled bookings. */
export function profileBucket(status: BookingStatus): 'pending' | 'completed' | 'declined' | null {
  if (status === 'pending') return 'pending';
  if (status === 'completed') return 'completed';
  if (status === 'rejected' || status === 'cancelled') return 'declined';
  return null;
}
