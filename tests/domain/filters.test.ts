import { describe, expect, it } from 'vitest';
import { BUDGET_RANGES, filterListings, matchesAny, WEIGHT_RANGES } from '@/domain/listing/filters';

const listing = (cost: number, available: number, email = 'carrier@x.in') => ({ cost, available, email });

describe('matchesAny (budget)', () => {
  it.each([
    [0, 'under-1000', true],
    [999, 'under-1000', true],
    [1000, 'under-1000', false],
    [1000, '1000-3000', true],
    [3000, '1000-3000', true],
    [3000, '3000-5000', true],
    [5000, '3000-5000', true],
    [5001, '3000-5000', false],
    [5001, 'over-5000', true],
    [999_999, 'over-5000', true],
  ])('cost %d in %s: %s', (cost, id, expected) => {
    expect(matchesAny(cost, BUDGET_RANGES, [id])).toBe(expected);
  });
});

describe('matchesAny (weight)', () => {
  it.each([
    [0, 'under-1', true],
    [1, 'under-1', true],
    [1, '1-3', true],
    [3, '1-3', true],
    [3, '3-10', true],
    [10, '3-10', true],
    [10, 'over-10', true],
    [11, '3-10', false],
    [999, 'over-10', true],
  ])('%d KG in %s: %s', (kg, id, expected) => {
    expect(matchesAny(kg, WEIGHT_RANGES, [id])).toBe(expected);
  });

  it('matches everything when no range is chosen', () => {
    expect(matchesAny(12345, WEIGHT_RANGES, [])).toBe(true);
  });
});

describe('filterListings', () => {
  const all = [listing(500, 2), listing(2000, 5), listing(6000, 20), listing(100, 1, 'me@x.in')];

  it('hides the user own listings, whatever the case of the email', () => {
    expect(filterListings(all, { budgets: [], weights: [], ownEmail: 'ME@x.in' })).toHaveLength(3);
  });

  it('keeps a listing in any chosen budget range', () => {
    const out = filterListings(all, { budgets: ['under-1000', 'over-5000'], weights: [], ownEmail: null });
    expect(out.map((l) => l.cost)).toEqual([500, 6000, 100]);
  });

  it('needs both the budget and the weight filter to match', () => {
    const out = filterListings(all, {
      budgets: ['1000-3000', 'under-1000'],
      weights: ['3-10'],
      ownEmail: 'me@x.in',
    });
    expect(out.map((l) => l.cost)).toEqual([2000]);
  });

  it('returns nothing when no listing is in the chosen range', () => {
    expect(filterListings(all, { budgets: ['3000-5000'], weights: [], ownEmail: null })).toEqual([]);
  });
});
