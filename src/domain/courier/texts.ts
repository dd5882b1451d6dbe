// The courier request's limits and the words of its rules (SPEC.md section 3), apart from the
// schema so the client can read a rule's message back to its catalogue id without loading the
// schema (src/client/i18n/domain-text.ts).

/** The longest date window a request may name, first day to last day inclusive. */
export const COURIER_WINDOW_MAX_DAYS = 30;
export const COURIER_WEIGHT_MIN_KG = 0.1;
export const COURIER_WEIGHT_MAX_KG = 50;
export const DECLARED_VALUE_MAX_INR = 10_00_000;

export const COURIER_TEXT = {
  categoryRequired: 'Item Category is required',
  categoryUnknown: 'Choose an item category from the list',
  windowPast: 'Earliest date cannot be earlier than today.',
  windowOrder: 'Latest date must be on or after the earliest date',
  windowTooLong: `The date window can be at most ${COURIER_WINDOW_MAX_DAYS} days`,
  weightMin: `Weight must be at least ${COURIER_WEIGHT_MIN_KG} KG`,
  weightMax: `Weight must be at most ${COURIER_WEIGHT_MAX_KG} KG`,
  valueMin: 'Declared value cannot be negative',
  valueMax: 'Declared value must be at most ₹10,00,000',
  paymentModeRequired: 'Payment Mode is required',
  idNumberFormat: 'Enter the ID number as printed: 4 to 24 letters and digits',
  idTypeRequired: 'Choose the type of the Government ID',
  noIllegalItems: 'Please confirm the parcel holds no illegal or forbidden items',
  termsAgreed: 'Please agree to the terms of service',
  selfResponsibility: 'Please confirm you are responsible for the contents',
} as const;

/** A rule's key by its message (the catalogues' `validation.courier.<key>`). */
export type CourierTextKey = keyof typeof COURIER_TEXT;
const KEYS = new Map<string, CourierTextKey>(
  Object.entries(COURIER_TEXT).map(([k, m]) => [m, k as CourierTextKey]),
);
/** The key of one of COURIER_TEXT's messages; null for any other text. */
export function courierTextKeyOf(message: string): CourierTextKey | null {
  return KEYS.get(message) ?? null;
}
