// Courier Service Request: the form, the image check and the POST /api/courier/submit body.
// The spec's fields and strings stay (full name, e-mail, mobile, the image); issue 30 adds what
// makes a request go somewhere: the route and a date window, weight, item category (refused with
// the rule when airlines forbid it), declared value, the recipient, the declarations and the
// payment mode, required alike on the device and the server.
import * as v from 'valibot';
import {
  airportCodeSchema,
  dateSchema,
  numberInput,
  optionalText,
  phoneSchema,
  present,
  requiredText,
} from '../common';
import { IMAGE_MAX_BYTES, LONG_TEXT_MAX_LENGTH, PAYMENT_MODES } from '../constants';
import { MSG, requiredMessage } from '../texts';
import { categoryOf } from './categories';
import {
  COURIER_TEXT,
  COURIER_WEIGHT_MAX_KG,
  COURIER_WEIGHT_MIN_KG,
  COURIER_WINDOW_MAX_DAYS,
  DECLARED_VALUE_MAX_INR,
} from './texts';

export {
  COURIER_TEXT,
  COURIER_WEIGHT_MAX_KG,
  COURIER_WEIGHT_MIN_KG,
  COURIER_WINDOW_MAX_DAYS,
  DECLARED_VALUE_MAX_INR,
};

/** A declaration box that must be ticked: anything but `true` is refused with its message. */
const ticked = (message: string) =>
  v.optional(
    v.pipe(
      v.boolean(message),
      v.check((x) => x === true, message),
    ),
    false,
  );

/** One category: known, and not one airlines forbid (refused with the rule's words). */
const categorySchema = v.pipe(
  v.string(COURIER_TEXT.categoryRequired),
  v.trim(),
  v.nonEmpty(COURIER_TEXT.categoryRequired),
  v.check((x) => categoryOf(x) !== undefined, COURIER_TEXT.categoryUnknown),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const rule = categoryOf(dataset.value)?.forbiddenBy;
    if (rule) addIssue({ message: rule });
  }),
);

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
/** Days a window covers, first and last included. */
export const windowDays = (w: { firstDay: string; lastDay: string }) =>
  dayNumber(w.lastDay) - dayNumber(w.firstDay) + 1;

const ID_NUMBER_RE = /^[A-Za-z0-9][A-Za-z0-9 -]{2,30}[A-Za-z0-9]$/;

/** The form's fields (what a person types), the request's too. */
export const courierFormEntries = {
  fullName: requiredText(MSG.fullNameRequired),
  emailAddress: requiredText(MSG.emailRequired, 254),
  mobileNumber: requiredText(MSG.mobileRequired, 20),
  governmentIdType: optionalText(),
  governmentIdNumber: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check(
        (x) => x === '' || (ID_NUMBER_RE.test(x) && x.replace(/[^A-Za-z0-9]/g, '').length <= 24),
        COURIER_TEXT.idNumberFormat,
      ),
    ),
    '',
  ),
  currentAddress: optionalText(LONG_TEXT_MAX_LENGTH, { lines: true }),
  pinCode: optionalText(20),
  itemDescription: optionalText(LONG_TEXT_MAX_LENGTH, { lines: true }),
  paymentMode: present(v.picklist(PAYMENT_MODES, COURIER_TEXT.paymentModeRequired)),
  from: present(airportCodeSchema(requiredMessage('From'))),
  to: present(airportCodeSchema(requiredMessage('To'))),
  firstDay: dateSchema(requiredMessage('Earliest date')),
  lastDay: dateSchema(requiredMessage('Latest date')),
  weight: v.pipe(
    numberInput(requiredMessage('Weight')),
    v.minValue(COURIER_WEIGHT_MIN_KG, COURIER_TEXT.weightMin),
    v.maxValue(COURIER_WEIGHT_MAX_KG, COURIER_TEXT.weightMax),
  ),
  declaredValue: v.pipe(
    numberInput(requiredMessage('Declared value')),
    v.minValue(0, COURIER_TEXT.valueMin),
    v.maxValue(DECLARED_VALUE_MAX_INR, COURIER_TEXT.valueMax),
  ),
  recipientName: requiredText(requiredMessage('Recipient name')),
  recipientPhone: phoneSchema,
  declarations: v.optional(
    v.object({
      noIllegalItems: ticked(COURIER_TEXT.noIllegalItems),
      termsAgreed: ticked(COURIER_TEXT.termsAgreed),
      selfResponsibility: ticked(COURIER_TEXT.selfResponsibility),
    }),
    { noIllegalItems: false, termsAgreed: false, selfResponsibility: false },
  ),
};

/** The fields the rules across fields read. */
type CrossFields = {
  from: string;
  to: string;
  firstDay: string;
  lastDay: string;
  governmentIdType: string;
  governmentIdNumber: string;
};
type CrossRule<T> = v.BaseValidation<T, T, v.PartialCheckIssue<CrossFields>>;

/** One rule across fields, its issue on `field`: checked on CrossFields, run on any object that has them. */
type CrossPaths = [[keyof CrossFields], [keyof CrossFields]];
function crossRule<T extends CrossFields>(
  paths: CrossPaths,
  holds: (x: CrossFields) => boolean,
  message: string,
  field: keyof CrossFields,
): CrossRule<T> {
  const check = v.partialCheck<CrossFields, CrossPaths, CrossFields, string>(paths, holds, message);
  return v.forward(check, [field]) as unknown as CrossRule<T>;
}

/** The rules across fields, one list for the form and the request (issues on To, Last day, ID type). */
function crossFieldRules<T extends CrossFields>() {
  return [
    crossRule<T>([['from'], ['to']], (x) => x.from !== x.to, MSG.sameAirports, 'to'),
    crossRule<T>(
      [['firstDay'], ['lastDay']],
      (x) => x.lastDay >= x.firstDay,
      COURIER_TEXT.windowOrder,
      'lastDay',
    ),
    crossRule<T>(
      [['firstDay'], ['lastDay']],
      (x) => windowDays(x) <= COURIER_WINDOW_MAX_DAYS,
      COURIER_TEXT.windowTooLong,
      'lastDay',
    ),
    crossRule<T>(
      [['governmentIdType'], ['governmentIdNumber']],
      (x) => x.governmentIdNumber === '' || x.governmentIdType !== '',
      COURIER_TEXT.idTypeRequired,
      'governmentIdType',
    ),
  ] as const;
}

/** The form: one category picked from the list. */
const courierFormObject = v.object({ ...courierFormEntries, itemCategory: present(categorySchema) });
export const courierFormSchema = v.pipe(
  courierFormObject,
  ...crossFieldRules<v.InferOutput<typeof courierFormObject>>(),
);
export type CourierFormValues = v.InferOutput<typeof courierFormSchema>;

/** The fields the form has no inputs for, with their initial values (SPEC.md section 3). */
export const COURIER_HIDDEN_DEFAULTS = {
  emergencyContact: '',
  paymentAcknowledged: false,
};

/** A client-made id (a uuid), so the device lists the request before the server has seen it. */
export const courierIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{8,64}$/, 'Invalid request id'));

const courierRequestObject = v.object({
  ...courierFormEntries,
  id: v.optional(courierIdSchema),
  emergencyContact: optionalText(),
  itemCategory: present(
    v.pipe(
      v.union([v.string(), v.array(v.string())], COURIER_TEXT.categoryRequired),
      // One category as the form picks it, or the spec's list.
      v.transform((x) => (typeof x === 'string' ? (x === '' ? [] : [x]) : x)),
      v.minLength(1, COURIER_TEXT.categoryRequired),
      v.maxLength(10, MSG.tooLong),
      v.array(categorySchema),
    ),
  ),
  paymentAcknowledged: v.optional(v.boolean(), false),
  itemImageUrl: requiredText(MSG.imageRequired, 500),
});
export const courierRequestSchema = v.pipe(
  courierRequestObject,
  ...crossFieldRules<v.InferOutput<typeof courierRequestObject>>(),
);
export type CourierRequest = v.InferOutput<typeof courierRequestSchema>;

/** The first day may not be before `today` (YYYY-MM-DD, the checker's clock: device and server). */
/** The form's schema as of `today`. */
export const courierFormSchemaAt = (today: string) =>
  v.pipe(
    courierFormSchema,
    v.forward(
      v.partialCheck([['firstDay']], (x) => x.firstDay >= today, COURIER_TEXT.windowPast),
      ['firstDay'],
    ),
  );
/** The request's schema as of `today` (the server's clock). */
export const courierRequestSchemaAt = (today: string) =>
  v.pipe(
    courierRequestSchema,
    v.forward(
      v.partialCheck([['firstDay']], (x) => x.firstDay >= today, COURIER_TEXT.windowPast),
      ['firstDay'],
    ),
  );

/** The `courier-withdraw` mutation: the sender closes their own request. */
export const courierWithdrawArgsSchema = v.object({ id: courierIdSchema });

/** The item image rule: required, an image, at most 5 MB. Returns the message to show, or null. */
export function checkItemImage(file: { type: string; size: number } | null | undefined): string | null {
  if (!file) return MSG.imageRequired;
  if (!file.type.startsWith('image/')) return MSG.imageOnly;
  if (file.size > IMAGE_MAX_BYTES) return MSG.imageTooLarge;
  return null;
}

/** The last 4 characters of an ID number, the rest hidden: "•••• 1234". */
export function maskIdNumber(last4: string): string {
  return last4 ? `•••• ${last4}` : '';
}
