// Forgot and reset password. A request always gets the same answer after the same work, whether or
// not an account has that address: it is counted per address and per client, and queued; the
// notifier makes the link (src/server/notify/password-reset-mail.ts). Using a link deletes it,
// and a new password ends every session of the user.
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
/** Reset mails per address per hour, and requests per client address per hour. */
export const RESETS_PER_EMAIL_PER_HOUR = 3;
export const RESETS_PER_CLIENT_PER_HOUR = 20;

function resetLimits(email: string, address: string | null): Limit[] {
  const limits: Limit[] = [
    { key: `reset-email:${email}`, max: RESETS_PER_EMAIL_PER_HOUR, windowMs: HOUR_MS, maxParallel: 2 },
  ];
  if (address)
    limits.push({
      key: `reset-address:${address}`,
      max: RESETS_PER_CLIENT_PER_HOUR,
      windowMs: HOUR_MS,
      maxParallel: 5,
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
