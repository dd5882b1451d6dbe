// The search results filter (src/domain/listing/filters.ts) over 10,000 results: no filter,
// one budget range, one weight range, and two of each, many iterations each, bounded in time.
// Writes bench/results/filter.json.
import { writeFileSync } from 'node:fs';
import { filterListings } from '@/domain/listing/filters';
import { median, percentile } from './support/util.mjs';

const RESULTS = 10_000;
const ITERATIONS = 500;
const MAX_MS_PER_CASE = 15_000;
const OUT = process.argv[2] ?? 'bench/results/filter.json';

const listings = Array.from({ length: RESULTS }, (_, i) => ({
  id: `l${i}`,
  email: `carrier${i % 300}@example.com`,
  cost: (i * 37) % 7000,
  available: 1 + (i % 15),
}));

const cases = [
  { name: 'no filter (own listings only)', budgets: [], weights: [] },
  { name: 'one budget range', budgets: ['1000-3000'], weights: [] },
  { name: 'one weight range', budgets: [], weights: ['3-10'] },
  { name: 'two budgets + two weights', budgets: ['under-1000', 'over-5000'], weights: ['1-3', 'over-10'] },
];

const out = { results: RESULTS, cases: [] as unknown[] };
for (const c of cases) {
  const filter = { budgets: c.budgets, weights: c.weights, ownEmail: 'carrier7@example.com' };
  for (let i = 0; i < 50; i++) filterListings(listings, filter); // JIT warm-up
  const times: number[] = [];
  let kept = 0;
  const end = performance.now() + MAX_MS_PER_CASE;
  for (let i = 0; i < ITERATIONS && performance.now() < end; i++) {
    const t = performance.now();
    kept = filterListings(listings, filter).length;
    times.push(performance.now() - t);
  }
  out.cases.push({
    name: c.name,
    iterations: times.length,
    kept,
    medianMs: median(times),
    p99Ms: percentile(times, 99),
  });
}
writeFileSync(OUT, JSON.stringify(out, null, 2));
