// The registry of mutation kinds, shared by the client (which queues them) and the server (which
// validates and applies them). A kind is declared once here: its argument schema, the REST call API
// users make for it (mounted by the server as declared), the booking notifications its effect sends
// and, for status-update alone, the kind it is applied as. Its local and server mutators are
// required by typed maps on both sides, which refuse to compile until they exist.
import type * as v from 'valibot';
import { bookingRequestSchema, cancelBookingArgsSchema, statusUpdateSchema } from '../booking/schema';
import { contactSchema } from '../contact/schema';
import { courierRequestSchema, courierWithdrawArgsSchema } from '../courier/schema';
import { completeArgsSchema } from '../handoff/schema';
import { addListingArgsSchema, editListingArgsSchema, withdrawListingArgsSchema } from '../listing/schema';
import { setLocaleArgsSchema } from '../locale';
import { messageArgsSchema, readMessagesArgsSchema, reportMessageArgsSchema } from '../message/schema';
import {
  paymentAnswerArgsSchema,
  paymentClaimArgsSchema,
  paymentReceivedArgsSchema,
  setUpiArgsSchema,
} from '../payment/schema';
import { ratingRequestSchema } from '../rating/schema';
import { blockRequestSchema, reportRequestSchema } from '../team/schema';
import { unwatchArgsSchema, watchArgsSchema } from '../watch/schema';

/**
 * A kind's REST call (docs/api.md lists each). `:name` in the path is the argument `name`, laid
 * over the JSON body's; `body: false` reads no body (every argument is in the path).
 */
export interface RestCall {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: false;
}

/** A booking notification: whom it tells and its words. A lock screen shows them: no names,
 * contacts, flights or hand-off codes; `size` is the booking's weight ("2.5 KG"). */
export interface BookingNotice {
  to: 'carrier' | 'traveller';
  title: string;
  /** `reason`: the chosen reason's label, when the change came with one (never its free text). */
  body: (size: string, reason?: string) => string;
}

const because = (reason?: string) => (reason ? ` Reason: ${reason}.` : '');

export interface KindDeclaration {
  args: v.GenericSchema;
  rest?: RestCall;
  /** The notifications its server mutator may queue (notify/booking-events.ts), by event. */
  notifies?: Readonly<Record<string, BookingNotice>>;
  /** Arguments that are another kind's: the kind they are applied as, for REST and push alike. */
  appliedAs?: (args: unknown) => string | undefined;
}

export const MUTATIONS = {
  'add-listing': {
    args: addListingArgsSchema,
    rest: { method: 'POST', path: '/carrier/carrier/add-listing' },
  },
  book: {
    args: bookingRequestSchema,
    rest: { method: 'POST', path: '/api/book' },
    notifies: {
      booked: {
        to: 'carrier',
        title: 'New booking',
        body: (size) => `A traveller booked ${size} on your listing. Open Carry to accept or decline.`,
      },
    },
  },
  'status-update': {
    args: statusUpdateSchema,
    rest: { method: 'PUT', path: '/api/bookings/update-status' },
    /** Completing needs the traveller's hand-off code, which `complete` checks. */
    appliedAs: (args) =>
      (args as { status?: unknown } | null)?.status === 'completed' ? 'complete' : undefined,
    notifies: {
      accepted: {
        to: 'traveller',
        title: 'Booking accepted',
        body: (size) => `Your booking of ${size} was accepted. Open Carry for the hand-off code.`,
      },
      rejected: {
        to: 'traveller',
        title: 'Booking declined',
        body: (size, reason) => `Your booking of ${size} was declined.${because(reason)}`,
      },
      cancelled: {
        to: 'traveller',
        title: 'Booking cancelled',
        body: (size, reason) => `Your booking of ${size} was cancelled by the carrier.${because(reason)}`,
      },
    },
  },
  contact: { args: contactSchema, rest: { method: 'POST', path: '/api/contact' } },
  courier: { args: courierRequestSchema, rest: { method: 'POST', path: '/api/courier/submit' } },
  /** The sender withdraws their courier request: it is closed (src/domain/courier/status). */
  'courier-withdraw': {
    args: courierWithdrawArgsSchema,
    rest: { method: 'POST', path: '/api/courier/:id/withdraw', body: false },
  },
  /** Completing with the traveller's hand-off code (src/domain/handoff); over REST, a status-update. */
  complete: {
    args: completeArgsSchema,
    notifies: {
      completed: {
        to: 'traveller',
        title: 'Delivery completed',
        body: (size) => `Your booking of ${size} was handed over. Open Carry to rate it.`,
      },
    },
  },
  /** The traveller cancels their own booking (pending any time, accepted until the cut-off). */
  'cancel-booking': {
    args: cancelBookingArgsSchema,
    rest: { method: 'POST', path: '/api/bookings/:bookingId/cancel' },
    notifies: {
      cancelled: {
        to: 'carrier',
        title: 'Booking cancelled',
        body: (size, reason) => `A traveller cancelled their booking of ${size}.${because(reason)}`,
      },
    },
  },
  /** The carrier changes a listing's price, weight, departure or flight number. */
  'edit-listing': {
    args: editListingArgsSchema,
    rest: { method: 'PATCH', path: '/api/listings/:listingId' },
    notifies: {
      'flight-changed': {
        to: 'traveller',
        title: 'Flight changed',
        body: (size) =>
          `The carrier changed the flight or time of your booking of ${size}. Open Carry to check it; you may cancel without penalty.`,
      },
    },
  },
  /** The carrier withdraws a listing: it leaves search; its bookings are declined or cancelled. */
  'withdraw-listing': {
    args: withdrawListingArgsSchema,
    rest: { method: 'POST', path: '/api/listings/:listingId/withdraw' },
  },
  /** Rating the other side of a completed booking (src/domain/rating). */
  rate: { args: ratingRequestSchema, rest: { method: 'POST', path: '/api/ratings' } },
  /** Watching a route: its listings are mirrored on the device (src/domain/watch). */
  watch: { args: watchArgsSchema },
  unwatch: { args: unwatchArgsSchema },
  /** A message in a booking's thread, under the id the device made (src/domain/message). Over
   * REST the server makes the id (routes/messages, one database call). */
  message: { args: messageArgsSchema, rest: { method: 'POST', path: '/api/bookings/:bookingId/messages' } },
  /** My last read message of a thread (read state: unread counts, the other side's "Seen"). */
  'read-messages': { args: readMessagesArgsSchema },
  /** Reporting a message of the other side, kept for review with its thread. */
  'report-message': { args: reportMessageArgsSchema },
  /** Blocking a user by e-mail: no new bookings or messages between the two (src/domain/team). */
  block: { args: blockRequestSchema, rest: { method: 'POST', path: '/api/blocks' } },
  unblock: { args: blockRequestSchema, rest: { method: 'DELETE', path: '/api/blocks' } },
  /** A report of a message, a booking's other side or a user, kept for the team (src/domain/team). */
  report: { args: reportRequestSchema, rest: { method: 'POST', path: '/api/reports' } },
  /** The carrier's UPI ID in the profile (src/domain/payment): empty removes it (cash). */
  'set-upi': { args: setUpiArgsSchema, rest: { method: 'PUT', path: '/api/profile/upi' } },
  /** The account's language (src/domain/locale.ts): its mails and pushes, and its other devices. */
  'set-locale': { args: setLocaleArgsSchema, rest: { method: 'PUT', path: '/api/profile/locale' } },
  /** The carrier marks the payment received, by UPI or in cash; the amount is the booking's. */
  'payment-received': {
    args: paymentReceivedArgsSchema,
    rest: { method: 'POST', path: '/api/bookings/:bookingId/payment-received' },
    notifies: {
      received: {
        to: 'traveller',
        title: 'Payment recorded',
        body: (size) => `The carrier recorded your payment for ${size} as received.`,
      },
    },
  },
  /** "I paid": the traveller, with the UPI transaction reference their app showed. */
  'payment-claim': {
    args: paymentClaimArgsSchema,
    rest: { method: 'POST', path: '/api/bookings/:bookingId/payment-claim' },
    notifies: {
      claimed: {
        to: 'carrier',
        title: 'Traveller says they paid',
        body: (size) => `The traveller of ${size} says they paid by UPI. Open Carry to confirm it.`,
      },
    },
  },
  /** The carrier confirms the traveller's "I paid" or disputes it (kept for the team). */
  'payment-answer': {
    args: paymentAnswerArgsSchema,
    rest: { method: 'POST', path: '/api/bookings/:bookingId/payment-answer' },
    notifies: {
      confirm: {
        to: 'traveller',
        title: 'Payment confirmed',
        body: (size) => `The carrier confirmed your payment for ${size}.`,
      },
      dispute: {
        to: 'traveller',
        title: 'Payment not received',
        body: (size) =>
          `The carrier says your payment for ${size} has not arrived. Open Carry: our team will look into it.`,
      },
    },
  },
} as const satisfies Record<string, KindDeclaration>;

type Kinds = typeof MUTATIONS;
export type MutationKind = keyof Kinds;
export const MUTATION_KINDS = Object.keys(MUTATIONS) as MutationKind[];
export type MutationArgs<K extends MutationKind> = v.InferOutput<Kinds[K]['args']>;

/** Each kind's argument schema. */
export const MUTATION_ARGS = Object.fromEntries(MUTATION_KINDS.map((k) => [k, MUTATIONS[k].args])) as {
  [K in MutationKind]: Kinds[K]['args'];
};

/** A mutation of any kind, as a discriminated union on `kind`. */
export type Mutation = { [K in MutationKind]: { id: number; kind: K; args: MutationArgs<K> } }[MutationKind];

export function isMutationKind(kind: string): kind is MutationKind {
  return Object.hasOwn(MUTATIONS, kind);
}

/** The kind a mutation is applied as (its declaration's `appliedAs`, else itself). */
export function appliedKind(kind: MutationKind, args: unknown): MutationKind {
  const declared: KindDeclaration = MUTATIONS[kind];
  const as = declared.appliedAs?.(args);
  return as !== undefined && isMutationKind(as) ? as : kind;
}

/** The kind's REST call, if API users have one. */
export function restCallOf(kind: MutationKind): RestCall | undefined {
  const declared: KindDeclaration = MUTATIONS[kind];
  return declared.rest;
}

/** Kinds that notify, and the events each may queue. */
export type NotifyingKind = {
  [K in MutationKind]: Kinds[K] extends { notifies: object } ? K : never;
}[MutationKind];
export type NoticeOf<K extends NotifyingKind> = keyof Kinds[K]['notifies'] & string;

export function noticeOf<K extends NotifyingKind>(kind: K, event: NoticeOf<K>): BookingNotice {
  const notices: Readonly<Record<string, BookingNotice>> = MUTATIONS[kind].notifies;
  const notice = notices[event];
  if (!notice) throw new Error(`${kind} declares no notice ${event}`);
  return notice;
}
