// A long push gives way to ordinary requests before each of its parts (issue 27, point 1): the
// app counts the ordinary requests in progress (src/server/http/in-flight.ts) and a push waits for
// them to end and then for a short pause, within a bound. Pushes, poke streams and files are not
// counted, or a push would wait on them each time.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { InFlight } from '@/server/http/in-flight';
import { until } from '../support/until';

/** An app whose every route holds its answer until `release()`. */
function heldApp() {
  const inFlight = new InFlight();
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const app = new Hono();
  app.use(inFlight.middleware());
  app.all('*', async (c) => {
    await held;
    return c.text('ok');
  });
  return { app, inFlight, release };
}

/** Whether `p` has settled by the time the event loop has turned once. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(() => {
    done = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('requests in progress', () => {
  it('are waited for until they end', async () => {
    const { app, inFlight, release } = heldApp();
    expect(await settled(inFlight.quiet(60_000))).toBe(true);
    const answers = [app.request('/api/orders'), app.request('/api/auth')];
    await until(() => inFlight.active === 2);
    const quiet = inFlight.quiet(60_000);
    expect(await settled(quiet)).toBe(false);
    release();
    await Promise.all(answers);
    expect(await settled(quiet)).toBe(true);
    expect(inFlight.active).toBe(0);
  });

  it('are waited for, and then a pause with none in progress when asked', async () => {
    const { app, inFlight, release } = heldApp();
    const answer = app.request('/api/orders');
    await until(() => inFlight.active === 1);
    const quiet = inFlight.quiet(60_000, 1500);
    release();
    await answer;
    // The request has ended, the pause has not: a request sent right after it would go first.
    expect(await settled(quiet)).toBe(false);
    const started = performance.now();
    await quiet;
    expect(performance.now() - started).toBeGreaterThan(500);
    expect(inFlight.busy(60_000)).toBe(true);
    expect(inFlight.busy(0)).toBe(false);
  });

  it('are waited for at most the time asked', async () => {
    const { app, inFlight, release } = heldApp();
    const answer = app.request('/api/orders');
    await until(() => inFlight.active === 1);
    await inFlight.quiet(1);
    expect(inFlight.active).toBe(1);
    release();
    await answer;
  });

  it('leave out pushes, poke streams and files', async () => {
    const { app, inFlight, release } = heldApp();
    const answers = [
      app.request('/api/sync/push', { method: 'POST' }),
      app.request('/api/sync/poke'),
      app.request('/api/files/uploads/a.png'),
    ];
    const counted = app.request('/api/health');
    await until(() => inFlight.active === 1);
    release();
    await Promise.all([...answers, counted]);
    expect(inFlight.active).toBe(0);
  });
});
