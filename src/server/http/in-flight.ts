// The ordinary requests in progress in this process, so that long work can give way to them. A
// sync push is applied in parts, each its own transaction (routes/sync/sync.push.handlers.ts); on
// PGlite every query waits for the single connection in turn, so a request arriving during a
// push would wait behind one part for each of its queries. Before each part the push waits until
// no ordinary request has been in progress for a moment (`quiet`), so that one sent right after
// another (a reader going through screens, the next of a page's requests) starts before the
// part does; it waits that long at most, and then runs one short part. With nobody else about it
// goes on at once in one long part (a device's drain at full speed), looking now and then whether
// a request or another push has come (othersAbout), and ends its part there. Requests that may
// take long on purpose are not counted, or the push would wait for them every time: the pushes
// themselves, poke streams, files (their bodies move for seconds).
import type { MiddlewareHandler } from 'hono';

/** Paths that are not counted (see above). */
const LONG = /^\/api\/(?:sync\/(?:push|poke)|files\/)/;

export class InFlight {
  private count = 0;
  /** performance.now() when the last ordinary request ended. */
  private lastEnded = Number.NEGATIVE_INFINITY;
  private waiters: (() => void)[] = [];
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private idleFor = 0;

  /** Counts each ordinary request from when its handling begins to when its answer is made. */
  middleware(): MiddlewareHandler {
    return async (c, next) => {
      if (LONG.test(c.req.path)) return next();
      this.count += 1;
      if (this.idleTimer) clearTimeout(this.idleTimer);
      this.idleTimer = null;
      try {
        await next();
      } finally {
        this.count -= 1;
        this.lastEnded = performance.now();
        if (this.count === 0) this.wakeWhenIdle();
      }
    };
  }

  /** Sync pushes applying mutations now (pushBegins). */
  private pushes = 0;

  /** Counts a push applying its mutations, until the function it answers is called. */
  pushBegins(): () => void {
    this.pushes += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.pushes -= 1;
    };
  }

  /**
   * For a push counted by pushBegins: whether someone else is about now, an ordinary request in
   * progress or another push, so that its part ends and gives way (routes/sync).
   */
  othersAbout(): boolean {
    return this.count > 0 || this.pushes > 1;
  }

  /** Ordinary requests in progress now. */
  get active(): number {
    return this.count;
  }

  /** Whether an ordinary request is in progress or ended within the last `withinMs`. */
  busy(withinMs: number): boolean {
    return this.count > 0 || performance.now() - this.lastEnded < withinMs;
  }

  private wakeWhenIdle() {
    if (this.waiters.length === 0 || this.idleTimer) return;
    const left = this.idleFor - (performance.now() - this.lastEnded);
    if (left <= 0) {
      for (const wake of this.waiters.splice(0)) wake();
      return;
    }
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.count === 0) this.wakeWhenIdle();
    }, Math.ceil(left));
  }

  /**
   * Resolves once no ordinary request has been in progress for `idleMs` (0: once none is), or
   * after `maxMs`, whichever is first.
   */
  quiet(maxMs: number, idleMs = 0): Promise<void> {
    if (this.count === 0 && performance.now() - this.lastEnded >= idleMs) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, maxMs);
      const waiters = this.waiters;
      function done() {
        clearTimeout(timer);
        const i = waiters.indexOf(done);
        if (i >= 0) waiters.splice(i, 1);
        resolve();
      }
      // Waiters share one idle period: the longest asked.
      this.idleFor = Math.max(idleMs, this.waiters.length ? this.idleFor : 0);
      waiters.push(done);
      if (this.count === 0) this.wakeWhenIdle();
    });
  }
}
