// The results filter's figures (bench/filter.ts): filterListings over 10,000 results in Node.
import { num, stamp } from './format.mjs';

export function blocks(r) {
  return {
    filter: [
      stamp(r),
      '',
      '| filter | iterations | kept | median | p99 |',
      '|---|---:|---:|---:|---:|',
      ...r.cases.map(
        (c) =>
          `| ${c.name} | ${c.iterations} | ${c.kept} | ${num(c.medianMs, 3)} ms | ${num(c.p99Ms, 3)} ms |`,
      ),
    ].join('\n'),
  };
}

export function summary(r) {
  const hardest = r.cases.at(-1);
  return [
    {
      measure: `Filter ${r.results.toLocaleString('en-US')} results, ${hardest?.name}, median`,
      goal: '',
      now: `${num(hardest?.medianMs, 3)} ms`,
      met: '',
      anchor: 'results-filter',
    },
  ];
}
