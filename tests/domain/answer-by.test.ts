import { describe, expect, it } from 'vitest';
import { answerBy, timeLeftText } from '@/domain/booking/answer-by';

const HOUR = 3_600_000;

describe('answerBy', () => {
  const made = Date.UTC(2026, 10, 27, 6, 0) / 1000;
  const order = (departure: string, time: string) => ({
    createdAt: { _seconds: made },
    flightDetails: { from: 'DEL', to: 'BOM', departure, time, flightNo: 'AI1', airline: 'AI' },
  });

  it('is 24 hours after the request for a flight far away', () => {
    expect(answerBy(order('2026-12-10', '09:30'), 'Asia/Kolkata')).toBe(made * 1000 + 24 * HOUR);
  });

  it("is 2 hours before departure, in the origin's zone, when that comes first", () => {
    // 27 Nov 18:00 in Kolkata is 12:30 UTC: 2 hours before is 10:30 UTC.
    expect(answerBy(order('2026-11-27', '18:00'), 'Asia/Kolkata')).toBe(Date.UTC(2026, 10, 27, 10, 30));
  });
});

describe('timeLeftText', () => {
  it.each([
    [25 * HOUR, 'Expires in 25 h'],
    [23 * HOUR + 5 * 60_000 + 59_000, 'Expires in 23 h 5 min'],
    [40 * 60_000, 'Expires in 40 min'],
    [59_999, 'Expires in less than a minute'],
    [0, 'Expiring now'],
    [-5000, 'Expiring now'],
  ])('%i ms -> %s', (ms, text) => {
    expect(timeLeftText(ms)).toBe(text);
  });
});
