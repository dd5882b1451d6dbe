// Field schemas shared by several forms and requests.
import * as v from 'valibot';
import { TEXT_MAX_LENGTH } from './constants';
import { MSG } from './messages';

/**
 * A missing key reads as '' so that the field's own message (such as the name one) is reported,
 * not valibot's generic "Invalid key". Every required field is built on this.
 */
export function present<const T extends v.GenericSchema>(schema: T) {
  return v.optional(schema, '');
}

/** A trimmed string that must not be empty; `message` is used for a missing or blank value. */
export function requiredText(message: string, max: number = TEXT_MAX_LENGTH) {
  return present(v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, MSG.tooLong)));
}

/** A trimmed string that may be empty. */
export function optionalText(max: number = TEXT_MAX_LENGTH) {
  return v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, MSG.tooLong)), '');
}

export const IATA_AIRPORT_RE = /^[A-Z]{3}$/;
export const IATA_AIRLINE_RE = /^[A-Z0-9]{2}$/;
export const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
export const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
export const FLIGHT_NO_RE = /^[A-Z0-9]{2}\d{1,5}[A-Z]?$/;

/** Upper-cases a flight number and drops spaces and dashes: 'ai 101' -> 'AI101'. */
export function normalizeFlightNo(raw: string): string {
  return raw.toUpperCase().replace(/[\s-]/g, '');
}

/** Whether a YYYY-MM-DD string names a real calendar day. */
export function isCalendarDate(value: string): boolean {
  if (!DATE_RE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export const emailSchema = (requiredMsg: string, invalidMsg: string) =>
  present(
    v.pipe(
      v.string(requiredMsg),
      v.trim(),
      v.nonEmpty(requiredMsg),
      v.email(invalidMsg),
      v.maxLength(254, invalidMsg),
      v.toLowerCase(),
    ),
  );

export const phoneSchema = present(
  v.pipe(
    v.string(MSG.phoneRequired),
    v.trim(),
    v.nonEmpty(MSG.phoneRequired),
    v.regex(/^\d{10}$/, MSG.phoneDigits),
  ),
);

export const dateSchema = (requiredMsg: string) =>
  present(v.pipe(v.string(requiredMsg), v.nonEmpty(requiredMsg), v.check(isCalendarDate, MSG.dateFormat)));

export const timeSchema = (requiredMsg: string) =>
  present(v.pipe(v.string(requiredMsg), v.nonEmpty(requiredMsg), v.regex(TIME_RE, MSG.timeFormat)));

export const airportCodeSchema = (requiredMsg: string) =>
  v.pipe(
    v.string(requiredMsg),
    v.trim(),
    v.nonEmpty(requiredMsg),
    v.toUpperCase(),
    v.regex(IATA_AIRPORT_RE, requiredMsg),
  );

export const airlineCodeSchema = (requiredMsg: string) =>
  v.pipe(
    v.string(requiredMsg),
    v.trim(),
    v.nonEmpty(requiredMsg),
    v.toUpperCase(),
    v.regex(IATA_AIRLINE_RE, requiredMsg),
  );

export const flightNoSchema = (requiredMsg: string) =>
  present(
    v.pipe(
      v.string(requiredMsg),
      v.trim(),
      v.nonEmpty(requiredMsg),
      v.transform(normalizeFlightNo),
      v.regex(FLIGHT_NO_RE, MSG.flightNoFormat),
    ),
  );

/** A number typed into a form (a string) or sent as JSON (a number). Blank is missing. */
export function numberInput(requiredMsg: string) {
  return present(
    v.pipe(
      v.union([v.string(requiredMsg), v.number(requiredMsg)], requiredMsg),
      v.transform((x) => (typeof x === 'number' ? String(x) : x.trim())),
      v.nonEmpty(requiredMsg),
      v.transform(Number),
      v.number(requiredMsg),
      v.finite(requiredMsg),
    ),
  );
}
