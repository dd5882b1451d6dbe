// Forgot and reset password. A request always gets the same answer after the same work, whether or
// not an account has that address: it is counted per (address, requester), per address and per
// requester, and queued; the notifier makes the link (src/server/notify/password-reset-mail.ts).
// A newer link does not end an older one still within its 30 minutes, so someone else asking for
// links never kills the one the user is opening. Using a link deletes them all, and a new
// password ends every session and every device's trust.
import {
  type forgotPasswordSchema,
  PASSWORD_RESET_MESSAGE,
  RESET_REQUESTED_MESSAGE,
  type resetPasswordSchema,
} from '@/domain/auth/password-reset';
import { hashPassword } from '../../auth/passwords';
import { hashToken } from '../../auth/sessions';
import { type Limit, reserve } from '../../auth/throttle';
import type { Deps } from '../../deps';
import { ApiError } from '../../http/errors';
import { clientAddress } from '../../http/middleware';
import type { JsonContext } from '../../http/validate';
import { resetLinkLive, resetPasswordWith } from '../../model/notify.queries';
import { enqueue } from '../../notify/queue';

const HOUR_MS = 60 * 60 * 1000;
/**
 * Reset mails per hour: to one address from one requester (client address), to one address from
 * everyone (a bound on the mail a stranger can send to someone's inbox), and requests per
 * requester (high enough for a crowd behind one address).
 */
export const RESETS_PER_EMAIL_PER_CLIENT_PER_HOUR = 3;
export const RESETS_PER_EMAIL_PER_HOUR = 10;
export const RESETS_PER_CLIENT_PER_HOUR = 200;

function resetLimits(email: string, address: string | null): Limit[] {
  const limits: Limit[] = [];
  if (address)
    limits.push(
      {
        key: `reset-email-client:${email}|${address}`,
        max: RESETS_PER_EMAIL_PER_CLIENT_PER_HOUR,
        windowMs: HOUR_MS,
        maxParallel: 2,
      },
      { key: `reset-address:${address}`, max: RESETS_PER_CLIENT_PER_HOUR, windowMs: HOUR_MS, maxParallel: 5 },
    );
  limits.push({
    key: `reset-email:${email}`,
    max: RESETS_PER_EMAIL_PER_HOUR,
    windowMs: HOUR_MS,
    maxParallel: 2,
  });
  return limits;
}

export async function forgotPassword(c: JsonContext<typeof forgotPasswordSchema>, deps: Deps) {
  const { email } = c.req.valid('json');
  const now = deps.clock.now();
  // Counted whether or not the account exists, so the limit tells nothing about accounts either.
  const slot = await reserve(deps.db, resetLimits(email, clientAddress(c, deps.config)), now);
  if (!slot) throw new ApiError('auth/reset-rate-limited');
  try {
    // The same one insert for every address; the notifier looks the account up (password-reset-mail.ts).
    await enqueue(deps.db, [{ channel: 'password-reset', email }], now);
    deps.notifier.queued();
  } finally {
    await slot.done('count');
  }
  return c.json({ message: RESET_REQUESTED_MESSAGE });
}

export async function resetPassword(c: JsonContext<typeof resetPasswordSchema>, deps: Deps) {
  const input = c.req.valid('json');
  const now = new Date(deps.clock.now());
  const tokenHash = hashToken(input.token);
  if (!(await resetLinkLive(deps.db, tokenHash, now))) throw new ApiError('auth/reset-link-invalid');
  // Hashed before the transaction (slow); the token is checked again, and taken, inside it.
  const passwordHash = await hashPassword(input.password);
  // Every device logs in again with the new password.
  if (!(await resetPasswordWith(deps.db, tokenHash, now, passwordHash)))
    throw new ApiError('auth/reset-link-invalid');
  return c.json({ message: PASSWORD_RESET_MESSAGE });
}
