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
/** Sessions noted at most; past it the expired notes go (a note lasts a minute at most). */
const NOTES_MAX = 10_000;

export class PushGate {
  /** Session token -> the clock's ms when its account's budget has room again. */
  private spentUntil = new Map<string, number>();
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
    if (!token) return;
    const now = this.clock.now();
    if (this.spentUntil.size >= NOTES_MAX) {
      for (const [t, u] of this.spentUntil) if (u <= now) this.spentUntil.delete(t);
      if (this.spentUntil.size >= NOTES_MAX) this.spentUntil.clear();
    }
    this.spentUntil.set(token, untilMs);
  }

  /** Milliseconds until the session's account has room again, 0 when not known to be spent. */
  private spentMs(token: string): number {
    const until = this.spentUntil.get(token);
    if (until === undefined) return 0;
    const left = until - this.clock.now();
    if (left <= 0) this.spentUntil.delete(token);
    return Math.max(0, left);
  }

  middleware(): MiddlewareHandler<AppEnv> {
    return async (c, next) => {
      const token = tokenOf(c);
      if (!token) return next();
      const waitMs = this.spentMs(token);
      const busy = waitMs === 0 && (this.pushing.get(token) ?? 0) >= this.laneMax;
      if (waitMs > 0 || busy) {
        const holding = this.held.get(token) ?? 0;
        if (holding < HELD_MAX) {
          this.held.set(token, holding + 1);
          try {
            await new Promise((resolve) => setTimeout(resolve, this.holdMs));
          } finally {
            const left = (this.held.get(token) ?? 1) - 1;
            if (left > 0) this.held.set(token, left);
            else this.held.delete(token);
          }
        }
        if (busy) return errorResponse(c, refusal('sync/busy', { retryAfterS: 1 }));
        const leftMs = Math.max(waitMs - (holding < HELD_MAX ? this.holdMs : 0), 1000);
        return errorResponse(c, refusal('sync/rate-limited', { retryAfterS: Math.ceil(leftMs / 1000) }));
      }
      this.pushing.set(token, (this.pushing.get(token) ?? 0) + 1);
      try {
        await next();
      } finally {
        const left = (this.pushing.get(token) ?? 1) - 1;
        if (left > 0) this.pushing.set(token, left);
        else this.pushing.delete(token);
      }
    };
  }
}
