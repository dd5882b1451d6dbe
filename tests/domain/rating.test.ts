// Rating rules: stars 1 to 5, comment length, the "New" threshold, the 48-hour edit window.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { canEditRating, formatRating, ratingRequestSchema, summarize } from '@/domain/rating/schema';

describe('formatRating', () => {
  it.each([
    [undefined, 'New'],
    [{ average: 5, count: 2, people: 2 }, 'New'],
    [{ average: 4.8, count: 23, people: 20 }, '4.8 · 23 ratings from 20 people'],
    [{ average: 4, count: 3, people: 3 }, '4.0 · 3 ratings from 3 people'],
    // Ten bookings between the same two people: one person, so still "New".
    [{ average: 5, count: 10, people: 1 }, 'New'],
    [{ average: 5, count: 10, people: 2 }, 'New'],
  ])('%j -> %s', (summary, text) => {
    expect(formatRating(summary)).toBe(text);
  });
});

describe('summarize', () => {
  it('averages over the people (each one’s latest rating), to one decimal, and handles none', () => {
    expect(summarize(14, 3, 3)).toEqual({ average: 4.7, count: 3, people: 3 });
    expect(summarize(9, 12, 2)).toEqual({ average: 4.5, count: 12, people: 2 });
    expect(summarize(0, 0, 0)).toEqual({ average: 0, count: 0, people: 0 });
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

  // The number rule every other field follows: a JSON number or a plain decimal string.
  it.each(['0x5', '5e0', ' 4 ', '4.', '+4', true, [4]])('refuses %j stars like any other number', (stars) => {
    expect(v.safeParse(ratingRequestSchema, { bookingId: 'b', stars }).success).toBe(false);
  });

  // The shared text rules: no control characters, no bidi overrides; invisible-only is empty.
  it.each(['nice\u202Eevil', 'bell\u0007', 'iso\u2066late'])('refuses the comment %j', (comment) => {
    const r = v.safeParse(ratingRequestSchema, { bookingId: 'b', stars: 5, comment });
    expect(r.success).toBe(false);
  });

  it('keeps line breaks in a comment and reads an invisible-only one as no comment', () => {
    const lines = v.parse(ratingRequestSchema, { bookingId: 'b', stars: 5, comment: 'on time\nthanks' });
    expect(lines.comment).toBe('on time\nthanks');
    const blank = v.parse(ratingRequestSchema, { bookingId: 'b', stars: 5, comment: '\u200B\u200B' });
    expect(blank.comment).toBe('');
  });
});

describe('canEditRating', () => {
  it('allows a first rating and edits until the window closes', () => {
    expect(canEditRating(null, 10)).toBe(true);
    expect(canEditRating({ stars: 3, comment: '', editableUntil: 100 }, 99)).toBe(true);
    expect(canEditRating({ stars: 3, comment: '', editableUntil: 100 }, 100)).toBe(false);
  });
});
