// Waits for a condition, with a deadline: the explicit signal a test waits on instead of sleeping
// a fixed time. It polls on the real clock, so it also works while a test fakes timers.
//
//   await until(() => gate.held.length === 1)
//   await until(async () => (await db.outbox.count()) === 0, { what: 'the outbox empties' })
//   const mail = await eventually(() => inbox.find(...), { what: 'the reset mail' })   a value, not undefined
const realSetTimeout = globalThis.setTimeout;
const realNow = Date.now.bind(Date);

export interface UntilOptions {
  /** How long the condition may take (default 10 s). */
  timeoutMs?: number;
  /** What the condition means, for the error when it is not met in time. */
  what?: string;
  /** How often to check (default 10 ms). */
  everyMs?: number;
}

export async function until(
  check: () => boolean | Promise<boolean>,
  options: UntilOptions = {},
): Promise<void> {
  await eventually(async () => ((await check()) ? true : undefined), options);
}

/** Like until, for a read that gives undefined until the value is there; returns the value. */
export async function eventually<T>(
  read: () => T | undefined | Promise<T | undefined>,
  { timeoutMs = 10_000, what = 'condition', everyMs = 10 }: UntilOptions = {},
): Promise<T> {
  const deadline = realNow() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (realNow() > deadline) throw new Error(`${what}: not met within ${timeoutMs} ms`);
    await new Promise((r) => realSetTimeout(r, everyMs));
  }
}
