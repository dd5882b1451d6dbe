// Signup (limited per client address), login (limited per email and per address, counted before
// the password is hashed; sets the session cookie), logout and the session check.
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { loginSchema, type SignupRequest, signupSchema } from '@/domain/auth/schema';
import { SESSION_COOKIE, tokenOf } from '../../auth/guard';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from '../../auth/passwords';
import { createSession, revokeSession } from '../../auth/sessions';
import { type Limit, pruneThrottles, reserve } from '../../auth/throttle';
import { users } from '../../db/schema';
import type { AppEnv, Deps } from '../../deps';
import { parseJson } from '../../http/body';
import { ApiError, onUniqueViolation } from '../../http/errors';
import { idempotentWrite, sha256 } from '../../http/idempotency';
import { clientAddress } from '../../http/middleware';

const HOUR_MS = 60 * 60 * 1000;
/** Signups hashing at once from one address. */
const SIGNUP_MAX_PARALLEL = 4;

export async function signup(c: Context<AppEnv>, deps: Deps) {
  // Validate, then skip a taken email, then count the attempt: only then hash (slow). A taken
  // email still goes through idempotentWrite, which replays a repeated signup's first answer.
  const input = await parseJson(c, signupSchema);
  const [taken] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  const passwordHash = taken ? null : await countedHash(c, deps, input.password);
  const write = idempotentWrite(
    c,
    deps,
    `signup:${input.email}`,
    async (tx) => {
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
      if (existing || !passwordHash) throw new ApiError('auth/email-taken');
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
    },
    signupFingerprint(input),
  );
  return onUniqueViolation(write, 'auth/email-taken');
}

/**
 * What binds a signup's Idempotency-Key: every field but the passwords. A fast hash of a body
 * holding a password would let anyone who reads the table test guesses without scrypt's cost.
 */
function signupFingerprint(input: SignupRequest): string {
  return sha256(JSON.stringify([input.email, input.name, input.phone, input.age, input.gender]));
}

/** Hashes a new account's password once its address is within SIGNUP_LIMIT_PER_HOUR. */
async function countedHash(c: Context<AppEnv>, deps: Deps, password: string): Promise<string> {
  const address = clientAddress(c, deps.config);
  const limits: Limit[] = address
    ? [
        {
          key: `signup-address:${address}`,
          max: deps.config.signupLimitPerHour,
          windowMs: HOUR_MS,
          maxParallel: SIGNUP_MAX_PARALLEL,
        },
      ]
    : [];
  const slot = await reserve(deps.db, limits, deps.clock.now());
  if (!slot) throw new ApiError('auth/signup-rate-limited');
  return hashPassword(password).finally(() => slot.done('count'));
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

function loginLimits(deps: Deps, email: string, address: string | null): Limit[] {
  const { config } = deps;
  const limits: Limit[] = [
    {
      key: `login-email:${email}`,
      max: config.loginMaxFailuresPerEmail,
      windowMs: config.loginWindowMs,
      maxParallel: config.loginMaxParallelPerEmail,
    },
  ];
  if (address)
    limits.push({
      key: `login-address:${address}`,
      max: config.loginMaxFailuresPerAddress,
      windowMs: config.loginWindowMs,
      maxParallel: config.loginMaxParallelPerAddress,
    });
  return limits;
}

export async function login(c: Context<AppEnv>, deps: Deps) {
  const input = await parseJson(c, loginSchema);
  const now = deps.clock.now();
  // Every attempt is counted before the hash; a success gives its count back (the email's
  // failures are cleared, the address's attempt refunded), so the limits count failures.
  const slot = await reserve(deps.db, loginLimits(deps, input.email, clientAddress(c, deps.config)), now);
  if (!slot) throw new ApiError('auth/rate-limited');
  let ok = false;
  let user: typeof users.$inferSelect | undefined;
  try {
    [user] = await deps.db.select().from(users).where(eq(users.email, input.email));
    ok = await verifyPassword(input.password, user?.passwordHash ?? (await DUMMY_HASH_PROMISE));
  } finally {
    await slot.done(...(ok && user ? (['clear', 'refund'] as const) : (['count'] as const)));
  }
  if (!user || !ok) throw new ApiError('auth/bad-credentials');
  // Counters idle for longer than every window are pruned on the way.
  await pruneThrottles(deps.db, now, Math.max(deps.config.loginWindowMs, HOUR_MS));
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
