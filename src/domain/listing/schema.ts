// Listings: the Add Listing form and request, the search form and request, and a listing as read.
import * as v from 'valibot';
import { reasonSchema } from '../booking/reasons';
import {
  airlineCodeSchema,
  airportCodeSchema,
  dateSchema,
  emailSchema,
  FLIGHT_NO_RE,
  flightNoSchema,
  IATA_AIRLINE_RE,
  normalizeFlightNo,
  numberInput,
  phoneSchema,
  requiredText,
  timeSchema,
} from '../common';
import {
  LISTING_COST_MAX_INR,
  LISTING_COST_MIN_INR,
  LISTING_WEIGHT_MAX_KG,
  LISTING_WEIGHT_MIN_KG,
} from '../constants';
import { listingRatingEntries } from '../rating/schema';
import { fillOutMessage, MSG, requiredMessage } from '../texts';
import { isDepartureInFuture, todayIn } from './departure';
import { airlineOfFlightNo } from './flight-number';

/** Where the future-departure rule gets its clock and each airport's time zone from. */
export interface DepartureContext {
  nowMs: number;
  timeZoneOf: (airportCode: string) => string | undefined;
}

const weightSchema = v.pipe(
  numberInput(requiredMessage('Weight')),
  v.minValue(LISTING_WEIGHT_MIN_KG, MSG.weightMin),
  v.maxValue(LISTING_WEIGHT_MAX_KG, MSG.weightMax),
);
const costSchema = v.pipe(
  numberInput(requiredMessage('Cost')),
  v.minValue(LISTING_COST_MIN_INR, MSG.costMin),
  v.maxValue(LISTING_COST_MAX_INR, MSG.costMax),
);

export const listingFieldsEntries = {
  from: airportCodeSchema(requiredMessage('From')),
  to: airportCodeSchema(requiredMessage('To')),
  departure: dateSchema(requiredMessage('Departure')),
  time: timeSchema(requiredMessage('Time')),
  airline: airlineCodeSchema(requiredMessage('Airline')),
  flightNo: flightNoSchema(requiredMessage('Flight No')),
  weight: weightSchema,
  cost: costSchema,
};

/** The fields the rules across fields read. */
type RouteFields = { from: string; to: string; departure: string; time: string };
type RouteRule<T> = v.BaseValidation<T, T, v.PartialCheckIssue<RouteFields>>;

/** To must differ from From (the issue on To). One rule for the form and the request. */
function differentAirports<T extends RouteFields>(): RouteRule<T> {
  const paths: [['from'], ['to']] = [['from'], ['to']];
  const check = v.partialCheck<RouteFields, typeof paths, RouteFields, string>(
    paths,
    (x) => x.from !== x.to,
    MSG.sameAirports,
  );
  // Checked on RouteFields, run on any object that has them.
  return v.forward(check, ['to']) as unknown as RouteRule<T>;
}

/** The departure is still to come in the origin's time zone (the issue on Departure). */
function departsInFuture<T extends RouteFields>(ctx: DepartureContext): RouteRule<T> {
  const paths: [['from'], ['departure'], ['time']] = [['from'], ['departure'], ['time']];
  const check = v.partialCheck<RouteFields, typeof paths, RouteFields, string>(
    paths,
    (x) => isDepartureInFuture(x.departure, x.time, ctx.nowMs, ctx.timeZoneOf(x.from)),
    MSG.departureFuture,
  );
  return v.forward(check, ['departure']) as unknown as RouteRule<T>;
}

/** The Add Listing form. The clock and time zones are passed in, so the rule stays pure. */
export function addListingFormSchema(ctx: DepartureContext) {
  return v.pipe(v.object(listingFieldsEntries), differentAirports(), departsInFuture(ctx));
}
export type AddListingFormInput = v.InferInput<ReturnType<typeof addListingFormSchema>>;
export type AddListingFormValues = v.InferOutput<ReturnType<typeof addListingFormSchema>>;

const contactEntries = {
  email: emailSchema(MSG.emailRequired, MSG.emailInvalid),
  name: requiredText(MSG.nameRequired),
  phone: phoneSchema,
};

/**
 * The add-listing mutation's arguments as they travel: the fields without the rules that need a
 * clock and time zones (the server parses with addListingRequestSchema, which has both).
 */
export const addListingArgsSchema = v.object({ ...listingFieldsEntries, ...contactEntries });

/** POST /carrier/carrier/add-listing: the form plus the carrier's email, name and phone. */
export function addListingRequestSchema(ctx: DepartureContext) {
  return v.pipe(addListingArgsSchema, differentAirports(), departsInFuture(ctx));
}
export type AddListingRequest = v.InferOutput<ReturnType<typeof addListingRequestSchema>>;

/** What a carrier may change of a listing (PATCH /api/listings/:listingId): all of it at once. */
export const editListingFieldsEntries = {
  departure: listingFieldsEntries.departure,
  time: listingFieldsEntries.time,
  flightNo: listingFieldsEntries.flightNo,
  weight: weightSchema,
  cost: costSchema,
};
export const editListingArgsSchema = v.object({
  listingId: requiredText(requiredMessage('Listing')),
  ...editListingFieldsEntries,
});
export type EditListingArgs = v.InferOutput<typeof editListingArgsSchema>;

/** The edit form: the departure still to come in the origin's zone (`from` is the listing's). */
export function editListingFormSchema(ctx: DepartureContext, from: string) {
  return v.pipe(
    v.object(editListingFieldsEntries),
    v.forward(
      v.partialCheck(
        [['departure'], ['time']],
        (x) => isDepartureInFuture(x.departure, x.time, ctx.nowMs, ctx.timeZoneOf(from)),
        MSG.departureFuture,
      ),
      ['departure'],
    ),
  );
}
export type EditListingFormValues = v.InferOutput<ReturnType<typeof editListingFormSchema>>;

/**
 * A carrier withdraws a listing (POST /api/listings/:listingId/withdraw), saying why: its pending
 * bookings are declined ("The carrier withdrew this listing"); its accepted ones are cancelled
 * with this reason.
 */
export const withdrawListingArgsSchema = v.object({
  listingId: requiredText(requiredMessage('Listing')),
  reason: reasonSchema,
});
export type WithdrawListingArgs = v.InferOutput<typeof withdrawListingArgsSchema>;

/** The search form's fields and their labels: from, to and date are required; a flight number
 * narrows the search and names its airline, so Airline may stay empty. */
export const SEARCH_FIELD_LABELS = {
  from: 'From',
  to: 'To',
  departure: 'Departure Date',
  flightNo: 'Flight Number',
  airline: 'Airline',
} as const;

const optionalFlightNo = v.pipe(
  v.optional(v.string(), ''),
  v.trim(),
  v.transform(normalizeFlightNo),
  v.check((s) => s === '' || FLIGHT_NO_RE.test(s), MSG.flightNoFormat),
);
const optionalAirline = v.pipe(
  v.optional(v.string(), ''),
  v.trim(),
  v.toUpperCase(),
  v.check((s) => s === '' || IATA_AIRLINE_RE.test(s), MSG.airlineCode),
);

const searchEntries = {
  from: airportCodeSchema(fillOutMessage(SEARCH_FIELD_LABELS.from)),
  to: airportCodeSchema(fillOutMessage(SEARCH_FIELD_LABELS.to)),
  departure: dateSchema(fillOutMessage(SEARCH_FIELD_LABELS.departure)),
  flightNo: optionalFlightNo,
  airline: optionalAirline,
};

/** An empty airline is the one the flight number names ("AI101" -> AI). */
function inferAirline<T extends { flightNo: string; airline: string }>(x: T): T {
  return x.airline ? x : { ...x, airline: airlineOfFlightNo(x.flightNo) };
}

/** The search form; `today` (YYYY-MM-DD) is the earliest departure date allowed. Every field's
 * issue is reported at once. */
export function searchFormSchema(today: string) {
  return v.pipe(
    v.object(searchEntries),
    v.forward(
      v.partialCheck([['from'], ['to']], (x) => x.from !== x.to, MSG.sameAirports),
      ['to'],
    ),
    v.forward(
      v.partialCheck([['departure']], (x) => x.departure >= today, MSG.departureNotPast),
      ['departure'],
    ),
    v.transform(inferAirline),
  );
}
export type SearchFormValues = v.InferOutput<ReturnType<typeof searchFormSchema>>;

/** POST /api/search-listings. A past date is not an error on the wire: it simply finds nothing.
 * Flight number and airline may be empty (older clients send both). */
export const searchRequestSchema = v.pipe(
  v.object({ ...searchEntries, ...contactEntries }),
  v.forward(
    v.partialCheck([['from'], ['to']], (x) => x.from !== x.to, MSG.sameAirports),
    ['to'],
  ),
  v.transform(inferAirline),
);
export type SearchRequest = v.InferOutput<typeof searchRequestSchema>;

/** A listing as the API returns it (search results and a carrier's own listings). */
export const listingSchema = v.object({
  id: v.string(),
  email: v.string(),
  name: v.optional(v.string(), ''),
  from: v.string(),
  to: v.string(),
  flightNo: v.string(),
  airline: v.string(),
  departure: v.string(),
  time: v.optional(v.string(), ''),
  /** KG the carrier listed. */
  weight: v.number(),
  /** KG still free: weight less pending, accepted and completed bookings. */
  available: v.number(),
  /** Price per KG in rupees. */
  cost: v.number(),
  createdAt: v.optional(v.number(), 0),
  /** When its carrier withdrew it (ms), on the carrier's own list only: search never shows it. */
  withdrawnAt: v.optional(v.nullable(v.number())),
  ...listingRatingEntries,
});
export type Listing = v.InferOutput<typeof listingSchema>;

export const listingsResponseSchema = v.array(listingSchema);

/** The search answer: listings, or a message when nothing matched (saved as a match request). */
export const searchResponseSchema = v.union([listingsResponseSchema, v.object({ message: v.string() })]);
export type SearchResponse = v.InferOutput<typeof searchResponseSchema>;

/** Today (YYYY-MM-DD) in the device's zone: the minimum of the date inputs. */
export { todayIn };
