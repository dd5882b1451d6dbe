// Courier Service Request: the form, the image check and the POST /api/courier/submit body.
// The spec validates only the image and the three contact fields; the rest may be blank.
import * as v from 'valibot';
import { optionalText, requiredText } from '../common';
import { IMAGE_MAX_BYTES, LONG_TEXT_MAX_LENGTH, PAYMENT_MODES } from '../constants';
import { MSG } from '../texts';

export const courierFormEntries = {
  fullName: requiredText(MSG.fullNameRequired),
  emailAddress: requiredText(MSG.emailRequired, 254),
  mobileNumber: requiredText(MSG.mobileRequired, 20),
  governmentIdType: optionalText(),
  governmentIdNumber: optionalText(),
  currentAddress: optionalText(LONG_TEXT_MAX_LENGTH, { lines: true }),
  pinCode: optionalText(20),
  itemDescription: optionalText(LONG_TEXT_MAX_LENGTH, { lines: true }),
  paymentMode: v.optional(v.picklist(['', ...PAYMENT_MODES], MSG.paymentModeInvalid), ''),
};
export const courierFormSchema = v.object(courierFormEntries);
export type CourierFormValues = v.InferOutput<typeof courierFormSchema>;

/** The fields the form has no inputs for, with their initial values (SPEC.md section 3). */
export const COURIER_HIDDEN_DEFAULTS = {
  emergencyContact: '',
  itemCategory: [] as string[],
  declarations: { noIllegalItems: false, termsAgreed: false, selfResponsibility: false },
  paymentAcknowledged: false,
};

export const courierRequestSchema = v.object({
  ...courierFormEntries,
  emergencyContact: optionalText(),
  itemCategory: v.optional(
    v.pipe(v.array(v.pipe(v.string(), v.maxLength(100, MSG.tooLong))), v.maxLength(20, MSG.tooLong)),
    [],
  ),
  declarations: v.optional(
    v.object({
      noIllegalItems: v.optional(v.boolean(), false),
      termsAgreed: v.optional(v.boolean(), false),
      selfResponsibility: v.optional(v.boolean(), false),
    }),
    { noIllegalItems: false, termsAgreed: false, selfResponsibility: false },
  ),
  paymentAcknowledged: v.optional(v.boolean(), false),
  itemImageUrl: requiredText(MSG.imageRequired, 500),
});
export type CourierRequest = v.InferOutput<typeof courierRequestSchema>;

/** The item image rule: required, an image, at most 5 MB. Returns the message to show, or null. */
export function checkItemImage(file: { type: string; size: number } | null | undefined): string | null {
  if (!file) return MSG.imageRequired;
  if (!file.type.startsWith('image/')) return MSG.imageOnly;
  if (file.size > IMAGE_MAX_BYTES) return MSG.imageTooLarge;
  return null;
}
