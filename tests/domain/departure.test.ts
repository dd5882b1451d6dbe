import { describe, expect, it } from 'vitest';
import {
  departureInstant,
  isDepartureInFuture,
  todayIn,
  zoneOffsetMinutes,
} from '@/domain/listing/departure';

describe('departureInstant', () => {
  it('reads the wall clock in the airport zone', () => {
    expect(departureInstant('2026-11-21', '17:30', 'Asia/Kolkata')).toBe(Date.UTC(2026, 10, 21, 12, 0));
    expect(departureInstant('2026-11-21', '16:00', 'Asia/Dubai')).toBe(Date.UTC(2026, 10, 21, 12, 0));
  });

  it('handles a zone with daylight saving time on both sides of the change', () => {
    expect(departureInstant('2026-07-01', '10:00', 'Europe/London')).toBe(Date.UTC(2026, 6, 1, 9, 0));
    expect(departureInstant('2026-12-01', '10:00', 'Europe/London')).toBe(Date.UTC(2026, 11, 1, 10, 0));
  });

  it('falls back to the runtime zone for an unknown zone', () => {
    expect(departureInstant('2026-11-21', '10:00', 'Not/AZone')).toBe(
      new Date(2026, 10, 21, 10, 0).getTime(),
    );
  });
});

describe('isDepartureInFuture', () => {
  const now = Date.UTC(2026, 10, 21, 12, 0);

  it('is false for the very minute of now and true a minute later', () => {
    expect(isDepartureInFuture('2026-11-21', '17:30', now, 'Asia/Kolkata')).toBe(false);
    expect(isDepartureInFuture('2026-11-21', '17:31', now, 'Asia/Kolkata')).toBe(true);
  });

  it('leaves malformed input to the format rules', () => {
    expect(isDepartureInFuture('', '10:00', now)).toBe(true);
  });
});

describe('zoneOffsetMinutes and todayIn', () => {
  it('knows India is 5:30 ahead of UTC', () => {
    expect(zoneOffsetMinutes(Date.UTC(2026, 0, 1), 'Asia/Kolkata')).toBe(330);
  });

  it('changes exactly at a transition, minute by minute, however often it is asked (offsets are cached)', () => {
    // London leaves GMT at 01:00 UTC on 29 March 2026; Lord Howe moves half an hour at 15:30 UTC
    // on 3 October 2026. Each minute around them twice: the second answer comes from the cache.
    const around = (at: number) => Array.from({ length: 121 }, (_, i) => at + (i - 60) * 60_000);
    for (let pass = 0; pass < 2; pass++) {
      for (const t of around(Date.UTC(2026, 2, 29, 1, 0)))
        expect(zoneOffsetMinutes(t, 'Europe/London')).toBe(t < Date.UTC(2026, 2, 29, 1, 0) ? 0 : 60);
      for (const t of around(Date.UTC(2026, 9, 3, 15, 30)))
        expect(zoneOffsetMinutes(t, 'Australia/Lord_Howe')).toBe(
          t < Date.UTC(2026, 9, 3, 15, 30) ? 630 : 660,
        );
    }
  });

  it('gives the calendar date in a zone', () => {
    const lateUtc = Date.UTC(2026, 10, 21, 20, 0);
    expect(todayIn(lateUtc, 'Asia/Kolkata')).toBe('2026-11-22');
    expect(todayIn(lateUtc, 'UTC')).toBe('2026-11-21');
  });
});
