// The first look at POST /api/sync/push, before the session is looked up (wired ahead of the
// session middleware, app.ts; the routes are in routes/sync): what this process already knows refuses a push from memory, so a
// session that pushes as fast as it can, ignoring every Retry-After, costs the server neither a
// database query nor its body's parse per push.
//   - Its account's budget this minute was found spent (pushBudgetGate and push note the session
//     with the moment it has room again): 429 sync/rate-limited with the time left.
//   - It already has a push running and as many waiting as an account may (onePushPerAccount
//     would answer the next 503 sync/busy after the look-up): 503 sync/busy.
// Such an answer is held for a moment (config.syncRefusalHoldMs, 500 ms) before it goes (its Retry-After counted from then), while
// the session has fewer than HELD_MAX held: a client that sends again the moment it is answered
// then sends a handful of pushes a second, not hundreds, each 80 KB or more the server must read
// off the socket. An honest device waits out Retry-After and rarely meets a refusal; when it does,
// it waits that much longer. Past HELD_MAX (many parallel connections) refusals go at once.
// A session ended meanwhile may get 429 instead of 401 until its noted minute ends: it learns
// nothing, and is answered 401 on its next push after that.
import type { MiddlewareHandler } from 'hono';
import type { Clock } from '../config';
import type { AppEnv } from '../http/app-env';
import { errorResponse, refusal } from '../http/errors';
import { tokenOf } from './guard';

/** Refusals held at once per session; past this many they are answered at once. */
const HELD_MAX = 4;
/** Notes kept at most; past it the expired ones go (a note lasts a minute at most). */
const SPENT_NOTES_MAX = 10_000;

/**
 * Budgets this process found spent (keyed by budget, or by the session whose account it is), until
 * their window ends: a push past one is refused without asking the database. A counter only grows
 * within its window (but for a grant given back within one spend), so what was found full stays
 * full until then, in every process.
 */
export class SpentBudgets {
  private until = new Map<string, number>();

  note(key: string, untilMs: number, nowMs: number): void {
    if (this.until.size >= SPENT_NOTES_MAX) {
      for (const [k, u] of this.until) if (u <= nowMs) this.until.delete(k);
      // Still full: forgetting costs only a read of the counter again.
      if (this.until.size >= SPENT_NOTES_MAX) this.until.clear();
    }
    this.until.set(key, untilMs);
  }

  /** Milliseconds until `key` has room again, 0 when it is not known to be spent. */
  waitMs(key: string, nowMs: number): number {
    const until = this.until.get(key);
    if (until === undefined) return 0;
    if (until <= nowMs) {
      this.until.delete(key);
      return 0;
    }
    return until - nowMs;
  }
}

/** Adds `delta` to `key`'s count in `counts`; a count of 0 leaves the map. */
function count(counts: Map<string, number>, key: string, delta: number): void {
  const n = (counts.get(key) ?? 0) + delta;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
}

export class PushGate {
  /** Session tokens whose account's budget is spent, until it has room again. */
  private spent = new SpentBudgets();
  /** Session token -> its pushes past this gate and not yet answered. */
  private pushing = new Map<string, number>();
  /** Session token -> its refusals being held. */
  private held = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    /** How long a refusal is held (config.syncRefusalHoldMs). */
    private readonly holdMs: number,
    /** Pushes one session may have running and waiting (onePushPerAccount's lane). */
    private readonly laneMax: number,
  ) {}

  /** The session's account has no budget left until `untilMs` (the clock's ms). */
  noteSpent(token: string | undefined, untilMs: number): void {
    if (token) this.spent.note(token, untilMs, this.clock.now());
  }

  middleware(): MiddlewareHandler<AppEnv> {
    return async (c, next) => {
      const token = tokenOf(c);
      if (!token) return next();
      const waitMs = this.spent.waitMs(token, this.clock.now());
      const busy = waitMs === 0 && (this.pushing.get(token) ?? 0) >= this.laneMax;
      if (waitMs > 0 || busy) {
        const holding = this.held.get(token) ?? 0;
        if (holding < HELD_MAX) {
          count(this.held, token, 1);
          try {
            await new Promise((resolve) => setTimeout(resolve, this.holdMs));
          } finally {
            count(this.held, token, -1);
          }
        }
        if (busy) return errorResponse(c, refusal('sync/busy', { retryAfterS: 1 }));
        const leftMs = Math.max(waitMs - (holding < HELD_MAX ? this.holdMs : 0), 1000);
        return errorResponse(c, refusal('sync/rate-limited', { retryAfterS: Math.ceil(leftMs / 1000) }));
      }
      count(this.pushing, token, 1);
      try {
        await next();
      } finally {
        count(this.pushing, token, -1);
      }
    };
  }
}
