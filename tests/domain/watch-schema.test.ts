// The watch schemas both sides validate with, and the date window a watch covers.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MUTATION_ARGS } from '@/domain/sync/mutations';
import {
  describeWatch,
  isWatchCurrent,
  shiftDate,
  unwatchArgsSchema,
  WATCH_DAYS_MAX,
  watchArgsSchema,
  watchCovers,
  watchWindow,
} from '@/domain/watch/schema';

const ok = {
  id: '0b6f0c1e-1111-4a2b-9c3d-000000000001',
  from: 'DEL',
  to: 'BOM',
  departure: '2099-05-01',
  days: 2,
};
const issuePaths = (input: unknown) => {
  const r = v.safeParse(watchArgsSchema, input);
  return r.success ? [] : r.issues.map((i) => i.path?.map((p) => p.key).join('.') ?? '');
};

describe('watch arguments', () => {
  it('are the registry schemas of watch and unwatch', () => {
    expect(MUTATION_ARGS.watch).toBe(watchArgsSchema);
    expect(MUTATION_ARGS.unwatch).toBe(unwatchArgsSchema);
  });

  it('take a route, a real date and 0 to 3 days around it', () => {
    expect(v.parse(watchArgsSchema, ok)).toEqual(ok);
    for (const days of [0, 1, WATCH_DAYS_MAX]) expect(issuePaths({ ...ok, days })).toEqual([]);
    expect(issuePaths({ ...ok, days: WATCH_DAYS_MAX + 1 })).toEqual(['days']);
    expect(issuePaths({ ...ok, days: -1 })).toEqual(['days']);
    expect(issuePaths({ ...ok, days: 1.5 })).toEqual(['days']);
    expect(issuePaths({ ...ok, departure: '2099-02-30' })).toEqual(['departure']);
    expect(issuePaths({ ...ok, from: 'delhi' })).toEqual(['from']);
    expect(issuePaths({ ...ok, to: 'DEL' })).toEqual(['to']);
    expect(issuePaths({ ...ok, id: 'no' })).toEqual(['id']);
  });

  it('unwatch names a watch id only', () => {
    expect(v.safeParse(unwatchArgsSchema, { id: ok.id }).success).toBe(true);
    expect(v.safeParse(unwatchArgsSchema, { id: '../../x' }).success).toBe(false);
  });
});

describe('the window a watch covers', () => {
  it('runs from the date less the days to the date plus the days, across months and years', () => {
    expect(watchWindow({ departure: '2099-03-01', days: 2 })).toEqual({
      first: '2099-02-27',
      last: '2099-03-03',
    });
    expect(shiftDate('2099-12-31', 1)).toBe('2100-01-01');
    expect(watchCovers(ok, { from: 'DEL', to: 'BOM', departure: '2099-05-03' })).toBe(true);
    expect(watchCovers(ok, { from: 'DEL', to: 'BOM', departure: '2099-05-04' })).toBe(false);
    expect(watchCovers(ok, { from: 'BOM', to: 'DEL', departure: '2099-05-01' })).toBe(false);
  });

  it('stays current until a day after its last day', () => {
    expect(isWatchCurrent(ok, '2099-05-04')).toBe(true);
    expect(isWatchCurrent(ok, '2099-05-05')).toBe(false);
  });

  it('reads as route, date and days', () => {
    expect(describeWatch(ok)).toBe('DEL → BOM, 1 May 2099 ± 2 days');
    expect(describeWatch({ ...ok, days: 0 })).toBe('DEL → BOM, 1 May 2099');
  });
});

describe('formatAsOf', () => {
  it("names the time in the device's zone, and the day when it is not today", async () => {
    const { formatAsOf } = await import('@/domain/format');
    const at = Date.UTC(2099, 4, 1, 8, 35);
    // One time format everywhere: the locale's (en-IN: 12-hour with am/pm).
    expect(formatAsOf(at, at + 60_000, 'Asia/Kolkata')).toBe('as of 2:05 pm');
    expect(formatAsOf(at, at + 86_400_000, 'Asia/Kolkata')).toBe('as of 1 May, 2:05 pm');
    expect(formatAsOf(at, at, 'UTC')).toBe('as of 8:35 am');
    expect(formatAsOf(at, at, 'UTC', 'en-GB')).toBe('as of 8:35');
  });
});
