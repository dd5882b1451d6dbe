// Signup (limited per client address), login (counted before the password is hashed, see
// loginPlan; sets the session and device cookies), logout, logout of other devices and the
// session check.
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { loginSchema, SignupRequest, signupSchema } from '@/domain/auth/schema';
import { keepOnlyThisDevice, knownDevice, rememberDevice } from '../../auth/device';
import { requireUser, SESSION_COOKIE, tokenOf, tokensOf } from '../../auth/guard';
import { dummyHash, hashPassword, verifyPassword } from '../../auth/passwords';
import { createSession, revokeOtherSessions, revokeSessions } from '../../auth/sessions';
import { isStaff } from '../../auth/staff';
import {
  type Backoff,
  type BackoffClaim,
  claimBackoff,
  type Limit,
  type Outcome,
  pruneThrottles,
  reserve,
} from '../../auth/throttle';
import type { AppEnv, Deps } from '../../deps';
import { ApiError, onUniqueViolation, refusal } from '../../http/errors';
import { idempotentWrite, sha256 } from '../../http/idempotency';
import { clientAddress } from '../../http/middleware';
import type { JsonContext } from '../../http/validate';
import {
  emailTaken,
  insertUser,
  replacePasswordHash,
  type UserRow,
  userByEmail,
} from '../../model/users.queries';

const HOUR_MS = 60 * 60 * 1000;
/** Signups hashing at once from one address. */
const SIGNUP_MAX_PARALLEL = 4;

export async function signup(c: JsonContext<typeof signupSchema>, deps: Deps) {
  // Validate, then count the attempt against the address, then look for a taken email: a taken
  // and a free email both count, and both pay for a hash, so neither the limit nor the time
  // tells which addresses have accounts. A taken email still goes through idempotentWrite, which
  // replays a repeated signup's first answer.
  const input = c.req.valid('json');
  const passwordHash = await countedHash(c, deps, input.password);
  const write = idempotentWrite(
    c,
    deps,
    `signup:${input.email}`,
    async (tx) => {
      if (await emailTaken(tx, input.email)) throw new ApiError('auth/email-taken');
      await insertUser(tx, {
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
 * holding a password would let anyone who reads the table test guesses without the password hash's cost.
 */
function signupFingerprint(input: SignupRequest): string {
  return sha256(JSON.stringify([input.email, input.name, input.phone, input.age, input.gender]));
}

/** Hashes a signup's password once its address is within SIGNUP_LIMIT_PER_HOUR (429 beyond). */
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
  return hashPassword(password, deps.config.passwordHash).finally(() => slot.done('count'));
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

interface LoginPlan {
  /** Counted before the hash; ended with `onSuccess` or `onFailure` (one outcome per limit). */
  limits: Limit[];
  onSuccess: Outcome[];
  onFailure: Outcome[];
  /** The account's slow-down, for attempts from unknown devices only. */
  backoff: Backoff | null;
}

/**
 * The counters a login attempt goes through. The client is the known device when the request
 * carries a device cookie for this account, else the client address. Failures lock the pair
 * (account, client); from unknown devices they also slow the account (growing waits), and count
 * per address with a threshold a crowd behind one address does not reach. Successes count per
 * account, never per address, so nobody mints sessions without limit and a crowd sharing one
 * address (carrier-grade NAT, an airport's Wi-Fi) all log in.
 */
function loginPlan(deps: Deps, email: string, address: string | null, device: string | null): LoginPlan {
  const { config } = deps;
  const plan: LoginPlan = { limits: [], onSuccess: [], onFailure: [], backoff: null };
  const add = (limit: Limit, onSuccess: Outcome, onFailure: Outcome) => {
    plan.limits.push(limit);
    plan.onSuccess.push(onSuccess);
    plan.onFailure.push(onFailure);
  };
  const window = config.loginWindowMs;
  const client = device ? `device:${device}` : address ? `address:${address}` : null;
  if (client) {
    // The pair's failures: cleared by a success, a failure counts.
    add(
      {
        key: `login-pair:${email}|${client}`,
        max: config.loginMaxFailuresPerPair,
        windowMs: window,
        maxParallel: config.loginMaxParallelPerEmail,
      },
      'clear',
      'count',
    );
  }
  // The account's successes: a failure gives its count back.
  add(
    {
      key: `login-ok:${email}`,
      max: config.loginMaxSuccessesPerAccount,
      windowMs: window,
      maxParallel: config.loginMaxParallelPerEmail,
    },
    'count',
    'refund',
  );
  if (device) return plan;
  if (address)
    add(
      {
        key: `login-address:${address}`,
        max: config.loginMaxFailuresPerAddress,
        windowMs: window,
        maxParallel: config.loginMaxParallelPerAddress,
      },
      'refund',
      'count',
    );
  plan.backoff = {
    key: `login-backoff:${email}`,
    free: config.loginMaxFailuresPerEmail,
    baseMs: config.loginBackoffBaseMs,
    maxMs: config.loginBackoffMaxMs,
    quietMs: window,
    maxParallel: config.loginMaxParallelPerEmail,
  };
  return plan;
}

function rateLimited(retryAfterMs: number): ApiError {
  return refusal('auth/rate-limited', { retryAfterS: Math.ceil(retryAfterMs / 1000) });
}

export async function login(c: JsonContext<typeof loginSchema>, deps: Deps) {
  const input = c.req.valid('json');
  const now = deps.clock.now();
  const { config } = deps;
  const device = await knownDevice(c, deps.db, input.email);
  const plan = loginPlan(deps, input.email, clientAddress(c, config), device);
  // Every attempt is counted before the hash, and ended by its outcome. The client's own limits
  // come first: a client flooding the server is refused by them in two queries.
  const slot = await reserve(deps.db, plan.limits, now);
  if (!slot) throw new ApiError('auth/rate-limited');
  // An attempt that ends before its password is checked (the account's wait, an error) is given back.
  let outcome: 'success' | 'failure' | 'none' = 'none';
  let backoff: BackoffClaim | null = null;
  let user: UserRow | undefined;
  let verified = { ok: false, outdated: false };
  try {
    backoff = plan.backoff ? await claimBackoff(deps.db, plan.backoff, now) : null;
    if (backoff && !backoff.ok) throw rateLimited(backoff.retryAfterMs);
    user = await userByEmail(deps.db, input.email);
    verified = await verifyPassword(
      input.password,
      user?.passwordHash ?? (await dummyHash(config.passwordHash)),
      config.passwordHash,
    );
    outcome = verified.ok && user ? 'success' : 'failure';
  } finally {
    const ends = { success: plan.onSuccess, failure: plan.onFailure, none: ['refund'] as Outcome[] };
    await slot.done(...ends[outcome]);
    const backoffEnds = { success: 'clear', failure: 'fail', none: 'refund' } as const;
    if (backoff?.ok) await backoff.done(backoffEnds[outcome]);
  }
  if (!user || outcome !== 'success') throw new ApiError('auth/bad-credentials');
  // Told only with the right password: a guesser learns nothing of the account's state.
  if (user.suspendedAt) throw new ApiError('auth/suspended');
  if (verified.outdated) await upgradeHash(deps, user.id, user.passwordHash, input.password);
  // Counters idle for longer than every window are pruned on the way.
  await pruneThrottles(deps.db, now, Math.max(config.loginWindowMs, 2 * config.loginBackoffMaxMs, HOUR_MS));
  const token = await createSession(deps.db, user.id, now, {
    ttlMs: config.sessionTtlMs,
    maxPerUser: config.maxSessionsPerUser,
  });
  const cookie = sessionCookieOptions(deps);
  setCookie(c, SESSION_COOKIE, token, cookie);
  await rememberDevice(c, deps.db, user.id, user.deviceGeneration, device, cookie);
  return c.json({
    token,
    email: user.email,
    name: user.name,
    phone: user.phone,
    message: 'Login successful!',
  });
}

/** A hash made with scrypt or a lower cost is replaced by one at today's cost. */
async function upgradeHash(deps: Deps, userId: string, old: string, password: string): Promise<void> {
  const fresh = await hashPassword(password, deps.config.passwordHash);
  await replacePasswordHash(deps.db, userId, old, fresh);
}

export async function logout(c: Context<AppEnv>, deps: Deps) {
  // However the session was presented: a Bearer token and a cookie may both be there.
  await revokeSessions(deps.db, tokensOf(c));
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: sessionCookieOptions(deps).secure });
  return c.json({ message: 'Logged out' });
}

/**
 * Ends every session of the signed-in user but the one making this request, and the trust of
 * every other device cookie (their failed guesses count as a stranger's again).
 */
export async function logoutOthers(c: Context<AppEnv>, deps: Deps) {
  const user = requireUser(c);
  const current = tokenOf(c);
  if (!current) throw new ApiError('auth/required');
  const ended = await revokeOtherSessions(deps.db, user.id, current);
  await keepOnlyThisDevice(c, deps.db, user.id, sessionCookieOptions(deps));
  return c.json({ message: 'Logged out of other devices', ended });
}

/** The spec's client reads both the HTTP status and `status` in the body. */
/**
 * GET /api/auth: whether the session stands, and whether its user is staff. The app asks this to
 * show or hide the team's console, so that an ordinary user's device is never answered 403 (a
 * failed request in every logged-in screen's console) just for asking.
 */
export async function authStatus(c: Context<AppEnv>, deps: Deps) {
  const user = c.get('user');
  if (!user) return c.json({ status: 401, message: new ApiError('auth/required').message }, 401);
  const staff = await isStaff(deps.db, user.email, deps.config.staffEmails);
  return c.json({ status: 200, email: user.email, name: user.name, phone: user.phone, staff });
}
