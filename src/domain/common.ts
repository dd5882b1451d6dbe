// Field schemas shared by several forms and requests.
import * as v from 'valibot';
import { TEXT_MAX_LENGTH } from './constants';
import { MSG } from './texts';

/**
 * A missing key reads as '' so that the field's own message (such as the name one) is reported,
 * not valibot's generic "Invalid key". Every required field is built on this.
 */
export function present<const T extends v.GenericSchema>(schema: T) {
  return v.optional(schema, '');
}

/** C0 and C1 control characters; multi-line text may hold tab, CR and LF. */
const CONTROL_RE = /\p{Cc}/u;
const CONTROL_EXCEPT_LINES_RE = /(?![\t\n\r])\p{Cc}/u;
/** Bidi embeddings, overrides and isolates: they make text read differently than it is stored. */
const BIDI_CONTROL_RE = /[\u202a-\u202e\u2066-\u2069]/;
/**
 * A surrogate without its pair: not Unicode text (String.prototype.isWellFormed, which older
 * Safari lacks), and a database refuses to store it.
 */
const LONE_SURROGATE_RE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether `text` is well-formed Unicode (every surrogate paired). */
export function isWellFormedText(text: string): boolean {
  return !LONE_SURROGATE_RE.test(text);
}

/** Nothing a person can see: white space, format characters (zero-width space...), Hangul fillers. */
const INVISIBLE_ONLY_RE = /^[\s\p{Cf}\u115f\u1160\u3164\uffa0]*$/u;

export interface TextOptions {
  /** Allow line breaks and tabs (textareas). */
  lines?: boolean;
  /** The message for text over the maximum (MSG.tooLong unless a field has its own). */
  tooLong?: string;
}

/**
 * Refuses control characters (except line breaks in multi-line text), bidi overrides and text
 * that is not well-formed Unicode.
 */
function cleanCharacters(options: TextOptions) {
  const control = options.lines ? CONTROL_EXCEPT_LINES_RE : CONTROL_RE;
  return v.check(
    (x: string) => !control.test(x) && !BIDI_CONTROL_RE.test(x) && isWellFormedText(x),
    MSG.textBadCharacters,
  );
}

/** Whether a person would see any character of `text`. */
export function isVisibleText(text: string): boolean {
  return !INVISIBLE_ONLY_RE.test(text);
}

/**
 * A trimmed string that must not be empty; `message` is used for a missing, blank or
 * invisible-only value.
 */
export function requiredText(message: string, max: number = TEXT_MAX_LENGTH, options: TextOptions = {}) {
  return present(
    v.pipe(
      v.string(message),
      v.trim(),
      // Empty text is invisible too.
      v.check(isVisibleText, message),
      cleanCharacters(options),
      v.maxLength(max, options.tooLong ?? MSG.tooLong),
    ),
  );
}

/** A trimmed string that may be empty; invisible-only text counts as empty. */
export function optionalText(max: number = TEXT_MAX_LENGTH, options: TextOptions = {}) {
  return v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.transform((x) => (isVisibleText(x) ? x : '')),
      cleanCharacters(options),
      v.maxLength(max, options.tooLong ?? MSG.tooLong),
    ),
    '',
  );
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

/** An IATA code as typed: trimmed, upper-cased, of the code's shape; any miss says `requiredMsg`. */
const iataCodeSchema = (shape: RegExp) => (requiredMsg: string) =>
  v.pipe(
    v.string(requiredMsg),
    v.trim(),
    v.nonEmpty(requiredMsg),
    v.toUpperCase(),
    v.regex(shape, requiredMsg),
  );

export const airportCodeSchema = iataCodeSchema(IATA_AIRPORT_RE);
export const airlineCodeSchema = iataCodeSchema(IATA_AIRLINE_RE);

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

/** A plain decimal as a form's number input gives it: no sign but minus, exponent, hex or spaces. */
export const PLAIN_DECIMAL_RE = /^-?\d+(\.\d+)?$/;

/**
 * A number sent as JSON, or typed into a form (a number input's value is a plain decimal
 * string). '0x10', '1e1' and ' 7 ' are refused; blank is missing.
 */
export function numberInput(requiredMsg: string, invalidMsg: string = MSG.plainNumber) {
  return present(
    v.pipe(
      v.union([v.string(requiredMsg), v.number(requiredMsg)], requiredMsg),
      v.check((x) => x !== '', requiredMsg),
      v.check((x) => typeof x === 'number' || PLAIN_DECIMAL_RE.test(x), invalidMsg),
      v.transform(Number),
      v.finite(invalidMsg),
    ),
  );
}
