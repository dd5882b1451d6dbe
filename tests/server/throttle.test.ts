// The throttle counters on their own: one upsert counts and checks, parallel callers cannot all
// pass, and slots of attempts that never ended (a killed process) do not block for ever; the
// backoff counter slows instead of refusing, and lets parallel callers through one window at a time.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { claimBackoff, reserve } from '@/server/auth/throttle';
import { throttles } from '@/server/db/schema';
import { serverPerFile } from '../support/server-app';

const server = serverPerFile();
const MINUTE_MS = 60_000;
const limit = (key: string) => ({ key, max: 5, windowMs: 15 * MINUTE_MS, maxParallel: 2 });

describe('reserve', () => {
  it('lets at most maxParallel of 20 parallel attempts run, giving the refused ones back', async () => {
    const now = Date.now();
    const slots = await Promise.all(
      Array.from({ length: 20 }, () => reserve(server.db, [limit('t:parallel')], now)),
    );
    expect(slots.filter(Boolean)).toHaveLength(2);
    const [row] = await server.db.select().from(throttles).where(eq(throttles.key, 't:parallel'));
    expect(row).toMatchObject({ attempts: 2, inFlight: 2 });
  });

  it('frees the slots of attempts that never ended once the window has passed, even under steady use', async () => {
    let now = Date.now();
    // Two attempts whose process died: never ended.
    expect(await reserve(server.db, [limit('t:leak')], now)).not.toBeNull();
    expect(await reserve(server.db, [limit('t:leak')], now)).not.toBeNull();
    // Attempts keep coming every 30 s, so the counter never goes idle.
    for (let i = 0; i < 29; i += 1) {
      now += 30_000;
      expect(await reserve(server.db, [limit('t:leak')], now)).toBeNull();
    }
    now += 30_000;
    const slot = await reserve(server.db, [limit('t:leak')], now);
    expect(slot).not.toBeNull();
    await slot?.done('count');
  });
});

describe('claimBackoff', () => {
  const backoff = (key: string) => ({
    key,
    free: 2,
    baseMs: 1000,
    maxMs: 8000,
    quietMs: 15 * MINUTE_MS,
    maxParallel: 2,
  });

  it('lets at most maxParallel of 20 parallel attempts run', async () => {
    const now = Date.now();
    const claims = await Promise.all(
      Array.from({ length: 20 }, () => claimBackoff(server.db, backoff('b:parallel'), now)),
    );
    expect(claims.filter((c) => c.ok)).toHaveLength(2);
  });

  it('makes each failure past the free ones double the wait, up to the maximum, and forgets after a quiet spell', async () => {
    let now = Date.now();
    const waits: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const claim = await claimBackoff(server.db, backoff('b:wait'), now);
      if (!claim.ok) throw new Error('claim refused before its wait was over');
      await claim.done('fail');
      const refused = await claimBackoff(server.db, backoff('b:wait'), now);
      const wait = refused.ok ? 0 : refused.retryAfterMs;
      if (refused.ok) await refused.done('refund');
      waits.push(wait);
      now += wait;
    }
    expect(waits).toEqual([0, 1000, 2000, 4000, 8000, 8000, 8000]);
    now += 15 * MINUTE_MS;
    const fresh = await claimBackoff(server.db, backoff('b:wait'), now);
    if (!fresh.ok) throw new Error('not forgotten');
    await fresh.done('fail');
    expect((await claimBackoff(server.db, backoff('b:wait'), now)).ok).toBe(true);
  });
});
