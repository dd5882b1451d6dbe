// What the app factory is configured with: limits, cookie and origin policy, where the built
// client lives. main.ts fills it from env.ts; tests pass only what they change.
import { randomBytes } from 'node:crypto';
import { CANCEL_CUTOFF_HOURS_DEFAULT } from '@/domain/booking/status';
import { JSON_BODY_MAX_BYTES, OPEN_LISTINGS_MAX } from '@/domain/constants';

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** The cost of password hashes (src/server/auth/passwords.ts). */
export interface Argon2Cost {
  /** Memory in KiB. */
  memoryKiB: number;
  /** Passes over the memory (time cost). */
  passes: number;
  /** Lanes (parallelism). */
  lanes: number;
}

/** OWASP Password Storage Cheat Sheet: Argon2id, 19 MiB, 2 passes, 1 lane (~40 ms here). */
export const OWASP_ARGON2ID: Argon2Cost = { memoryKiB: 19 * 1024, passes: 2, lanes: 1 };

export interface AppConfig {
  /** Extra origins allowed to call the API with credentials (a separate app host). */
  corsOrigins: readonly string[];
  /** Set the Secure flag on the session cookie (the app is served over HTTPS). */
  secureCookies: boolean;
  /**
   * Proxies in front of the server that append to X-Forwarded-For (0: none, use the socket's
   * address). The client address is the entry this many places from the right: the one the
   * outermost trusted proxy appended, which the client cannot forge.
   */
  trustProxyHops: number;
  /** Absolute base of download links (e.g. https://api.example.com); relative when empty. */
  publicUrl: string;
  /** The API's origin when the served app calls an API on another host ('' for the same origin). */
  apiOrigin: string;
  /** Built client to serve (dist/); no static serving when empty. */
  staticRoot: string;
  /** The AES-256 key Government ID numbers are sealed with (ID_ENCRYPTION_KEY, or DATA_DIR's). */
  idKey: Uint8Array;
  sessionTtlMs: number;
  /** Sessions one user keeps at once; a login beyond ends the oldest. */
  maxSessionsPerUser: number;
  loginWindowMs: number;
  /**
   * Failures for one account from unknown devices before its logins from them slow down: each
   * further failure doubles the wait (from loginBackoffBaseMs up to loginBackoffMaxMs). Known
   * devices (a signed device cookie naming the user) are never slowed by them.
   */
  loginMaxFailuresPerEmail: number;
  loginBackoffBaseMs: number;
  loginBackoffMaxMs: number;
  /** Failures per (account, client address or known device) before that pair is refused. */
  loginMaxFailuresPerPair: number;
  /**
   * Failed logins per client address per window, over every account (LOGIN_FAILURES_PER_ADDRESS):
   * high enough that the typos of a crowd behind one address (carrier-grade NAT, an airport's
   * Wi-Fi) never reach it, low enough to stop one address spraying guesses over many accounts.
   */
  loginMaxFailuresPerAddress: number;
  /**
   * Successful logins per account per window, from any device (LOGIN_LIMIT_PER_ACCOUNT), so nobody
   * mints sessions without limit. Never per address: thousands of people may share one.
   */
  loginMaxSuccessesPerAccount: number;
  /** Logins running at once (password hashes) per email and per client address. */
  loginMaxParallelPerEmail: number;
  loginMaxParallelPerAddress: number;
  /**
   * Accounts created per client address per hour (SIGNUP_LIMIT_PER_HOUR): a bound on one machine
   * making accounts, high enough for a crowd behind one address.
   */
  signupLimitPerHour: number;
  /** Analytics batches without a session per client address per hour, and their size. */
  anonymousEventBatchesPerHour: number;
  anonymousEventsMaxBytes: number;
  jsonBodyMaxBytes: number;
  /** Images one user may upload in any 24 hours (UPLOAD_IMAGES_PER_DAY). */
  uploadsPerDay: number;
  /** Bytes of images one user may keep in all (UPLOAD_MB_PER_USER). */
  uploadBytesPerUser: number;
  /** Listings one carrier may have on flights still to come (OPEN_LISTINGS_PER_CARRIER). */
  openListingsMax: number;
  /** A traveller cancels an accepted booking themselves until this long before departure (CANCEL_CUTOFF_HOURS). */
  cancelCutoffMs: number;
  /** Addresses that are staff whenever they sign up (STAFF_EMAILS), besides those of `npm run staff`. */
  staffEmails: readonly string[];
  /**
   * How long an Idempotency-Key's answer is kept: longer than any offline stretch a change can
   * wait through in the outbox (a session lasts 30 days unused; a parked queue resumes at the next
   * login), so a retry always finds it.
   */
  idempotencyRetentionMs: number;
  /**
   * Mutations pushed per minute (POST /api/sync/push) per account (SYNC_MUTATIONS_PER_MINUTE) and
   * per device (client id): past them a push is answered in part, or 429 sync/rate-limited with
   * Retry-After, which the device waits out before sending the rest.
   */
  syncMutationsPerMinute: number;
  syncMutationsPerMinutePerClient: number;
  /**
   * The longest a push waits, before each of its parts, for a moment with no other request in
   * progress (routes/sync/sync.push.handlers.ts): others go first, the push takes what they leave
   * and one short part per this much time at least.
   */
  syncGiveWayMs: number;
  /**
   * How long a push refused from memory (its account's budget spent, or its lane full) is held
   * before it is answered (auth/push-gate.ts).
   */
  syncRefusalHoldMs: number;
  /** Argon2id cost of new password hashes (tests lower it; the default is OWASP's minimum). */
  passwordHash: Argon2Cost;
  /** One line per request; never receives bodies, cookies or tokens. */
  log: (line: Record<string, unknown>) => void;
}

export const DEFAULT_CONFIG: AppConfig = {
  // A key of this process alone: main.ts always gives the lasting one.
  idKey: randomBytes(32),
  corsOrigins: [],
  secureCookies: false,
  trustProxyHops: 0,
  publicUrl: '',
  apiOrigin: '',
  staticRoot: '',
  sessionTtlMs: 30 * 24 * 60 * 60 * 1000,
  maxSessionsPerUser: 20,
  loginWindowMs: 15 * 60 * 1000,
  loginMaxFailuresPerEmail: 5,
  loginBackoffBaseMs: 1000,
  loginBackoffMaxMs: 15 * 60 * 1000,
  loginMaxFailuresPerPair: 5,
  loginMaxFailuresPerAddress: 500,
  loginMaxSuccessesPerAccount: 30,
  loginMaxParallelPerEmail: 2,
  loginMaxParallelPerAddress: 32,
  signupLimitPerHour: 200,
  anonymousEventBatchesPerHour: 1200,
  anonymousEventsMaxBytes: 16 * 1024,
  jsonBodyMaxBytes: JSON_BODY_MAX_BYTES,
  uploadsPerDay: 20,
  uploadBytesPerUser: 50 * 1024 * 1024,
  openListingsMax: OPEN_LISTINGS_MAX,
  cancelCutoffMs: CANCEL_CUTOFF_HOURS_DEFAULT * 60 * 60 * 1000,
  staffEmails: [],
  idempotencyRetentionMs: 90 * 24 * 60 * 60 * 1000,
  syncMutationsPerMinute: 2400,
  syncMutationsPerMinutePerClient: 1200,
  syncGiveWayMs: 50,
  syncRefusalHoldMs: 500,
  passwordHash: OWASP_ARGON2ID,
  log: (line) => process.stdout.write(`${JSON.stringify(line)}\n`),
};
