// One run of a piece of work at a time, and none lost: a call while a run is in flight is owed a
// run that starts after it (that run may have begun before what the caller wants it to see), and
// every call meanwhile shares that one waiting run. The device's pulls (src/data/engine/pull.ts) and the
// server's notifier drains (src/server/notify/notifier.ts) run this way.

export interface OneAtATime<T> {
  /** A run that starts after this call: now, or the one waiting behind the run in flight. */
  run(): Promise<T>;
  /** Any run from now on will do: the one waiting, else the one in flight, else a new one. */
  join(): Promise<T>;
  /** The last run started or waiting, if any (to wait for before shutting down); starts none. */
  pending(): Promise<T> | null;
}

export function oneAtATime<T>(work: () => Promise<T>): OneAtATime<T> {
  let running: Promise<T> | null = null;
  let waiting: Promise<T> | null = null;
  const start = (): Promise<T> => {
    const run: Promise<T> = work().finally(() => {
      if (running === run) running = null;
    });
    running = run;
    return run;
  };
  return {
    run() {
      if (!running) return start();
      waiting ??= running
        .catch(() => undefined)
        .then(() => {
          waiting = null;
          return start();
        });
      return waiting;
    },
    join() {
      return waiting ?? running ?? start();
    },
    pending() {
      return waiting ?? running;
    },
  };
}
