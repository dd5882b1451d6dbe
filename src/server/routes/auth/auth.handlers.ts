// Signup, login (rate-limited, sets the session cookie), logout and the session check.
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { loginSchema, signupSchema } from '@/domain/auth/schema';
import { SESSION_COOKIE, tokenOf } from '../../auth/guard';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from '../../auth/passwords';
import { clearLoginFailures, isLoginBlocked, recordLoginFailure } from '../../auth/rate-limit';
import { createSession, revokeSession } from '../../auth/sessions';
import { users } from '../../db/schema';
import type { AppEnv, Deps } from '../../deps';
import { parseJson } from '../../http/body';
import { ApiError, onUniqueViolation } from '../../http/errors';
import { idempotentWrite } from '../../http/idempotency';
import { clientAddress } from '../../http/middleware';

export async function signup(c: Context<AppEnv>, deps: Deps) {
  const input = await parseJson(c, signupSchema);
  // Hashing is slow: do it outside the transaction.
  const passwordHash = await hashPassword(input.password);
  const write = idempotentWrite(c, deps, `signup:${input.email}`, async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
    if (existing) throw new ApiError('auth/email-taken');
    await tx.insert(users).values({
      id: crypto.randomUUID(),
      email: input.email,
      name: input.name,
      phone: input.phone,
      age: input.age,
      gender: input.gender,
      passwordHash,
      createdAt: new Date(deps.clock.now()),
    });
    return { status: 201, body: { message: 'Account created successfully!' } };
  });
  return onUniqueViolation(write, 'auth/email-taken');
}

function sessionCookieOptions(deps: Deps) {
  // A separate app host needs cross-site cookies, which browsers accept only when Secure.
  const crossSite = deps.config.corsOrigins.length > 0;
  return {
    httpOnly: true,
    path: '/',
    sameSite: crossSite ? ('None' as const) : ('Lax' as const),
    secure: crossSite || deps.config.secureCookies,
    maxAge: Math.floor(deps.config.sessionTtlMs / 1000),
  };
}

export async function login(c: Context<AppEnv>, deps: Deps) {
  const input = await parseJson(c, loginSchema);
  const now = deps.clock.now();
  const address = clientAddress(c, deps.config);
  if (await isLoginBlocked(deps.db, deps.config, input.email, address, now))
    throw new ApiError('auth/rate-limited');
  const [user] = await deps.db.select().from(users).where(eq(users.email, input.email));
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await DUMMY_HASH_PROMISE));
  if (!user || !ok) {
    await recordLoginFailure(deps.db, input.email, address, now);
    throw new ApiError('auth/bad-credentials');
  }
  await clearLoginFailures(deps.db, deps.config, input.email, now);
  const token = await createSession(deps.db, user.id, now, deps.config.sessionTtlMs);
  setCookie(c, SESSION_COOKIE, token, sessionCookieOptions(deps));
  return c.json({
    token,
    email: user.email,
    name: user.name,
    phone: user.phone,
    message: 'Login successful!',
  });
}

export async function logout(c: Context<AppEnv>, deps: Deps) {
  const token = tokenOf(c);
  if (token) await revokeSession(deps.db, token);
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: sessionCookieOptions(deps).secure });
  return c.json({ message: 'Logged out' });
}

/** The spec's client reads both the HTTP status and `status` in the body. */
export function authStatus(c: Context<AppEnv>) {
  const user = c.get('user');
  if (!user) return c.json({ status: 401, message: new ApiError('auth/required').message }, 401);
  return c.json({ status: 200, email: user.email, name: user.name, phone: user.phone });
}
