// Contact Us: the form and POST /api/contact body are the same shape.
import * as v from 'valibot';
import { emailSchema, requiredText } from '../common';
import { LONG_TEXT_MAX_LENGTH } from '../constants';
import { MSG } from '../texts';

export const contactSchema = v.object({
  name: v.pipe(requiredText(MSG.fullNameRequired), v.regex(/^[A-Za-z\s]+$/, MSG.nameLettersOnly)),
  email: emailSchema(MSG.emailRequired, MSG.emailInvalid),
  phone: requiredText(MSG.phoneRequiredShort, 20),
  message: requiredText(MSG.queryRequired, LONG_TEXT_MAX_LENGTH, { lines: true }),
});
export type ContactMessage = v.InferOutput<typeof contactSchema>;
