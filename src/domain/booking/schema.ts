// Bookings: the Confirm Booking form, the booking request, the status update and an order as read.
import * as v from 'valibot';
import { emailSchema, numberInput, optionalText, phoneSchema, present, requiredText } from '../common';
import { BOOKING_WEIGHT_MIN_KG, LISTING_WEIGHT_MAX_KG } from '../constants';
import { courierIdSchema } from '../courier/schema';
import { orderHandoffEntries } from '../handoff/order-fields';
import { orderPaymentEntries } from '../payment/schema';
import { orderRatingEntries } from '../rating/schema';
import { MSG, requiredMessage } from '../texts';
import { reasonSchema } from './reasons';
import { BOOKING_STATUSES, EXPIRY_REASONS } from './status';

const bookingWeight = v.pipe(
  numberInput(requiredMessage('Weight')),
  v.minValue(BOOKING_WEIGHT_MIN_KG, MSG.weightMin),
  v.maxValue(LISTING_WEIGHT_MAX_KG, MSG.weightMax),
);

/** The Confirm Booking form: 1 KG up to the space left on the listing. */
export function bookingFormSchema(spaceLeftKg: number) {
  return v.object({
    weight: v.pipe(bookingWeight, v.maxValue(spaceLeftKg, MSG.bookingTooHeavy)),
  });
}

const flightDetailsSchema = v.object({
  from: optionalText(),
  to: optionalText(),
  flightNo: optionalText(),
  airline: optionalText(),
  departure: optionalText(),
  time: optionalText(),
});
export type FlightDetails = v.InferOutput<typeof flightDetailsSchema>;

/**
 * POST /api/book. The carrier fields and flight details are what the client saw; the server
 * ignores them and copies the stored listing's, so a client cannot forge them.
 */
export const bookingRequestSchema = v.object({
  name: requiredText(MSG.nameRequired),
  email: emailSchema(MSG.emailRequired, MSG.emailInvalid),
  phone: phoneSchema,
  weight: bookingWeight,
  listingId: requiredText(requiredMessage('Listing')),
  carrierEmail: optionalText(),
  carrierName: optionalText(),
  carrierPhone: optionalText(),
  flightDetails: v.optional(flightDetailsSchema),
  /** The sender's courier request this booking is for ("Book this"): it becomes booked. */
  courierRequestId: v.optional(courierIdSchema),
});
export type BookingRequest = v.InferOutput<typeof bookingRequestSchema>;

/** PUT /api/bookings/update-status: `listingId` is the booking id with its suffix stripped. */
export const statusUpdateSchema = v.object({
  listingId: requiredText(requiredMessage('Booking')),
  status: present(
    v.picklist(
      BOOKING_STATUSES,
      'Status must be one of pending, accepted, rejected, cancelled, completed, expired',
    ),
  ),
  /** Why, for a decline or a cancel: shown to the traveller in the history, push and mail. */
  reason: v.optional(reasonSchema),
});
export type StatusUpdate = v.InferOutput<typeof statusUpdateSchema>;

/** A traveller cancels their own booking (POST /api/bookings/:bookingId/cancel), with a reason. */
export const cancelBookingArgsSchema = v.object({
  bookingId: requiredText(requiredMessage('Booking')),
  reason: reasonSchema,
});
export type CancelBookingArgs = v.InferOutput<typeof cancelBookingArgsSchema>;

export const ORDER_SUFFIX = { carrier: '_carrier', passenger: '_passenger' } as const;

/** Strips the `_carrier` / `_passenger` suffix from an order's listingId: the booking id. */
export function bookingIdOf(listingId: string): string {
  return listingId.replace(/_(carrier|passenger)$/, '');
}

/** A booking as the order lists return it (GET /api/orders and /api/carrier-orders). */
export const orderSchema = v.object({
  id: v.string(),
  listingId: v.string(),
  name: v.string(),
  email: v.optional(v.string(), ''),
  phone: v.optional(v.string(), ''),
  carrierName: v.optional(v.string(), ''),
  carrierEmail: v.optional(v.string(), ''),
  weight: v.number(),
  /** Total price in rupees: weight times the listing's price per KG. */
  cost: v.optional(v.number(), 0),
  status: v.picklist(BOOKING_STATUSES),
  flightDetails: v.object({
    from: v.string(),
    to: v.string(),
    departure: v.string(),
    flightNo: v.string(),
    airline: v.string(),
    time: v.string(),
  }),
  createdAt: v.object({ _seconds: v.number() }),
  /** Each status it has reached, oldest first, with its time in seconds since the epoch. */
  history: v.optional(
    v.array(
      v.object({
        status: v.picklist(BOOKING_STATUSES),
        at: v.number(),
        /** Who made this move (a cancel may be either side's). */
        by: v.optional(v.picklist(['carrier', 'traveller'])),
        /** Why (a decline or a cancel), as chosen with its words. */
        reason: v.optional(reasonSchema),
        /** Completed before the flight's departure. */
        early: v.optional(v.boolean()),
      }),
    ),
  ),
  /** When the carrier last changed the flight or its time after this booking was made (seconds):
   * the traveller may cancel it without the cut-off. */
  flightChangedAt: v.optional(v.nullable(v.number())),
  /** The other party (the carrier for a traveller, the traveller for a carrier), once accepted. */
  contact: v.optional(v.nullable(v.object({ name: v.string(), email: v.string(), phone: v.string() }))),
  /** Why an expired booking expired (status 'expired' only): the carrier did not answer in time. */
  expiredReason: v.optional(v.picklist(EXPIRY_REASONS)),
  ...orderHandoffEntries,
  ...orderRatingEntries,
  ...orderPaymentEntries,
});
export type Order = v.InferOutput<typeof orderSchema>;

export const ordersResponseSchema = v.object({ bookings: v.array(orderSchema) });
