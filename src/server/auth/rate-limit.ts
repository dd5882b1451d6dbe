// Failed-login throttling, counted in the database so every instance sees the same numbers:
// too many failures for an email, or from one client address, within the window -> 429.
import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { loginAttempts } from '../db/schema';

export async function isLoginBlocked(
  db: Db,
  config: AppConfig,
  email: string,
  address: string | null,
  nowMs: number,
): Promise<boolean> {
  const since = new Date(nowMs - config.loginWindowMs);
  const [byEmail] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), gt(loginAttempts.at, since)));
  if ((byEmail?.n ?? 0) >= config.loginMaxFailuresPerEmail) return true;
  if (!address) return false;
  const [byAddress] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.address, address), gt(loginAttempts.at, since)));
  return (byAddress?.n ?? 0) >= config.loginMaxFailuresPerAddress;
}

export async function recordLoginFailure(db: Db, email: string, address: string | null, nowMs: number) {
  await db.insert(loginAttempts).values({ email, address, at: new Date(nowMs) });
}

/**
 * A successful login clears the email's failures; old rows of anyone are pruned on the way,
 * through login_attempts_at_idx, so the prune reads only the expired rows.
 */
export async function clearLoginFailures(db: Db, config: AppConfig, email: string, nowMs: number) {
  await db.delete(loginAttempts).where(eq(loginAttempts.email, email));
  await db.delete(loginAttempts).where(lt(loginAttempts.at, new Date(nowMs - config.loginWindowMs)));
}
