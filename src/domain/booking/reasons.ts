// Why a booking or listing changed: a short list per situation plus optional words. The reason
// travels with the change (cancel-booking, status-update, withdraw-listing), is kept on the
// booking and shows in its status history on both sides, in the push and in the mail.
import * as v from 'valibot';

/** The longest free text a reason may carry; longer is 400 request/invalid. */
export const REASON_TEXT_MAX = 400;

export const REASON_LABELS = {
  'plans-changed': 'My plans changed',
  'found-another': 'I found another way to send it',
  'price-or-terms': 'The price or terms do not suit me',
  'flight-changed': 'The flight changed',
  'no-space': 'I no longer have the space',
  'cannot-carry': 'I cannot carry this item',
  'no-answer': 'The other side did not answer',
  withdrawn: 'The carrier withdrew this listing',
  other: 'Another reason',
} as const;
export type ReasonCode = keyof typeof REASON_LABELS;
export const REASON_CODES = Object.keys(REASON_LABELS) as ReasonCode[];

/** The choices each side is offered, in display order ('withdrawn' is the server's own). */
export const TRAVELLER_CANCEL_REASONS = [
  'plans-changed',
  'found-another',
  'price-or-terms',
  'flight-changed',
  'no-answer',
  'other',
] as const satisfies readonly ReasonCode[];
export const CARRIER_REASONS = [
  'no-space',
  'flight-changed',
  'cannot-carry',
  'plans-changed',
  'no-answer',
  'other',
] as const satisfies readonly ReasonCode[];

export const reasonSchema = v.object({
  code: v.picklist(REASON_CODES, 'Choose a reason'),
  text: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(REASON_TEXT_MAX, `A reason can be at most ${REASON_TEXT_MAX} characters`),
    ),
  ),
});
export type Reason = v.InferOutput<typeof reasonSchema>;

/** The reason as a person reads it: its label, then the words given ("Another reason: ..."). */
export function reasonText(reason: Reason): string {
  const label = REASON_LABELS[reason.code];
  return reason.text ? `${label}: ${reason.text}` : label;
}

/** The withdrawal's reason for the pending bookings it declines. */
export const WITHDRAWN_REASON: Reason = { code: 'withdrawn' };
