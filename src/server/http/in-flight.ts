// The ordinary requests in progress in this process, so that long work can give way to them. A
// sync push is applied in parts, each its own transaction (routes/sync/sync.push.handlers.ts); on
// PGlite every query waits for the single connection in turn, so a request arriving during a
// push would wait behind one part for each of its queries. Between two parts the push waits until
// no ordinary request is in progress (`quiet`), at most as long as its last part took: with nobody
// else about it goes on at once (a device's drain at full speed), and with others about it holds
// the connection half the time at most, while their requests run from start to end between its
// parts. Requests that may take long on purpose are not counted, or the push would wait for them
// every time: the pushes themselves, poke streams, files (their bodies move for seconds).
import type { MiddlewareHandler } from 'hono';

/** Paths that are not counted (see above). */
const LONG = /^\/api\/(?:sync\/(?:push|poke)|files\/)/;

export class InFlight {
  private count = 0;
  private waiters: (() => void)[] = [];

  /** Counts each ordinary request from when its handling begins to when its answer is made. */
  middleware(): MiddlewareHandler {
    return async (c, next) => {
      if (LONG.test(c.req.path)) return next();
      this.count += 1;
      try {
        await next();
      } finally {
        this.count -= 1;
        if (this.count === 0) for (const wake of this.waiters.splice(0)) wake();
      }
    };
  }

  /** Ordinary requests in progress now. */
  get active(): number {
    return this.count;
  }

  /** Resolves once no ordinary request is in progress, or after `maxMs`, whichever is first. */
  quiet(maxMs: number): Promise<void> {
    if (this.count === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, maxMs);
      const waiters = this.waiters;
      function done() {
        clearTimeout(timer);
        const i = waiters.indexOf(done);
        if (i >= 0) waiters.splice(i, 1);
        resolve();
      }
      waiters.push(done);
    });
  }
}
