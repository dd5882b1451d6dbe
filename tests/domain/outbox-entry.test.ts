import { describe, expect, it } from 'vitest';
import { backoffMs } from '@/domain/outbox/entry';

describe('backoffMs', () => {
  it('doubles with each attempt, between half and all of the base', () => {
    expect(backoffMs(1, 0)).toBe(500);
    expect(backoffMs(1, 1)).toBe(1000);
    expect(backoffMs(4, 1)).toBe(8000);
    expect(backoffMs(4, 0)).toBe(4000);
  });

  it('is capped at five minutes however many attempts failed', () => {
    expect(backoffMs(30, 1)).toBe(300_000);
    expect(backoffMs(1000, 0.5)).toBeLessThanOrEqual(300_000);
  });
});
