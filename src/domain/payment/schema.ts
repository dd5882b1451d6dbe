// Payment at the hand-off (issue 31): what the two sides say about it, as mutation arguments, and
// how an order and the earnings carry it. Amounts never come from a client: the server takes the
// booking's stored total.
import * as v from 'valibot';
import { requiredText } from '../common';
import { MSG, requiredMessage } from '../texts';
import { upiIdInputSchema } from './upi';

export const PAYMENT_METHODS = ['upi', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_STATES = ['claimed', 'received', 'disputed'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** A UPI transaction reference as apps show it (12 digits for most; some add letters). */
export const UPI_TXN_RE = /^[A-Za-z0-9]{6,35}$/;
const txnRefSchema = v.pipe(
  requiredText(MSG.upiRefRequired, 35, { tooLong: MSG.upiRefFormat }),
  v.regex(UPI_TXN_RE, MSG.upiRefFormat),
);

const bookingId = requiredText(requiredMessage('Booking'));

/** "Payment received" by the carrier: by UPI (the reference is the booking's own, or the
 * traveller's if they gave one) or in cash. */
export const paymentReceivedArgsSchema = v.object({
  bookingId,
  method: v.picklist(PAYMENT_METHODS, MSG.paymentMethodInvalid),
});
export type PaymentReceivedArgs = v.InferOutput<typeof paymentReceivedArgsSchema>;

/** "I paid" by the traveller, with the UPI transaction reference their app showed. */
export const paymentClaimArgsSchema = v.object({ bookingId, reference: txnRefSchema });
export type PaymentClaimArgs = v.InferOutput<typeof paymentClaimArgsSchema>;

/** The carrier's answer to "I paid": the money arrived, or it did not (a dispute for the team). */
export const paymentAnswerArgsSchema = v.object({
  bookingId,
  answer: v.picklist(['confirm', 'dispute'], MSG.paymentAnswerInvalid),
});
export type PaymentAnswerArgs = v.InferOutput<typeof paymentAnswerArgsSchema>;

/** The profile's UPI ID (empty removes it). */
export const setUpiArgsSchema = v.object({ upiId: upiIdInputSchema });
export type SetUpiArgs = v.InferOutput<typeof setUpiArgsSchema>;

/** The form of "I paid". */
export const paymentClaimFormSchema = v.object({ reference: txnRefSchema });

/** An order's payment record, as both sides see it. Times in seconds since the epoch. */
export const orderPaymentSchema = v.object({
  state: v.picklist(PAYMENT_STATES),
  method: v.optional(v.picklist(PAYMENT_METHODS)),
  reference: v.optional(v.string()),
  claimRef: v.optional(v.string()),
  claimedAt: v.optional(v.number()),
  receivedAt: v.optional(v.number()),
});
export type OrderPayment = v.InferOutput<typeof orderPaymentSchema>;

/** Whom the traveller pays: the carrier's name and UPI ID (masked until accepted; null: cash). */
export const payeeSchema = v.object({ name: v.string(), upiId: v.nullable(v.string()), masked: v.boolean() });
export type Payee = v.InferOutput<typeof payeeSchema>;

/** The order fields of payments (all optional: rows mirrored before them lack them). */
export const orderPaymentEntries = {
  /** Rupees per KG at booking time. */
  pricePerKg: v.optional(v.number()),
  payee: v.optional(v.nullable(payeeSchema)),
  payment: v.optional(v.nullable(orderPaymentSchema)),
};

/** GET /api/earnings: one side's completed bookings by month, newest first. */
export const earningsQuerySchema = v.object({
  side: v.optional(v.picklist(['carrier', 'traveller'], 'Side must be carrier or traveller'), 'carrier'),
  /** A month 'YYYY-MM': months before it (the next page). */
  before: v.optional(v.pipe(v.string(), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be YYYY-MM'))),
});
export type EarningsQuery = v.InferOutput<typeof earningsQuerySchema>;

export const earningsMonthSchema = v.object({
  /** 'YYYY-MM' in India's time. */
  month: v.string(),
  bookings: v.number(),
  /** Rupees the carrier marked received (carrier: received; traveller: paid). */
  received: v.number(),
  /** Rupees the traveller said they paid, not yet confirmed. */
  claimed: v.number(),
  /** Rupees still owed: completed with no payment recorded, or disputed. */
  owed: v.number(),
});
export type EarningsMonth = v.InferOutput<typeof earningsMonthSchema>;
export const earningsResponseSchema = v.object({
  side: v.picklist(['carrier', 'traveller']),
  months: v.array(earningsMonthSchema),
  /** The `before` of the next page, null at the end. */
  next: v.nullable(v.string()),
});
export type EarningsResponse = v.InferOutput<typeof earningsResponseSchema>;
export const EARNINGS_MONTHS_PER_PAGE = 12;
