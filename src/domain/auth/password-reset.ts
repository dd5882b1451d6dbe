// Forgot Password and Reset Password: the e-mail field as signup has it, and the new password
// with the signup rules and messages (the same entries, so the two can never drift apart).
import * as v from 'valibot';
import { passwordsMatch, signupStep2Entries } from './schema';

/** The one answer to a reset request, whether or not an account has that address. */
export const RESET_REQUESTED_MESSAGE = 'If an account exists for that address, we sent a link';
export const PASSWORD_RESET_MESSAGE = 'Your password has been reset. Please log in with the new one.';
export const RESET_LINK_INVALID = 'This reset link is invalid or has expired. Please ask for a new one.';
/** How long a reset link works. */
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

/** POST /auth/forgot-password and the Forgot Password form. */
export const forgotPasswordSchema = v.object({ email: signupStep2Entries.email });
export type ForgotPasswordRequest = v.InferOutput<typeof forgotPasswordSchema>;

const newPasswordEntries = {
  password: signupStep2Entries.password,
  confirmPassword: signupStep2Entries.confirmPassword,
};
/** The Reset Password form: Password and Confirm Password. */
export const newPasswordSchema = v.pipe(v.object(newPasswordEntries), passwordsMatch());

/** POST /auth/reset-password: the link's token (43 base64url characters) and the new password. */
export const resetPasswordSchema = v.pipe(
  v.object({
    token: v.pipe(v.string(RESET_LINK_INVALID), v.regex(/^[A-Za-z0-9_-]{43}$/, RESET_LINK_INVALID)),
    ...newPasswordEntries,
  }),
  passwordsMatch(),
);
export type ResetPasswordRequest = v.InferOutput<typeof resetPasswordSchema>;
