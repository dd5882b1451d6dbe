// Rating rules: stars 1 to 5, comment length, the "New" threshold, the 48-hour edit window.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { canEditRating, formatRating, ratingRequestSchema, summarize } from '@/domain/rating/schema';

describe('formatRating', () => {
  it.each([
    [undefined, 'New'],
    [{ average: 5, count: 2 }, 'New'],
    [{ average: 4.8, count: 23 }, '4.8 · 23 ratings'],
    [{ average: 4, count: 3 }, '4.0 · 3 ratings'],
  ])('%j -> %s', (summary, text) => {
    expect(formatRating(summary)).toBe(text);
  });
});

describe('summarize', () => {
  it('rounds the average to one decimal and handles no ratings', () => {
    expect(summarize(14, 3)).toEqual({ average: 4.7, count: 3 });
    expect(summarize(0, 0)).toEqual({ average: 0, count: 0 });
  });
});

describe('ratingRequestSchema', () => {
  it('takes stars as a number or a radio value and trims the comment', () => {
    expect(v.parse(ratingRequestSchema, { bookingId: 'b', stars: '4', comment: ' ok ' })).toEqual({
      bookingId: 'b',
      stars: 4,
      comment: 'ok',
    });
  });

  it.each([0, 6, 3.5, '', null])('refuses %j stars', (stars) => {
    const r = v.safeParse(ratingRequestSchema, { bookingId: 'b', stars });
    expect(r.issues?.[0]?.message).toBe('Choose 1 to 5 stars');
  });
});

describe('canEditRating', () => {
  it('allows a first rating and edits until the window closes', () => {
    expect(canEditRating(null, 10)).toBe(true);
    expect(canEditRating({ stars: 3, comment: '', editableUntil: 100 }, 99)).toBe(true);
    expect(canEditRating({ stars: 3, comment: '', editableUntil: 100 }, 100)).toBe(false);
  });
});
