// oneAtATime: one run in flight, one waiting behind it however many calls come, none lost.
import { describe, expect, it } from 'vitest';
import { oneAtATime } from '@/domain/one-at-a-time';

/** Work whose runs end when the test says: each run's number, in the order they started. */
function heldWork() {
  const ends: Array<(ok: boolean) => void> = [];
  const work = () =>
    new Promise<number>((resolve, reject) => {
      const n = ends.length + 1;
      ends.push((ok) => (ok ? resolve(n) : reject(new Error(`run ${n} failed`))));
    });
  return { ends, work };
}

describe('oneAtATime', () => {
  it('runs at once when idle; calls during a run share one run that starts after it', async () => {
    const { ends, work } = heldWork();
    const runs = oneAtATime(work);
    const first = runs.run();
    const second = runs.run();
    const third = runs.run();
    expect(ends).toHaveLength(1);
    expect(second).toBe(third);
    ends[0]?.(true);
    await expect(first).resolves.toBe(1);
    await expect.poll(() => ends.length).toBe(2);
    ends[1]?.(true);
    await expect(second).resolves.toBe(2);
    expect(ends).toHaveLength(2);
  });

  it('starts the waiting run after a failed one, and lets the failure reach its own callers', async () => {
    const { ends, work } = heldWork();
    const runs = oneAtATime(work);
    const first = runs.run();
    const second = runs.run();
    ends[0]?.(false);
    await expect(first).rejects.toThrow('run 1 failed');
    await expect.poll(() => ends.length).toBe(2);
    ends[1]?.(true);
    await expect(second).resolves.toBe(2);
  });

  it('join takes the run in flight (or the one waiting) and starts none more', async () => {
    const { ends, work } = heldWork();
    const runs = oneAtATime(work);
    const first = runs.run();
    expect(runs.join()).toBe(first);
    const waiting = runs.run();
    expect(runs.join()).toBe(waiting);
    ends[0]?.(true);
    await expect.poll(() => ends.length).toBe(2);
    ends[1]?.(true);
    await waiting;
    const fresh = runs.join();
    expect(ends).toHaveLength(3);
    ends[2]?.(true);
    await expect(fresh).resolves.toBe(3);
  });
});
