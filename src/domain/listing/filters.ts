// The search results filter of SPEC.md sections 5 and 9: budget and weight ranges, multi-select,
// inclusive, any-of; none chosen means no filter; the user's own listings are hidden. A range is
// named by its id: the client shows it in the user's language ("Under ₹1,000").

export interface Range {
  id: string;
  min: number;
  max: number;
}

export const BUDGET_RANGES = [
  { id: 'under-1000', min: 0, max: 999 },
  { id: '1000-3000', min: 1000, max: 3000 },
  { id: '3000-5000', min: 3000, max: 5000 },
  { id: 'over-5000', min: 5001, max: 999_999 },
] as const satisfies readonly Range[];

export const WEIGHT_RANGES = [
  { id: 'under-1', min: 0, max: 1 },
  { id: '1-3', min: 1, max: 3 },
  { id: '3-10', min: 3, max: 10 },
  { id: 'over-10', min: 10, max: 999 },
] as const satisfies readonly Range[];

export type BudgetRangeId = (typeof BUDGET_RANGES)[number]['id'];
export type WeightRangeId = (typeof WEIGHT_RANGES)[number]['id'];

export function inRange(value: number, range: Pick<Range, 'min' | 'max'>): boolean {
  return value >= range.min && value <= range.max;
}

/** True when no range is chosen, or `value` falls in any chosen one. */
export function matchesAny(value: number, ranges: readonly Range[], chosen: readonly string[]): boolean {
  if (chosen.length === 0) return true;
  return ranges.some((r) => chosen.includes(r.id) && inRange(value, r));
}

export interface FilterableListing {
  email: string;
  cost: number;
  available: number;
}

export interface ListingFilter {
  budgets: readonly string[];
  weights: readonly string[];
  ownEmail: string | null | undefined;
}

export function filterListings<T extends FilterableListing>(
  listings: readonly T[],
  filter: ListingFilter,
): T[] {
  const own = filter.ownEmail?.toLowerCase();
  return listings.filter(
    (l) =>
      l.email.toLowerCase() !== own &&
      matchesAny(l.cost, BUDGET_RANGES, filter.budgets) &&
      matchesAny(l.available, WEIGHT_RANGES, filter.weights),
  );
}
