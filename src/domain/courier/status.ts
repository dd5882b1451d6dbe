// A courier request's life, as its sender sees it: submitted; matched with a carrier (a listing
// on its route and dates exists, or the team proposed one); booked (the sender booked a listing
// for it); delivered (that booking completed); closed (withdrawn by the sender or closed by the
// team). The server moves it; each move is kept in the request's history.
import * as v from 'valibot';
import { listingSchema } from '../listing/schema';

export const COURIER_STATUSES = ['submitted', 'matched', 'booked', 'delivered', 'closed'] as const;
export type CourierStatus = (typeof COURIER_STATUSES)[number];

export const COURIER_STATUS_LABELS: Record<CourierStatus, string> = {
  submitted: 'Submitted',
  matched: 'Matched with a carrier',
  booked: 'Booked',
  delivered: 'Delivered',
  closed: 'Closed',
};

/** Statuses a sender may still withdraw from. */
export const WITHDRAWABLE: readonly CourierStatus[] = ['submitted', 'matched'];
/** Statuses from which a matching listing may be booked for the request. */
export const BOOKABLE: readonly CourierStatus[] = ['submitted', 'matched'];

export const courierStatusSchema = v.picklist(COURIER_STATUSES);

/** One step of a request's history. */
export const courierEventSchema = v.object({
  status: courierStatusSchema,
  at: v.number(),
  note: v.optional(v.string(), ''),
});
export type CourierEvent = v.InferOutput<typeof courierEventSchema>;

/** A courier request as its sender reads it (the pull's `couriers`): the ID number only masked. */
export const courierRowSchema = v.object({
  id: v.string(),
  status: courierStatusSchema,
  from: v.string(),
  to: v.string(),
  firstDay: v.string(),
  lastDay: v.string(),
  weight: v.number(),
  itemCategory: v.array(v.string()),
  itemDescription: v.string(),
  declaredValue: v.number(),
  recipientName: v.string(),
  recipientPhone: v.string(),
  paymentMode: v.string(),
  governmentIdType: v.string(),
  /** The ID number's last 4 characters ('' when none was given). */
  governmentIdLast4: v.string(),
  itemImageUrl: v.string(),
  createdAt: v.number(),
  bookingId: v.nullable(v.string()),
  history: v.array(courierEventSchema),
  /** Listings on the request's route and dates with room for its weight, cheapest first. */
  matches: v.array(listingSchema),
});
export type CourierRow = v.InferOutput<typeof courierRowSchema>;

/** The server's answer to a submit or a withdraw. */
export const courierAnswerSchema = v.object({ request: courierRowSchema });
