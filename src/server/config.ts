// What the app factory is configured with: limits, cookie and origin policy, where the built
// client lives. main.ts fills it from env.ts; tests pass only what they change.
import { JSON_BODY_MAX_BYTES } from '@/domain/constants';

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export interface AppConfig {
  /** Extra origins allowed to call the API with credentials (a separate app host). */
  corsOrigins: readonly string[];
  /** Set the Secure flag on the session cookie (the app is served over HTTPS). */
  secureCookies: boolean;
  /** Take the client address from X-Forwarded-For (only behind a trusted proxy). */
  trustProxy: boolean;
  /** Absolute base of download links (e.g. https://api.example.com); relative when empty. */
  publicUrl: string;
  /** Built client to serve (dist/); no static serving when empty. */
  staticRoot: string;
  sessionTtlMs: number;
  loginWindowMs: number;
  loginMaxFailuresPerEmail: number;
  loginMaxFailuresPerAddress: number;
  jsonBodyMaxBytes: number;
  /** One line per request; never receives bodies, cookies or tokens. */
  log: (line: Record<string, unknown>) => void;
}

export const DEFAULT_CONFIG: AppConfig = {
  corsOrigins: [],
  secureCookies: false,
  trustProxy: false,
  publicUrl: '',
  staticRoot: '',
  sessionTtlMs: 30 * 24 * 60 * 60 * 1000,
  loginWindowMs: 15 * 60 * 1000,
  loginMaxFailuresPerEmail: 5,
  loginMaxFailuresPerAddress: 50,
  jsonBodyMaxBytes: JSON_BODY_MAX_BYTES,
  log: (line) => console.log(JSON.stringify(line)),
};
