// A minimal Web Locks stand-in (exclusive, FIFO) for runtimes without navigator.locks.
//
//   fakeLocks() : { request(name, cb) }   install with vi.stubGlobal('navigator', { locks })
export function fakeLocks() {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, cb: () => Promise<T>): Promise<T> {
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.then(cb, cb);
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}
