// Signup (two steps), login and the login response: SPEC.md sections 3 and 5.
import * as v from 'valibot';
import { emailSchema, numberInput, phoneSchema, present, requiredText } from '../common';
import { AGE_MAX, AGE_MIN, GENDERS } from '../constants';
import { MSG } from '../texts';

/** Letters, digits and @$!%*?&, 8 or more, with one of each class. */
export const PASSWORD_RE = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]{8,128}$/;

const ageSchema = v.pipe(
  numberInput(MSG.ageRequired, MSG.ageInvalid),
  v.integer(MSG.ageInvalid),
  v.minValue(AGE_MIN, MSG.ageInvalid),
  v.maxValue(AGE_MAX, MSG.ageInvalid),
);

export const signupStep1Entries = {
  name: requiredText(MSG.nameRequired),
  phone: phoneSchema,
  age: ageSchema,
  gender: present(v.picklist(GENDERS, MSG.genderRequired)),
};
export const signupStep1Schema = v.object(signupStep1Entries);

const passwordSchema = v.pipe(
  v.string(MSG.passwordRequired),
  v.nonEmpty(MSG.passwordRequired),
  v.regex(PASSWORD_RE, MSG.passwordRule),
);

export const signupStep2Entries = {
  email: emailSchema(MSG.emailRequired, MSG.emailInvalidAddress),
  password: passwordSchema,
  confirmPassword: present(v.pipe(v.string(MSG.confirmRequired), v.nonEmpty(MSG.confirmRequired))),
};

/** Password and Confirm Password as two entries of a form or request. */
type PasswordPair = { password: string; confirmPassword: string };

/**
 * Confirm Password must equal Password; the issue goes on Confirm Password. The one check of
 * every schema with the pair (signup, its second step, Reset Password and its request).
 */
export function passwordsMatch<TInput extends PasswordPair>() {
  const paths: [['password'], ['confirmPassword']] = [['password'], ['confirmPassword']];
  const check = v.partialCheck<PasswordPair, typeof paths, PasswordPair, string>(
    paths,
    (x) => x.password === x.confirmPassword,
    MSG.passwordsMatch,
  );
  return v.forward(check, ['confirmPassword']) as unknown as v.BaseValidation<
    TInput,
    TInput,
    v.PartialCheckIssue<PasswordPair>
  >;
}

export const signupStep2Schema = v.pipe(v.object(signupStep2Entries), passwordsMatch());

/** The signup request body (POST /auth/signup), both steps together. */
export const signupSchema = v.pipe(
  v.object({ ...signupStep1Entries, ...signupStep2Entries }),
  passwordsMatch(),
);
export type SignupInput = v.InferInput<typeof signupSchema>;
export type SignupRequest = v.InferOutput<typeof signupSchema>;

/** The login form and POST /auth/login body. */
export const loginSchema = v.object({
  email: emailSchema(MSG.required, MSG.emailInvalid),
  password: present(v.pipe(v.string(MSG.required), v.nonEmpty(MSG.required), v.maxLength(128, MSG.required))),
});
export type LoginRequest = v.InferOutput<typeof loginSchema>;

export const loginResponseSchema = v.object({
  token: v.string(),
  email: v.string(),
  name: v.string(),
  phone: v.string(),
  message: v.string(),
});
export type LoginResponse = v.InferOutput<typeof loginResponseSchema>;

export const authStatusSchema = v.object({ status: v.number() });
